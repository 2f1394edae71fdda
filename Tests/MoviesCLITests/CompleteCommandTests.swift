import Foundation
import TestSupport
import Testing

@testable import MoviesCLI

/// `movies __complete`, which the completion scripts run where a film or a feed goes (issue 45 point
/// 1): the candidates, one a line, from the list the line names; nothing, and no error, where there is
/// no list; and hidden from everything that lists commands.
@Suite("movies __complete")
@MainActor
struct CompleteCommandTests {
    let cli = InProcessCLI()

    private func addFilms() async throws {
        for film in [
            ["Heat", "--year", "1995"], ["Heat", "--year", "1986"], ["Heat and Dust", "--year", "1983"],
            ["The Zone of Interest"], ["Amélie", "--year", "2001"], ["Schindler's List"], ["--", "-1 Below"],
        ] {
            try await cli.succeed(["add"] + film)
        }
    }

    @Test("the titles that start with the text, any case, accents too; a shared title once per year")
    func films() async throws {
        try await addFilms()
        #expect(
            try await cli.succeed("__complete", "films", "he") == "Heat (1986)\nHeat (1995)\nHeat and Dust\n")
        #expect(try await cli.succeed("__complete", "films", "HEAT (19") == "Heat (1986)\nHeat (1995)\n")
        #expect(try await cli.succeed("__complete", "films", "heat (1995)") == "Heat (1995)\n")
        #expect(try await cli.succeed("__complete", "films", "the zone") == "The Zone of Interest\n")
        #expect(try await cli.succeed("__complete", "films", "AMÉ") == "Amélie\n")
        #expect(try await cli.succeed("__complete", "films", "schindler'") == "Schindler's List\n")
        #expect(try await cli.succeed("__complete", "films", "--", "-1") == "-1 Below\n")
        #expect(try await cli.succeed("__complete", "films", "zz").isEmpty)
        let all = try await cli.succeed("__complete", "films")
        #expect(all.split(separator: "\n").count == 7, "\(all)")
        // The list --db names, before or after the command, over $MOVIES_DB.
        let other = cli.folder.file("other.sqlite")
        try await cli.succeed("--db", other, "add", "Zardoz")
        #expect(try await cli.succeed("--db", other, "__complete", "films", "z") == "Zardoz\n")
        #expect(try await cli.succeed("__complete", "--db", other, "films", "") == "Zardoz\n")
    }

    @Test("feeds: their titles and addresses that start with the text; news __complete too")
    func feeds() async throws {
        let opml = try cli.folder.write(
            """
            <?xml version="1.0"?><opml version="2.0"><head/><body>
            <outline type="rss" text="Film Notes" xmlUrl="https://example.org/notes.xml"/></body></opml>
            """, to: "feeds.opml")
        try await cli.succeed("news", "import", opml)
        #expect(try await cli.succeed("__complete", "feeds", "film") == "Film Notes\n")
        #expect(
            try await cli.succeed("__complete", "feeds", "https://ex") == "https://example.org/notes.xml\n")
        let both = try await cli.run(["__complete", "feeds", ""], program: "news")
        #expect(both.stdout == "Film Notes\nhttps://example.org/notes.xml\n", "\(both)")
    }

    @Test("no list, or one it cannot read: nothing printed, nothing created, exit 0")
    func noList() async throws {
        for arguments in [
            ["__complete", "films", "he"], ["__complete", "feeds", ""],
            ["--db", cli.folder.file("none/x.sqlite"), "__complete", "films", ""],
            ["--db", cli.folder.file("feeds.opml"), "__complete", "films", ""],
        ] {
            try cli.folder.write("not a database", to: "feeds.opml")
            let before = try FileManager.default.contentsOfDirectory(atPath: cli.folder.path).sorted()
            let result = try await cli.run(arguments)
            #expect(
                result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty,
                "\(arguments): \(result)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: cli.folder.path).sorted() == before)
        }
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
    }

    @Test("hidden: not in help, did-you-mean, docs/COMMANDS.md, the manual page nor the scripts' commands")
    func hidden() async throws {
        for output in [
            try await cli.succeed("help"), try await cli.succeed("help", "--markdown"),
            try await cli.succeed("help", "--man"),
        ] {
            #expect(!output.contains("__complete"))
        }
        // It runs, though nothing names it.
        #expect(try await cli.run("__complete", "films").status == 0)
        let unknown = try await cli.run("__complet")
        #expect(!unknown.stderr.contains("__complete"), "\(unknown)")
        #expect(!CompletionTree.movies.nodes.contains { $0.path.contains(CompleteCommand.about.name) })
    }
}
