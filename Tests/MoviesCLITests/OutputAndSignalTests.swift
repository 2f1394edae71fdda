import Basics
import Foundation
import TestSupport
import Testing

/// Output that cannot be written after a change was saved, and SIGQUIT (Ctrl-\), with real processes:
/// a closed standard output, /dev/full, a terminal and pipes.
@Suite("Lost output and SIGQUIT", .offPool)
struct OutputAndSignalTests {
    let movies = MoviesProcess()

    /// Runs `movies arguments` with its standard output redirected as `redirection` says (`>&-`,
    /// `>/dev/full`), through sh.
    func run(_ arguments: [String], stdout redirection: String) throws -> ProcessResult {
        try ProcessRunner.run(
            "/bin/sh", ["-c", "exec \"$0\" \"$@\" \(redirection)", MoviesProcess.binary] + arguments,
            environment: movies.environment)
    }

    @Test("a saved change whose report cannot be written says so, and exits 74 (closed stdout, /dev/full)")
    func changeSavedOutputLost() throws {
        for (title, redirection, reason) in [
            ("Heat", ">&-", "Bad file descriptor"), ("Alien", ">/dev/full", "No space left on device"),
        ] {
            let result = try run(["add", title], stdout: redirection)
            #expect(result.status == 74, "\(redirection): \(result)")
            #expect(
                result.stderr
                    == "Error: The change was saved, but its output could not be written: \(reason)\n",
                "\(redirection): \(result)")
            #expect(!result.crashed)
        }
        #expect(
            try DirectSQL.run(movies.databasePath, "SELECT title FROM movies ORDER BY id") == "Heat\nAlien")
        let rated = try run(["rate", "1", "good"], stdout: ">/dev/full")
        #expect(rated.status == 74, "\(rated)")
        #expect(try DirectSQL.run(movies.databasePath, "SELECT rating FROM movies WHERE id = 1") == "good")
    }

    @Test("output lost with nothing changed is a plain failure: a listing, a dry run")
    func nothingSavedOutputLost() throws {
        try movies.succeed("add", "Heat")
        let listed = try run(["list"], stdout: ">/dev/full")
        #expect(listed.status == 1, "\(listed)")
        #expect(listed.stderr == "Error: Cannot write the output: No space left on device\n")

        let other = MoviesProcess()
        try other.succeed("add", "Alien", "--year", "1979")
        let file = try movies.folder.write(try other.succeed("export"), to: "in.csv")
        let dryRun = try run(["import", file, "--dry-run"], stdout: ">/dev/full")
        #expect(dryRun.status == 1, "a dry run rolls back what it wrote: nothing was saved. \(dryRun)")
        #expect(dryRun.stderr.contains("Error: Cannot write the output"))
        #expect(try DirectSQL.run(movies.databasePath, "SELECT count(*) FROM movies") == "1")
    }

    @Test("SIGQUIT without a terminal ends the process, with no crash report")
    func quitWithoutTerminal() async throws {
        try movies.succeed("add", "Heat")
        let watcher = try BackgroundProcess(
            MoviesProcess.binary, ["list", "--watch"], environment: movies.environment)
        #expect(await watcher.waitForOutput("Heat"))
        watcher.send(SIGQUIT)
        let ended = await watcher.finished()
        #expect(ended.signal == SIGQUIT, "\(ended)")
        #expect(!ended.stderr.contains("crashed") && !ended.stderr.contains("Backtrac"), "\(ended.stderr)")
    }

    @Test("SIGQUIT at a terminal ends the shell with the terminal as it was, and no backtrace prompt")
    func quitAtTerminal() throws {
        try movies.succeed("add", "Heat")
        var environment = movies.environment
        environment["TERM"] = "xterm"
        for arguments in [["shell"], ["list", "--watch"]] {
            let program = try PseudoTerminalProcess(MoviesProcess.binary, arguments, environment: environment)
            let ready = arguments == ["shell"] ? "movies> " : "Heat"
            #expect(program.waitFor(ready), "\(arguments): \(program.output)")
            program.send(SIGQUIT)
            let status = program.waitForExit()
            #expect(status == SIGQUIT && program.wasKilledBySignal, "\(arguments): \(program.output)")
            #expect(!program.output.contains("crashed"), "\(arguments): \(program.output)")
            #expect(!program.output.contains("Backtrac"), "\(arguments): \(program.output)")
            #expect(program.isInCookedMode, "\(arguments) left the terminal in raw mode")
        }
    }
}
