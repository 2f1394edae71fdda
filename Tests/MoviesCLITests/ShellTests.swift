import Basics
import Foundation
import TestSupport
import Testing

@Suite("movies shell")
struct ShellTests {
    let movies = MoviesProcess()

    @Test("piped input works as a script: no prompts, one output block per command")
    func pipedScript() throws {
        let result = try movies.run(["shell"], input: "add \"A\" --rating good\nlist\n")
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout == """
                Added #1  A  good
                  #  TITLE  YEAR  RATING
                  1  A            good

                """)
        #expect(result.stderr.isEmpty)
    }

    @Test("quoting follows the shell; filter and sort shape list")
    func quotingFilterSort() throws {
        let script = """
            add 'Blade Runner' --year 1982 --rating excellent
            add "It's \\"quoted\\"" --rating poor
            add Back\\ slash --rating good   # a comment
            sort title
            filter --rating good,excellent
            list --format tsv
            filter --clear
            sort rating --reverse
            list --format csv
            """
        let result = try movies.run(["shell"], input: script + "\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Added #2  It's \"quoted\"  poor"))
        #expect(result.stdout.contains("Sort: title\nFilter: rating good, excellent\n"))
        let tsvTitles = result.stdout.split(separator: "\n").filter {
            $0.contains("\t") && !$0.hasPrefix("id")
        }
        .prefix(2).map { $0.split(separator: "\t")[1] }
        #expect(tsvTitles == ["Back slash", "Blade Runner"])
        #expect(result.stdout.contains("Sort: rating, reversed"))
        let csvLines = result.stdout.split(separator: "\n").filter {
            $0.hasPrefix("2,") || $0.hasPrefix("1,") || $0.hasPrefix("3,")
        }
        #expect(csvLines.first?.hasPrefix("2,") == true, "poor first when rating is reversed")
    }

    @Test("a failing command in a script makes the exit code non-zero, and the rest still runs")
    func failuresInScript() throws {
        let result = try movies.run(
            ["shell"], input: "add \"\"\nadd 'B' --rating meh\nrate 9 good\nadd C\nlist --format csv\n")
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("Error: The title is blank"))
        #expect(result.stderr.contains("Error: The value 'meh' is invalid for '--rating <rating>'"))
        #expect(result.stderr.contains("Error: No movie with id 9"))
        #expect(result.stdout.contains("Added #1  C  not-seen"))
        #expect(try SQLiteShell.run(movies.databasePath, "SELECT group_concat(title) FROM movies") == "C")
    }

    @Test("unterminated quotes and unknown commands are reported, not crashes")
    func badLines() throws {
        let result = try movies.run(
            ["shell"], input: "add \"Heat\nfrobnicate\nlist --ratng good\nhelp nothing\n")
        #expect(result.status == 64)
        #expect(result.stderr.contains("Error: Unterminated \" quote"))
        #expect(result.stderr.contains("Error: Unknown command 'frobnicate'"))
        #expect(result.stderr.contains("Did you mean '--rating'?"))
        #expect(result.stderr.contains("Error: Unknown command 'nothing'"))
    }

    @Test("quit ends the script early; help lists the shell's commands")
    func quitAndHelp() throws {
        let result = try movies.run(["shell"], input: "help\nhelp add\nquit\nadd Never\n")
        #expect(result.status == 0)
        #expect(result.stdout.contains("SUBCOMMANDS:\n  list"))
        #expect(result.stdout.contains("USAGE: add <title> [--rating <rating>]"))
        #expect(!result.stdout.contains("Added"))
    }

    @Test("a gigantic line is refused and the shell goes on")
    func gigantic() throws {
        let line = String(repeating: "x", count: 3 << 20)
        let result = try movies.run(["shell"], input: "add \(line)\nadd Small\n")
        #expect(result.status == 64)
        #expect(result.stderr.contains("lines are limited to 1 MiB"))
        #expect(result.stdout.contains("Added #1  Small  not-seen"))
    }

    @Test(
        "at a terminal: a prompt, the change feed within a second of another movies, the add form, Ctrl-C, Ctrl-D"
    )
    func interactive() throws {
        var environment = movies.environment
        environment["TERM"] = "xterm"
        let shell = try PseudoTerminalProcess(MoviesProcess.binary, ["shell"], environment: environment)
        #expect(shell.waitFor("movies> "))

        // Another process adds a movie: the feed shows it while the prompt waits. (How fast is measured
        // by movies-bench, not asserted here: a loaded CI machine must not fail a test on timing.)
        #expect(try movies.run(["add", "Heat", "--year", "1995", "--rating", "excellent"]).status == 0)
        #expect(shell.waitFor("+ #1 Heat (1995) excellent"))

        // sqlite3 changes a rating: "~".
        try SQLiteShell.run(movies.databasePath, "UPDATE movies SET rating = 'good' WHERE id = 1")
        #expect(shell.waitFor("~ #1 Heat (1995) excellent -> good"))

        // The form: a blank title is refused, then title, rating, year, confirm.
        shell.type("add\n")
        #expect(shell.waitFor("Title: "))
        shell.type("   \n")
        #expect(shell.waitFor("The title is blank"))
        shell.type("Dune\n")
        #expect(shell.waitFor("Rating [not-seen]: "))
        shell.type("excellent\n")
        #expect(shell.waitFor("Year (optional): "))
        shell.type("2021\n")
        #expect(shell.waitFor("[Y/n]"))
        shell.type("\n")
        #expect(shell.waitFor("Added #2  Dune (2021)  excellent"))
        #expect(shell.waitFor("+ #2 Dune (2021) excellent"))

        // Ctrl-C clears the line, Ctrl-D leaves with 0.
        shell.type("half-typed")
        // Interrupt only once readline has the text (it echoes it): a SIGINT that arrives first finds an
        // empty line, and the text then lands on the next prompt, where Ctrl-D does not leave.
        #expect(shell.waitFor("movies> half-typed", after: "+ #2 Dune"))
        shell.interrupt()
        #expect(shell.waitFor("^C"))
        // Type Ctrl-D only once the new prompt is up, as a person would: between prompts the terminal is
        // in cooked mode and the kernel, not readline, would take the key.
        #expect(shell.waitFor("movies> ", after: "^C"))
        shell.type("\u{4}")
        #expect(shell.waitForExit() == 0, "\(shell.output)")
        #expect(try SQLiteShell.run(movies.databasePath, "SELECT count(*) FROM movies") == "2")
    }

    @Test("at a terminal, the news screen shows an item another process adds, above the prompt")
    func newsScreenFollowsChanges() throws {
        var environment = movies.environment
        environment["TERM"] = "xterm"
        let shell = try PseudoTerminalProcess(MoviesProcess.binary, ["shell"], environment: environment)
        #expect(shell.waitFor("movies> "))
        shell.type("news\n")
        #expect(shell.waitFor("news> "))
        #expect(
            try movies.run(["news", "add", "--title", "Added elsewhere", "--source", "Elsewhere"]).status == 0
        )
        #expect(shell.waitFor("+ #1 Added elsewhere (Elsewhere)"), "\(shell.output)")
        // Back on the movie list, news changes are no longer printed.
        shell.type("movies\n")
        #expect(shell.waitFor("Back to the movie list."))
        #expect(shell.waitFor("movies> ", after: "Back to the movie list."))
        #expect(try movies.run(["news", "add", "--title", "Not shown"]).status == 0)
        #expect(try movies.run(["add", "Heat"]).status == 0)
        #expect(shell.waitFor("+ #1 Heat"))
        #expect(!shell.output.contains("Not shown"))
        shell.type("quit\n")
        #expect(shell.waitForExit() == 0, "\(shell.output)")
    }
}

