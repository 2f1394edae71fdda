import App
import Basics
import FoundationEssentials
import TestSupport
import Testing

/// Every list a restore replaced can be found and taken back, and at a terminal nothing is replaced
/// before the person has seen what would be and said yes (issue 26, point 1).
@Suite("restore keeps, lists and takes back replaced lists, and asks at a terminal", .offPool, .serialized)
struct RestoreKeptListsTests {
    let movies = MoviesProcess()

    private var keptCopies: [String] { ReplacedLists(databasePath: movies.databasePath).paths() }

    private func titles(_ path: String) throws -> String {
        try DirectSQL.run(
            path, "SELECT group_concat(title, ',') FROM (SELECT title FROM movies ORDER BY id)")
    }

    /// A backup of a list of `titles`, made by `movies backup` from a database of its own.
    private func backup(_ name: String, titles: [String]) throws -> String {
        let source = movies.folder.file("source-\(name)")
        for title in titles { try movies.succeed("--db", source, "add", title) }
        let path = movies.folder.file(name)
        try movies.succeed("--db", source, "backup", path)
        return path
    }

    @Test(
        "the wrong backup, then the right one: the original list is still kept, listed and restorable by name"
    )
    func wrongThenRight() throws {
        try movies.succeed("add", "Original")
        let wrong = try backup("wrong.sqlite", titles: ["Wrong"])
        let right = try backup("right.sqlite", titles: ["Right", "Also right"])
        try movies.succeed("restore", wrong)
        try movies.succeed("restore", right)
        #expect(keptCopies.count == 2)
        let listing = try movies.succeed("restore", "--list")
        let names = keptCopies.map { FolderEntry.split($0).name }
        for name in names { #expect(listing.contains(name), "\(listing)") }
        #expect(listing.contains("1 movie, 0 viewings, 0 feeds and 0 news items"), "\(listing)")
        #expect(listing.contains("Restore one with: movies restore <name>"), "\(listing)")

        // The first kept copy is the original list; its name, or only its time, restores it.
        let first = try #require(names.first as String?)
        #expect(try titles(keptCopies[0]) == "Original")
        let stamp = String(first.dropFirst("movies.sqlite".count + ReplacedLists.marker.count))
        let output = try movies.succeed("restore", stamp)
        #expect(output.contains("Restored 1 movie and 0 news items from \(keptCopies[0])"), "\(output)")
        #expect(try titles(movies.databasePath) == "Original")
        // Taking it back kept the list it replaced too: nothing is ever lost.
        #expect(keptCopies.count == 3)
        #expect(try titles(keptCopies[2]) == "Right,Also right")
    }

    @Test("--list with nothing kept says so; --list with a file, and neither, are usage errors")
    func listRefusals() throws {
        try movies.succeed("add", "Heat")
        #expect(try movies.succeed("restore", "--list").hasPrefix("No replaced lists are kept beside"))
        try movies.refuse(
            ["restore", "--list", "x.sqlite"], status: 64,
            message: "--list lists the kept lists; give it without a file")
        try movies.refuse(
            ["restore"], status: 64,
            message: "Name the backup to restore, or give --list to see the kept lists")
        try movies.refuse(
            ["restore", "2020-01-01T000000Z"], status: 66,
            message: "Cannot restore from 2020-01-01T000000Z: there is no such file")
    }

    @Test(
        "at a terminal restore shows what it replaces and asks; no keeps the list (exit 0), -y does not ask")
    func asksAtTerminal() throws {
        try movies.succeed("add", "Heat")
        try movies.succeed("add", "Alien")
        try movies.succeed("log", "1", "--on", "2024-01-02")
        let right = try backup("right.sqlite", titles: ["Right"])
        var environment = movies.environment
        environment["NO_COLOR"] = "1"
        let before = fileSnapshot(movies.databasePath)
        let declined = try PseudoTerminalProcess(
            MoviesProcess.binary, ["restore", right], environment: environment)
        #expect(declined.waitFor("Restore? [y/N] "))
        #expect(declined.output.contains("This replaces 2 movies, 1 viewing, 0 feeds and 0 news items in"))
        #expect(declined.output.contains("with 1 movie, 0 viewings, 0 feeds and 0 news items from \(right)."))
        declined.type("n\n")
        #expect(declined.waitForExit() == 0)
        #expect(declined.output.contains("Nothing was restored."))
        #expect(!declined.output.contains("Error"))
        #expect(fileSnapshot(movies.databasePath) == before)
        #expect(keptCopies.isEmpty)

        let accepted = try PseudoTerminalProcess(
            MoviesProcess.binary, ["restore", right], environment: environment)
        #expect(accepted.waitFor("Restore? [y/N] "))
        accepted.type("y\n")
        #expect(accepted.waitForExit() == 0)
        #expect(try titles(movies.databasePath) == "Right")

        let unasked = try PseudoTerminalProcess(
            MoviesProcess.binary, ["restore", keptCopies[0], "-y"], environment: environment)
        #expect(unasked.waitForExit() == 0)
        #expect(!unasked.output.contains("[y/N]"))
        #expect(try titles(movies.databasePath) == "Heat,Alien")
    }
}
