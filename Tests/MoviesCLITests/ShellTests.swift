import Basics
import Foundation
import TestSupport
import Testing

@testable import MoviesCLI

@Suite("movies shell", .offPool)
struct ShellTests {
    let movies = MoviesProcess()

    @Test("piped input works as a script: no prompts, one output block per command")
    func pipedScript() throws {
        let result = try movies.run(["shell"], input: "add \"A\" --rating good\nlist\n")
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout == """
                Added 1  A  good
                  #  TITLE  YEAR  RATING
                  1  A            good

                """)
        #expect(result.stderr == "Created a new list at \(movies.databasePath)\n")
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
        #expect(result.stdout.contains("Added 2  It's \"quoted\"  poor"))
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
        #expect(result.stderr.contains("Error: line 1: The title is blank"))
        #expect(result.stderr.contains("Error: line 2: The value 'meh' is invalid for '--rating <rating>'"))
        #expect(result.stderr.contains("Error: line 3: No movie with id 9"))
        #expect(result.stdout.contains("Added 1  C  not-seen"))
        #expect(try DirectSQL.run(movies.databasePath, "SELECT group_concat(title) FROM movies") == "C")
    }

    @Test("unterminated quotes and unknown commands are reported, not crashes")
    func badLines() throws {
        let result = try movies.run(
            ["shell"], input: "add \"Heat\nfrobnicate\nlist --ratng good\nhelp nothing\n")
        #expect(result.status == 64)
        #expect(result.stderr.contains("Error: line 1: Unterminated \" quote"))
        #expect(result.stderr.contains("Error: line 2: Unknown command 'frobnicate'"))
        #expect(result.stderr.contains("Did you mean '--rating'?"))
        #expect(result.stderr.contains("Error: line 4: Unknown command 'nothing'"))
    }

    @Test("quit ends the script early; help lists the shell's commands")
    func quitAndHelp() throws {
        let result = try movies.run(["shell"], input: "help\nhelp add\nquit\nadd Never\n")
        #expect(result.status == 0)
        #expect(result.stdout.contains("SUBCOMMANDS:\n  add"))
        #expect(result.stdout.contains("\n  list  ") && result.stdout.contains("\n  filter  "))
        #expect(result.stdout.contains("USAGE: add <title> [--rating <rating>]"))
        #expect(!result.stdout.contains("Added"))
    }

    @Test("a gigantic line is refused and the shell goes on")
    func gigantic() throws {
        let line = String(repeating: "x", count: 3 << 20)
        let result = try movies.run(["shell"], input: "add \(line)\nadd Small\n")
        #expect(result.status == 64)
        #expect(result.stderr.contains("lines are limited to 1 MiB"))
        #expect(result.stdout.contains("Added 1  Small  not-seen"))
    }

    @Test(
        "at a terminal: a prompt, the change feed within a second of another movies, the add form, Ctrl-C, Ctrl-D"
    )
    func interactive() throws {
        let shell = try movies.startShellAtTerminal()

        // Another process adds a movie: the feed shows it while the prompt waits. (How fast is measured
        // by movies-bench, not asserted here: a loaded CI machine must not fail a test on timing.)
        #expect(try movies.run(["add", "Heat", "--year", "1995", "--rating", "excellent"]).status == 0)
        #expect(shell.waitFor("+ 1 Heat (1995) excellent"))

        // sqlite3 changes a rating: "~".
        try DirectSQL.run(movies.databasePath, "UPDATE movies SET rating = 'good' WHERE id = 1")
        #expect(shell.waitFor("~ 1 Heat (1995) excellent -> good"))

        // The form: an empty title cancels it; then title, rating, year, watched date, note, confirm.
        shell.type("add\n")
        #expect(shell.waitFor("An empty title or Ctrl-D cancels."))
        #expect(shell.waitFor("Title: "))
        shell.type("\n")
        #expect(shell.waitFor("Cancelled."))
        #expect(shell.waitFor("movies> ", after: "Cancelled."))
        shell.type("add\n")
        #expect(shell.waitFor("Title: ", after: "Cancelled."))
        shell.type("Dune\n")
        #expect(shell.waitFor("Rating [not-seen]: "))
        shell.type("excellent\n")
        #expect(shell.waitFor("Year (optional): "))
        shell.type("2021\n")
        #expect(shell.waitFor("Watched (YYYY-MM-DD, today, yesterday; optional): "))
        shell.type("2024-05-01\n")
        #expect(shell.waitFor("Note (optional): "))
        shell.type("with Sam\n")
        #expect(shell.waitFor("Add Dune (2021), excellent, watched 2024-05-01? [Y/n]"))
        shell.type("\n")
        #expect(shell.waitFor("Added 2  Dune (2021)"))
        #expect(shell.waitFor("+ 2 Dune (2021) excellent"))
        #expect(
            try DirectSQL.run(
                movies.databasePath, "SELECT watched_on || '|' || note FROM movies WHERE id = 2")
                == "2024-05-01|with Sam")

        // Ctrl-C clears the line, Ctrl-D leaves with 0.
        shell.type("half-typed")
        // Interrupt only once readline has the text (it echoes it): a SIGINT that arrives first finds an
        // empty line, and the text then lands on the next prompt, where Ctrl-D does not leave.
        #expect(shell.waitFor("movies> half-typed", after: "+ 2 Dune"))
        shell.interrupt()
        #expect(shell.waitFor("^C"))
        // Type Ctrl-D only once the new prompt is up, as a person would: between prompts the terminal is
        // in cooked mode and the kernel, not readline, would take the key.
        #expect(shell.waitFor("movies> ", after: "^C"))
        shell.type("\u{4}")
        #expect(shell.waitForExit() == 0, "\(shell.output)")
        #expect(try DirectSQL.run(movies.databasePath, "SELECT count(*) FROM movies") == "2")
    }

    @Test(
        "with readline, Tab completes commands, values and titles at a terminal",
        .enabled(
            if: Readline.load() != nil, "neither readline nor libedit is installed: Tab completes nothing"))
    func tabCompletes() throws {
        #expect(try movies.run(["add", "Blade Runner", "--year", "1982"]).status == 0)
        let shell = try movies.startShellAtTerminal()
        #expect(!shell.output.contains("Line editing is off"))
        // What Tab inserts is checked by what the command then does: readline redraws a completed word
        // in pieces (moving back over what was typed), so the line is never echoed whole.
        // A command, then a rating word (readline adds a space after each).
        shell.type("ad\tHeat -r exc\t\n")
        #expect(shell.waitFor("Added 2  Heat  excellent"), "\(shell.output)")
        // Keys are typed once the prompt is up, as a person would: between prompts the terminal is in
        // cooked mode, and the kernel, not readline, would take the Tab.
        #expect(shell.waitFor("movies> ", after: "Added 2  Heat  excellent"))
        // A title with a space, quoted as it is completed (no space follows a closing quote).
        shell.type("rate bla\t 3.5\n")
        #expect(shell.waitFor("Rated 1  Blade Runner (1982)  good ★★★½"), "\(shell.output)")
        #expect(shell.waitFor("movies> ", after: "Rated 1  Blade Runner"))
        shell.type("sort ti\t\n")
        #expect(shell.waitFor("Sort: title"), "\(shell.output)")
        shell.type("quit\n")
        #expect(shell.waitForExit() == 0, "\(shell.output)")
    }

    @Test("without readline or libedit, the shell says once that line editing is off; Up is not a command")
    func withoutLineEditing() throws {
        // Empty files under the libraries' names, found first: the loader refuses them, as where neither
        // is installed.
        let folder = movies.folder.file("no-line-editing")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["libreadline.so.8", "libedit.so.2"] {
            #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data()))
        }
        var environment = movies.environment
        environment["TERM"] = "xterm"
        environment["LD_LIBRARY_PATH"] = folder
        let shell = try PseudoTerminalProcess(MoviesProcess.binary, ["shell"], environment: environment)
        #expect(
            shell.waitFor(
                "Line editing is off (no history on Up, no completion on Tab): install GNU readline"))
        #expect(shell.waitFor("movies> "))
        // Up, then Down and Right inside a command: the keys are dropped, not run or stored.
        shell.type("\u{1B}[A\n")
        shell.type("add Heat\u{1B}[B\u{1B}OC\n")
        #expect(shell.waitFor("Added 1  Heat  not-seen"), "\(shell.output)")
        shell.type("quit\n")
        #expect(shell.waitForExit() == 0, "\(shell.output)")
        #expect(!shell.output.contains("Unknown command"), "\(shell.output)")
        #expect(shell.output.components(separatedBy: "Line editing is off").count == 2, "\(shell.output)")
        #expect(try DirectSQL.run(movies.databasePath, "SELECT title FROM movies") == "Heat")
    }

    @Test("at a terminal, the news screen shows an item another process adds, above the prompt")
    func newsScreenFollowsChanges() throws {
        let shell = try movies.startShellAtTerminal()
        shell.type("news\n")
        #expect(shell.waitFor("news> "))
        #expect(
            try movies.run(["news", "add", "--title", "Added elsewhere", "--source", "Elsewhere"]).status == 0
        )
        #expect(shell.waitFor("+ 1  Added elsewhere (Elsewhere)"), "\(shell.output)")
        // Back on the movie list, news changes are no longer printed.
        shell.type("movies\n")
        #expect(shell.waitFor("Back to the movie list."))
        #expect(shell.waitFor("movies> ", after: "Back to the movie list."))
        #expect(try movies.run(["news", "add", "--title", "Not shown"]).status == 0)
        #expect(try movies.run(["add", "Heat"]).status == 0)
        #expect(shell.waitFor("+ 1 Heat"))
        #expect(!shell.output.contains("Not shown"))
        shell.type("quit\n")
        #expect(shell.waitForExit() == 0, "\(shell.output)")
    }
}