@Suite("movies list --watch")
struct WatchTests {
    let movies = MoviesProcess()

    @Test("prints the list, then each change from any process, and Ctrl-C exits 0 without a trace")
    func watch() throws {
        try movies.succeed("add", "A", "--rating", "good")
        try movies.succeed("add", "B")
        let watcher = Process()
        watcher.executableURL = URL(fileURLWithPath: MoviesProcess.binary)
        watcher.arguments = ["list", "--watch"]
        watcher.environment = SanitizerOptions.passedOn(movies.environment)
        let output = Pipe()
        let errors = Pipe()
        watcher.standardOutput = output
        watcher.standardError = errors
        try watcher.run()
        let collected = Locked(Data())
        output.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            collected.withLock { $0.append(chunk) }
        }
        #expect(collected.waitFor("  2  B"))

        try movies.succeed("add", "C", "--rating", "poor")
        #expect(collected.waitFor("+ #3 C poor"))
        try movies.succeed("rate", "1", "excellent")
        #expect(collected.waitFor("~ #1 A good -> excellent"))
        try SQLiteShell.run(movies.databasePath, "DELETE FROM movies WHERE id = 2")
        #expect(collected.waitFor("- #2 B"))

        kill(watcher.processIdentifier, SIGINT)
        watcher.waitUntilExit()
        output.fileHandleForReading.readabilityHandler = nil
        #expect(watcher.terminationStatus == 0)
        #expect(watcher.terminationReason == .exit)
        #expect(errors.fileHandleForReading.readDataToEndOfFile().isEmpty)
    }

    @Test("--watch with a format it cannot stream, or with a page, is refused")
    func refusals() throws {
        try movies.refuse(
            ["list", "--watch", "--format", "csv"], status: 64,
            message: "--watch prints changes as table lines or as ndjson")
        try movies.refuse(
            ["list", "--watch", "--limit", "5"], status: 64, message: "cannot be combined with --limit")
    }
}

