import Foundation
import TestSupport
import Testing

@testable import MoviesCLI

/// The shell's history file is written only as a regular file of its own (issue 21, finding 10).
@Suite(
    "movies shell: its history file", .offPool,
    .enabled(
        if: Readline.load() != nil, "neither readline nor libedit is installed: the shell keeps no history"))
struct ShellHistoryTests {
    let movies = MoviesProcess()

    private func session(_ commands: [String]) throws -> String {
        let shell = try movies.startShellAtTerminal()
        for command in commands {
            shell.type(command + "\n")
            #expect(shell.waitFor("movies> ", after: command))
        }
        shell.type("quit\n")
        #expect(shell.waitForExit() == 0, "\(shell.output)")
        return shell.output
    }

    @Test("a symbolic link in the history's place is neither followed nor replaced; the shell says so")
    func linkedHistory() throws {
        let target = movies.folder.file("someone-elses.txt")
        try "their text\n".write(toFile: target, atomically: false, encoding: .utf8)
        #expect(chmod(target, 0o644) == 0)
        let history = movies.databasePath + "-history"
        try FileManager.default.createSymbolicLink(atPath: history, withDestinationPath: target)
        let output = try session(["list"])
        #expect(
            output.contains("Note: the shell's history is not kept: \(history) is a symbolic link."),
            "\(output)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "their text\n")
        #expect(permissions(of: target) == 0o644)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: history) == target)
    }

    @Test("a regular history is kept private and whole, and read back by the next session")
    func regularHistory() throws {
        _ = try session(["list", "stats"])
        let history = movies.databasePath + "-history"
        #expect(permissions(of: history) == 0o600)
        #expect(try String(contentsOfFile: history, encoding: .utf8).contains("stats"))
        _ = try session(["search x"])
        let saved = try String(contentsOfFile: history, encoding: .utf8)
        #expect(saved.contains("stats") && saved.contains("search x"), "\(saved)")
        let left = try FileManager.default.contentsOfDirectory(atPath: movies.folder.path)
        #expect(!left.contains { $0.hasSuffix(".tmp") }, "\(left)")
    }
}
