import Basics
import Foundation
import MoviesCore
import TestSupport
import Testing

/// The examples of README.md and docs/GUIDE.md, run against the real binary.
@Suite("Examples from the README and the guide", .offPool)
struct ExampleTests {
    let movies = MoviesProcess()

    @Test("add, list, rate, edit, show, rm")
    func everydayFlow() throws {
        #expect(
            try movies.succeed("add", "Heat", "--rating", "excellent", "--year", "1995")
                == "Added 1  Heat (1995)  excellent\n")
        #expect(
            try movies.succeed("add", "Alien", "-r", "GOOD", "-Y", "1979") == "Added 2  Alien (1979)  good\n"
        )
        #expect(
            try movies.succeed("list") == """
                  #  TITLE  YEAR  RATING
                  1  Heat   1995  excellent
                  2  Alien  1979  good

                """)
        #expect(try movies.succeed("rate", "1", "good") == "Rated 1  Heat (1995)  good  (was excellent)\n")
        #expect(
            try movies.succeed("edit", "#2", "--note", "in space", "--watched", "2024-02-29")
                == "Updated 2  Alien (1979)  good\n")
        let shown = try movies.succeed("show", "2")
        #expect(
            shown.hasPrefix(
                "2  Alien (1979)\n  rating      good\n  rated on    \(CalendarDate.today())\n"
                    + "  watched     2024-02-29, once\n  note        in space\n  added       "), "\(shown)")
        #expect(shown.hasSuffix("  viewings, newest first:\n    viewing 2  2024-02-29  good\n"), "\(shown)")
        #expect(try movies.succeed("rm", "1") == "Removed 1  Heat (1995)  good\n")
        #expect(try movies.succeed("list", "--format", "tsv").split(separator: "\n").count == 2)
        #expect(try DirectSQL.integrityCheck(movies.databasePath) == "ok")
    }

    @Test("list's machine formats carry every field")
    func machineFormats() throws {
        try movies.succeed(
            "add", "Heat", "--rating", "excellent", "--year", "1995", "--note", "say \"hi\", twice\nok")
        try movies.succeed("add", "Past Lives")
        let json = try movies.succeed("list", "--format", "json")
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        #expect(decoded?.count == 2)
        #expect(decoded?.first?["title"] as? String == "Heat")
        #expect(decoded?.first?["note"] as? String == "say \"hi\", twice\nok")
        #expect(decoded?.last?["year"] is NSNull)

        let ndjson = try movies.succeed("list", "--format", "ndjson").split(separator: "\n")
        #expect(ndjson.count == 2)
        #expect(ndjson.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil })

        let csv = try movies.succeed("list", "--format", "csv")
        #expect(
            csv.hasPrefix(
                "id,title,year,rating,watched_on,note,created_at,updated_at,stars,imdb_id,letterboxd_uri,"
                    + "watch_count,rated_on,runtime_minutes,genres,directors\n"
                    + "1,Heat,1995,excellent,,\"say \"\"hi\"\", twice\nok\","
            ))

        let tsv = try movies.succeed("list", "--format", "tsv")
        #expect(tsv.contains("1\tHeat\t1995\texcellent\t\tsay \"hi\", twice\\nok\t"))
    }

    @Test("sorting, filtering and paging from the command line")
    func listOptions() throws {
        for (title, rating) in [("C", "good"), ("A", "poor"), ("B", "excellent"), ("D", "good")] {
            try movies.succeed("add", title, "--rating", rating)
        }
        #expect(try movies.succeed("list", "--sort", "title", "--format", "tsv").contains("2\tA\t\tpoor"))
        let byRating = try movies.run(
            "list", "--sort", "rating", "--rating", "good,excellent", "--rating", "poor", "--format", "csv")
        #expect(
            byRating.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",")[1] } == [
                "B", "D", "C", "A",
            ])
        let firstPage = try movies.run("list", "--limit", "2")
        #expect(firstPage.stdout.split(separator: "\n").count == 3)
        #expect(firstPage.stderr == "More movies: continue with movies list --limit 2 --after 2\n")
        let lastPage = try movies.run("list", "--limit", "2", "--after", "2")
        #expect(lastPage.stdout.contains("  3  B") && lastPage.stdout.contains("  4  D"))
        #expect(lastPage.stderr.isEmpty)
    }

    @Test("an empty list prints nothing on stdout when piped")
    func emptyList() throws {
        try movies.succeed("migrate")  // an empty list: where there is none, list says so (exit 1)
        let result = try movies.run("list")
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.isEmpty)
        #expect(try movies.succeed("list", "--format", "json") == "[]\n")
    }

    @Test(
        "titles with quotes, SQL, emoji and CJK round-trip through the command line",
        arguments: [
            "It's \"Heat\"", "semi;colon", "'); DROP TABLE movies;--", "🎬 Émoji", "千と千尋の神隠し", "-dash first",
        ])
    func titlesRoundTrip(title: String) throws {
        try movies.succeed("add", "--", title)
        let csv = try movies.succeed("list", "--format", "ndjson")
        let object = try JSONSerialization.jsonObject(with: Data(csv.utf8)) as? [String: Any]
        #expect(object?["title"] as? String == title)
        #expect(try DirectSQL.run(movies.databasePath, "SELECT title FROM movies") == title)
    }

    @Test("wide characters keep the table aligned")
    func wideCharacters() throws {
        try movies.succeed("add", "千と千尋", "--year", "2001")
        try movies.succeed("add", "Heat", "--year", "1995")
        let lines = try movies.succeed("list").split(separator: "\n")
        // "千と千尋" is 8 cells wide, like "Heat    ": the YEAR column starts at the same cell on each line.
        #expect(lines[1] == "  1  千と千尋  2001  not-seen")
        #expect(lines[2] == "  2  Heat      1995  not-seen")
    }

    @Test("migrate applies and reports; --status lists applied migrations")
    func migrate() throws {
        let applied = try movies.succeed("migrate")
        #expect(applied.hasPrefix("Applied 0001_create_movies\n"))
        #expect(try movies.succeed("migrate").hasPrefix("The database is up to date"))
        let status = try movies.succeed("migrate", "--status")
        #expect(status.contains("applied  0001_create_movies  20"))
        #expect(!status.contains("pending"))
    }

    @Test("help comes in swift-argument-parser's layout, three ways")
    func help() throws {
        let root = try movies.succeed("--help")
        for section in [
            "OVERVIEW:", "USAGE: movies", "OPTIONS:", "SUBCOMMANDS:", "  add", "  list", "  migrate",
        ] {
            #expect(root.contains(section), "\(section)")
        }
        let viaHelp = try movies.succeed("help", "add")
        #expect(viaHelp == (try movies.succeed("add", "--help")))
        #expect(viaHelp.contains("USAGE: movies add <title> [--rating <rating>]"))
        #expect(viaHelp.contains("ARGUMENTS:\n  <title>"))
        #expect(viaHelp.contains("(values:\n") && viaHelp.contains("not-seen, seen, terrible,"))
        #expect(viaHelp.contains("default: not-seen)"))
        #expect(try movies.succeed("list", "-h").contains("USAGE: movies list"))
        let alone = try movies.run([])
        #expect(alone.status == 64 && alone.stderr.hasPrefix("Usage: movies "), "\(alone)")
        #expect(!fileExists(movies.databasePath), "help must not create the database")
    }

    @Test("--version prints the version")
    func version() throws {
        #expect(try movies.succeed("--version").hasPrefix("movies 0."))
    }
}

