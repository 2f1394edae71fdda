import Foundation
import TestSupport
import Testing

/// The shell at a terminal (issue 26, point 7): the add form names a film already listed as soon as it
/// has the title and year, Ctrl-C leaves the prompt whole, and rm's question shows the answer typed.
@Suite("the shell's form and questions at a terminal", .offPool, .serialized)
struct ShellFormTests {
    let movies = MoviesProcess()

    @Test("at 40 columns the add form's hints wrap at the terminal's width (issue 45)")
    func hintsWrap() throws {
        var environment = movies.environment
        environment["TERM"] = "xterm"
        let shell = try PseudoTerminalProcess(
            MoviesProcess.binary, ["shell"], environment: environment, columns: 40)
        #expect(shell.waitFor("movies> "))
        shell.type("add\n")
        #expect(shell.waitFor("Title: "))
        shell.type("Heat\n")
        #expect(shell.waitFor("Rating [not-seen]: "))
        // The ratings' hint, 80 cells whole, comes in lines of at most 40, the later ones indented.
        #expect(shell.output.contains("  Ratings: not-seen, seen, terrible,"), "\(shell.output)")
        #expect(shell.output.contains("    poor, decent, good, excellent, or"), "\(shell.output)")
        shell.type("superb\n")
        #expect(shell.waitFor("Rating [not-seen]: ", after: "superb"))
        let refusal = try #require(shell.output.range(of: "'superb' is not a rating"))
        // The terminal ends lines with CR LF, one Character: split at any line break.
        let lines = shell.output[refusal.lowerBound...].split(whereSeparator: \.isNewline).prefix(4)
        #expect(lines.count == 4, "\(shell.output)")
        for line in lines {
            #expect(line.count <= 40, "'\(line)' in \(shell.output)")
        }
        shell.interrupt()
        #expect(shell.waitFor("movies> ", after: "superb"))
        shell.type("quit\n")
        #expect(shell.waitForExit() == 0, "\(shell.output)")
    }

    @Test("the add form says a film is listed right after its title and year, and asks the title again")
    func duplicateAfterTitleAndYear() throws {
        try movies.succeed("add", "Heat", "--year", "1995")
        let shell = try movies.startShellAtTerminal()
        shell.type("add\n")
        #expect(shell.waitFor("Title: "))
        shell.type("heat\n")
        #expect(shell.waitFor("Rating [not-seen]: "))
        shell.type("good\n")
        #expect(shell.waitFor("Year (optional): "))
        shell.type("1995\n")
        #expect(shell.waitFor("Heat (1995) is already on the list as id 1; give another title or year"))
        #expect(shell.waitFor("Title: ", after: "already on the list"))
        #expect(!shell.output.contains("Watched"), "asked on after a duplicate: \(shell.output)")
        shell.type("Heat 2\n")
        #expect(shell.waitFor("Year (optional): ", after: "already on the list"))
        shell.type("\n")
        #expect(shell.waitFor("Watched"))
        shell.type("\n")
        #expect(shell.waitFor("Note (optional): "))
        shell.type("\n")
        #expect(shell.waitFor("[Y/n]"))
        shell.type("\n")
        #expect(shell.waitFor("Added 2  Heat 2  good"))
        shell.type("quit\n")
        #expect(shell.waitForExit() == 0, "\(shell.output)")
    }

    @Test("Ctrl-C in the form leaves the prompt whole; rm's question shows the answer typed")
    func interruptAndEcho() throws {
        try movies.succeed("add", "A")
        try movies.succeed("add", "B")
        let shell = try movies.startShellAtTerminal()
        shell.type("add\n")
        #expect(shell.waitFor("Title: "))
        shell.type("Some title")
        #expect(shell.waitFor("Title: Some title"))
        shell.interrupt()
        #expect(shell.waitFor("Title: Some title^C"), "\(shell.output)")
        #expect(shell.waitFor("movies> ", after: "^C"))
        shell.type("rm 1 2\n")
        #expect(shell.waitFor("Remove these 2 movies? [y/N] "))
        shell.type("no\n")
        #expect(shell.waitFor("Remove these 2 movies? [y/N] no"), "\(shell.output)")
        #expect(shell.waitFor("Nothing was removed."))
        shell.type("quit\n")
        #expect(shell.waitForExit() == 0, "\(shell.output)")
        #expect(try DirectSQL.run(movies.databasePath, "SELECT count(*) FROM movies") == "2")
    }
}