@Suite("movies completions")
struct CompletionTests {
    let movies = MoviesProcess()

    @Test("bash completion offers commands, options and rating values")
    func bash() throws {
        let script = try movies.succeed("completions", "bash")
        let file = try movies.folder.write(script, to: "movies.bash")
        func complete(_ line: String) throws -> String {
            let program = """
                source '\(file)'
                read -ra COMP_WORDS <<< '\(line)'
                [[ '\(line)' == *' ' ]] && COMP_WORDS+=('')
                COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
                _movies
                echo "${COMPREPLY[*]}"
                """
            return try ProcessRunner.run("/bin/bash", ["-c", program]).stdout.trimmingCharacters(
                in: .newlines)
        }
        let commands = Set(try complete("movies ").split(separator: " ").map(String.init))
        #expect(
            commands.isSuperset(of: [
                "add", "list", "search", "rate", "rm", "news", "shell", "migrate", "help",
            ]))
        let newsCommands = Set(try complete("movies news ").split(separator: " ").map(String.init))
        #expect(newsCommands.isSuperset(of: ["list", "show", "refresh", "subscribe", "export-opml"]))
        #expect(try complete("movies news list --f") == "--feed --format")
        #expect(
            try complete("movies add Heat --rating ") == "not-seen seen terrible poor decent good excellent")
        #expect(try complete("movies rate 3 ") == "not-seen seen terrible poor decent good excellent")
        #expect(try complete("movies list --sort r") == "rating")
        #expect(try complete("movies list --f") == "--format")
    }

    @Test("zsh and fish scripts name every command and parse in their shells when installed")
    func zshAndFish() throws {
        for (shell, flag) in [("zsh", "-n"), ("fish", "--no-execute")] {
            let script = try movies.succeed("completions", shell)
            for word in ["add", "list", "rate", "excellent", "rating"] {
                #expect(script.contains(word), "\(shell): \(word)")
            }
            if let path = ProcessRunner.which(shell) {
                let file = try movies.folder.write(script, to: "movies.\(shell)")
                let result = try ProcessRunner.run(path, [flag, file])
                #expect(result.status == 0, "\(shell): \(result)")
            }
        }
        try movies.refuse(
            ["completions", "powershell"], status: 64,
            message: "Please provide one of 'bash', 'zsh' and 'fish'")
    }
}

extension Locked where Value == Data {
    /// Waits until the bytes collected so far (from a pipe's readability handler, on another thread)
    /// contain `fragment` as text.
    func waitFor(_ fragment: String, timeout: Duration = .seconds(30)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if String(decoding: current, as: UTF8.self).contains(fragment) { return true }
            usleep(10_000)
        }
        return String(decoding: current, as: UTF8.self).contains(fragment)
    }
}