extension ShellTests {
    @Test("a piped script's errors name their line; it keeps the first failure's code, even after quit")
    func scriptLineNumbers() throws {
        let result = try movies.run(
            ["shell"], input: "add A\n\nfrobnicate\nrate 9 good\nadd 'B\nquit\nadd C\n")
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("Error: line 3: Unknown command 'frobnicate'\n"), "\(result)")
        #expect(result.stderr.contains("Error: line 4: No movie with id 9\n"), "\(result)")
        #expect(result.stderr.contains("Error: line 5: Unterminated ' quote"), "\(result)")
        #expect(try DirectSQL.run(movies.databasePath, "SELECT group_concat(title) FROM movies") == "A")
    }

    @Test(
        "at a terminal: quit after a failure exits 0, quit at the title cancels the form, answers stay out of history"
    )
    func interactiveStatusAndHistory() throws {
        let shell = try movies.startShellAtTerminal()
        shell.type("rate 9 good\n")
        #expect(shell.waitFor("Error: No movie with id 9"))
        #expect(!shell.output.contains("line 1"), "a person at a terminal sees which line failed")
        #expect(shell.waitFor("movies> ", after: "No movie with id 9"))
        shell.type("add\n")
        #expect(shell.waitFor("Title: "))
        shell.type("quit\n")
        #expect(shell.waitFor("Cancelled."))
        #expect(shell.waitFor("movies> ", after: "Cancelled."))
        shell.type("add\n")
        #expect(shell.waitFor("Title: ", after: "Cancelled."))
        for (answer, next) in [
            ("Dune", "Rating [not-seen]: "), ("good", "Year (optional): "), ("2021", "Watched"),
            ("", "Note (optional): "), ("", "[Y/n]"), ("", "Added 1  Dune (2021)"),
        ] {
            shell.type(answer + "\n")
            #expect(shell.waitFor(next, after: "Cancelled."), "\(next): \(shell.output)")
        }
        #expect(shell.waitFor("movies> ", after: "Added 1"))
        shell.type("quit\n")
        #expect(shell.waitForExit() == 0, "\(shell.output)")
        #expect(try DirectSQL.run(movies.databasePath, "SELECT title FROM movies") == "Dune")

        if Readline.load() != nil {
            let history = try String(contentsOfFile: movies.databasePath + "-history", encoding: .utf8)
            #expect(history.contains("rate") && history.contains("add"), "\(history)")
            for answer in ["Dune", "2021"] {
                #expect(!history.contains(answer), "the answer \(answer) is in the history: \(history)")
            }
        }
    }

    @Test("at a terminal, Ctrl-D right after a failed command exits with its code")
    func interactiveEndsOnError() throws {
        let shell = try movies.startShellAtTerminal()
        shell.type("rate 9 good\n")
        #expect(shell.waitFor("movies> ", after: "No movie with id 9"))
        shell.type("\u{4}")
        #expect(shell.waitForExit() == 1, "\(shell.output)")
    }
}

@Suite("movies list --watch", .offPool)
struct WatchTests {
    let movies = MoviesProcess()

    @Test("prints the list, then each change from any process, and Ctrl-C exits 0 without a trace")
    func watch() async throws {
        try movies.succeed("add", "A", "--rating", "good")
        try movies.succeed("add", "B")
        let watcher = try BackgroundProcess(
            MoviesProcess.binary, ["list", "--watch"], environment: movies.environment)
        #expect(await watcher.waitForOutput("  2  B"))

        try movies.succeed("add", "C", "--rating", "poor")
        #expect(await watcher.waitForOutput("+ 3 C poor"))
        try movies.succeed("rate", "1", "excellent")
        #expect(await watcher.waitForOutput("~ 1 A good -> excellent"))
        try DirectSQL.run(movies.databasePath, "DELETE FROM movies WHERE id = 2")
        #expect(await watcher.waitForOutput("- 2 B"))

        watcher.send(SIGINT)
        let ended = await watcher.finished()
        #expect(ended.status == 0 && ended.signal == nil, "\(ended)")
        #expect(ended.stderr.isEmpty)
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