@Suite("movies search", .offPool)
struct SearchCommandTests {
    let movies = MoviesProcess()

    @Test("ranked results in every format; hostile text is safe; no words is exit 64 with nothing changed")
    func search() throws {
        try movies.succeed("add", "Blade Runner", "--year", "1982", "--rating", "excellent")
        try movies.succeed("add", "Runner Runner", "--year", "2013", "--rating", "poor")
        try movies.succeed("add", "Heat")
        let table = try movies.succeed("search", "runner")
        #expect(table.hasPrefix("  #  TITLE          YEAR  RATING\n"))
        #expect(table.contains("Blade Runner") && table.contains("Runner Runner") && !table.contains("Heat"))
        #expect(
            try movies.succeed("search", "runner", "--rating", "excellent", "--format", "csv").split(
                separator: "\n"
            ).count == 2)
        #expect(try movies.succeed("search", "heat\"", "--format", "tsv").contains("\tHeat\t"))
        #expect(try movies.succeed("search", "NEAR(", "--format", "json") == "[]\n")
        try movies.refuse(["search", "*"], status: 64, message: "Nothing to search for in '*'")
        try movies.refuse(["search"], status: 64, message: "Missing expected argument '<words> ...'")
        try movies.succeed("news", "add", "--title", "SQLite 3.47 released", "--summary", "With faster FTS5")
        #expect(
            try movies.succeed("news", "search", "fts5", "--format", "csv").contains("SQLite 3.47 released"))
        try movies.refuse(["news", "search", "\"\""], status: 64, message: "Nothing to search for")
    }
}
