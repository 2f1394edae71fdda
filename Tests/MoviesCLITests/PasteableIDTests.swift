import Foundation
import TestSupport
import Testing

@testable import MoviesCLI

/// Ids are printed as a command takes them back, and the shell reads `#5` as the id people still type
/// (issue 26, point 2).
@Suite("ids as printed can be typed back", .offPool)
struct PasteableIDTests {
    let movies = MoviesProcess()

    @Test("the shell's words: `#` before a digit starts an id, anywhere else a comment")
    func shellWords() throws {
        #expect(try ShellWords.split("show #5") == ["show", "#5"])
        #expect(try ShellWords.split("rm #5 #6 # done") == ["rm", "#5", "#6"])
        #expect(try ShellWords.split("add Heat #note") == ["add", "Heat"])
        #expect(try ShellWords.split("add Heat# --year 1995") == ["add", "Heat#", "--year", "1995"])
        #expect(try ShellWords.split("#") == [])
    }

    @Test("what add and a refusal print can be pasted back into bash and into the shell")
    func pastedBack() throws {
        let added = try movies.succeed("add", "Heat", "--year", "1995")
        #expect(added == "Added 1  Heat (1995)  not-seen\n")
        #expect(!added.contains("#"))
        try movies.refuse(
            ["add", "heat", "--year", "1995"], status: 1,
            message: "Heat (1995) is already on the list as id 1")
        // The id as printed, pasted into bash: `movies show 1`.
        let id = String(try #require(added.split(separator: " ").dropFirst().first))
        #expect(try movies.succeed("show", id).hasPrefix("1  Heat (1995)\n"))
        // And `#1` typed into the shell, as the program once printed it.
        let shell = try movies.run(["shell"], input: "show #1\n")
        #expect(shell.status == 0, "\(shell)")
        #expect(shell.stdout.hasPrefix("1  Heat (1995)\n"), "\(shell)")
    }

    @Test("news items, feeds and ignore rules print their ids as news commands take them back")
    func newsIDsPastedBack() throws {
        let added = try movies.succeed("news", "add", "--title", "Note")
        #expect(added == "Added 1  Note\n")
        let id = String(try #require(added.split(separator: " ").dropFirst().first))
        #expect(try movies.succeed("news", "show", id).hasPrefix("1  Note\n"))
        try movies.refuse(
            ["news", "open", id], status: 1, message: "Error: News item 1 has no link to open; `news show 1`")
        let ignored = try movies.succeed("news", "ignore", "--title", "sponsored")
        #expect(ignored == "Added ignore rule 1: items of every feed whose title holds 'sponsored'\n")
        #expect(
            try movies.succeed("news", "ignores") == "1  items of every feed whose title holds 'sponsored'\n")
        #expect(try movies.succeed("news", "unignore", "1").hasPrefix("Removed ignore rule 1: "))
        try movies.refuse(
            ["news", "unignore", "1"], status: 1, message: "Error: No ignore rule 1 (news ignores lists them)"
        )
        try movies.refuse(["news", "list", "--feed", "3"], status: 1, message: "Error: No subscribed feed 3")
        // `#1` typed into the shell's news screen reads the item.
        let shell = try movies.run(["shell"], input: "news\nshow #1\n")
        #expect(shell.status == 0, "\(shell)")
        #expect(shell.stdout.contains("1  Note\n"), "\(shell)")
    }
}
