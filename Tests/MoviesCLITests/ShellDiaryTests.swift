import Basics
import Foundation
import TestSupport
import Testing

/// The shell's diary screen and its `log` form.
@Suite("movies shell: the diary screen and the log form", .offPool)
struct ShellDiaryTests {
    let movies = MoviesProcess()

    @Test("piped: diary enters the screen; list, more, edit, rm and movies work on it")
    func pipedDiaryScreen() throws {
        let script = """
            add Heat --year 1995
            log 1 --on 2024-03-09 --stars 4
            log 1 --on 2024-04-01 --rewatch --review 'Still great'
            diary
            edit 2 --tag cinema
            list
            rm 1
            more
            movies
            diary
            """
        let result = try movies.run(["shell"], input: script + "\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("2024-04-01  Heat (1995)"), "\(result)")
        #expect(result.stdout.contains("#cinema"), "\(result)")
        #expect(result.stdout.contains("No more viewings."), "\(result)")
        #expect(try DirectSQL.run(movies.databasePath, "SELECT id, tags FROM viewings") == "2|cinema")
    }

    @Test("piped: the diary screen refuses a command of another screen, naming it")
    func unknownOnDiary() throws {
        let result = try movies.run(["shell"], input: "diary\nfeeds\n")
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("Error: line 2: Unknown command 'feeds'"), "\(result)")
    }

    @Test(
        "at a terminal: log alone asks its questions, asks again after a refusal, and logs; the diary follows"
    )
    func logForm() throws {
        #expect(try movies.run(["add", "Dune", "--year", "2021"]).status == 0)
        let shell = try movies.startShellAtTerminal()
        shell.type("diary\n")
        #expect(shell.waitFor("No viewings. Type log <movie> to log one."))
        #expect(shell.waitFor("diary> "))
        shell.type("log\n")
        #expect(shell.waitFor("Movie (id or title): "))
        shell.type("Alien\n")
        #expect(shell.waitFor("No movie titled Alien is listed"))
        shell.type("dune\n")
        #expect(shell.waitFor("Day (YYYY-MM-DD, today, yesterday) [today]: "))
        shell.type("2024-13-01\n")
        #expect(shell.waitFor("'2024-13-01' is not a date"))
        shell.type("2024-05-01\n")
        #expect(shell.waitFor("Rating (terrible to excellent, or stars 0.5 to 5; optional): "))
        shell.type("4.5\n")
        #expect(shell.waitFor("Rewatch? [y/N] "))
        shell.type("\n")
        #expect(shell.waitFor("Review (optional): "))
        shell.type("Sand everywhere\n")
        #expect(shell.waitFor("Tags (comma-separated; optional): "))
        shell.type("IMAX, with Sam\n")
        #expect(shell.waitFor("Log Dune (2021), 2024-05-01, excellent ★★★★½? [Y/n]"))
        shell.type("\n")
        #expect(
            shell.waitFor("Logged viewing 1: 2024-05-01  Dune (2021)  excellent ★★★★½  ✎  #imax #with sam"))
        // The diary screen hears the viewing it did not show.
        #expect(shell.waitFor("+ 2024-05-01  Dune (2021)"))
        shell.type("quit\n")
        #expect(shell.waitForExit() == 0, "\(shell.output)")
        #expect(
            try DirectSQL.run(movies.databasePath, "SELECT watched_on, stars, review, tags FROM viewings")
                == "2024-05-01|4.5|Sand everywhere|imax, with sam")
    }
}
