import FeedServer
import Foundation
import TestSupport
import Testing

@testable import MoviesCLI

/// Following the next-page hint, as a person or a script would: the command it gives, word for word.
@Suite("Paging by the next-page hint", .offPool)
struct PagingTests {
    let movies = MoviesProcess()

    init() throws {
        let movies: [(String, String?, String)] = [
            ("Heat", "1995", "excellent"), ("alien", "1979", "good"), ("Brazil", "1985", "good"),
            ("Zodiac", "2007", "decent"), ("Cats", "2019", "terrible"), ("Dune", nil, "not-seen"),
            ("Arrival", "2016", "excellent"), ("It's \"Heat\": 2", "2001", "good"), ("Akira", nil, "good"),
        ]
        for (title, year, rating) in movies {
            let result = try self.movies.run(
                ["add", "--rating", rating] + (year.map { ["--year", $0] } ?? []) + ["--", title])
            #expect(result.status == 0, "\(result)")
        }
    }

    /// The words of the command a hint gives, without `movies` (the hint's cursors never need quotes).
    private func nextCommand(_ stderr: String) -> [String]? {
        guard let range = stderr.range(of: "continue with movies ") else { return nil }
        return stderr[range.upperBound...].trimmingCharacters(in: .newlines).split(separator: " ").map(
            String.init)
    }

    /// The ids of a CSV page.
    private func ids(_ csv: String) -> [String] {
        csv.split(separator: "\n").dropFirst().map { String($0.prefix { $0 != "," }) }
    }

    @Test(
        "every order, either direction, with a filter: the pages are the list, even when the last movie of a page is removed",
        arguments: ["added", "title", "rating", "year"], [false, true])
    func followTheHint(sort: String, reversed: Bool) throws {
        var first = ["list", "--sort", sort, "--rating", "good,excellent,not-seen", "--format", "csv"]
        if reversed { first.append("--reverse") }
        let whole = try movies.run(first)
        #expect(whole.status == 0 && whole.stderr.isEmpty, "\(whole)")
        var expected = ids(whole.stdout)

        var command = first + ["--limit", "2"]
        var seen: [String] = []
        var pages = 0
        while true {
            let page = try movies.run(command)
            #expect(page.status == 0, "\(command): \(page)")
            let pageIDs = ids(page.stdout)
            seen += pageIDs
            pages += 1
            guard let next = nextCommand(page.stderr), pages < 10 else { break }
            #expect(next.last?.isEmpty == false)
            if pages == 1, let last = pageIDs.last {
                // Removing the movie the cursor points after does not break the next page.
                try movies.succeed("rm", last)
                expected.removeAll { $0 == last }
                seen.removeAll { $0 == last }
            }
            command = next
        }
        #expect(seen == expected, "\(sort) reversed: \(reversed)")
        #expect(pages == 4)
    }

    @Test("a cursor that does not fit the order is refused before the database is opened")
    func mismatchedCursor() throws {
        let path = movies.folder.file("absent.sqlite")
        try movies.refuse(
            ["--db", path, "list", "--sort", "title", "--after", "2"], status: 64,
            message: "Error: An id after --after continues the list in the order added; the list sorted by "
                + "title continues from the cursor its previous page printed", databasePath: path)
        try movies.refuse(
            ["--db", path, "list", "--after", "rating:good:2"], status: 64,
            message: "Error: The cursor rating:good:2 continues the list sorted by rating, not the list in "
                + "the order added; give --sort rating with it", databasePath: path)
        try movies.refuse(
            ["list", "--sort", "title", "--after", "title:Heat"], status: 64,
            message: "expected a cursor printed by a previous page, such as 12 or title:Heat:12")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test(
        "a word of a hint reads back the same in a shell",
        arguments: [
            "plain", "it's", "two words", "$HOME", "`id`", "a\"b", "", "~", "=x", "%1", "*", "new\nline",
            "back\\slash",
            "title:It%27s:3",
            // A quote that a combining mark follows is still a quote to the shell.
            "it'\u{301}s",
        ])
    func shellQuoting(word: String) throws {
        let quoted = NextPageHint.shellQuoted(word)
        let result = try ProcessRunner.run("/bin/sh", ["-c", "printf '%s' " + quoted])
        #expect(result.stdout == word, "\(quoted)")
        #expect((quoted == word) == (word == "plain" || word == "title:It%27s:3"))
    }

    @Test("the hint repeats --db, quoted for a shell, and the shell's own list gives its own hint")
    func hintWithDatabaseAndShell() throws {
        let path = movies.folder.file("it's here.sqlite")
        try FileManager.default.copyItem(atPath: movies.databasePath, toPath: path)
        let page = try movies.run(["--db", path, "list", "--limit", "8", "--sort", "year"])
        #expect(
            page.stderr
                == "More movies: continue with movies --db '\(movies.folder.file("it"))'\\''s here.sqlite' "
                + "list --sort year --limit 8 --after year:none:6\n")
        let shell = try movies.run(["shell"], input: "list --limit 2 --sort title\n")
        #expect(
            shell.stderr == "More movies: continue with list --sort title --limit 2 --after title:alien:2\n")
    }
}

/// Times for people in the local time zone (TZ honoured), machine formats in UTC; counts and kinds of
/// file in words.
@Suite("Times and wording", .offPool)
struct WordingTests {
    let movies = MoviesProcess()

    @Test("movies and news show local time, from TZ; machine formats keep ISO-8601 UTC")
    func localTime() throws {
        try movies.succeed("add", "Heat")
        try DirectSQL.run(
            movies.databasePath, "UPDATE movies SET created_at = '2026-11-30T22:56:00.000Z' WHERE id = 1")
        try movies.succeed("news", "add", "--title", "Late", "--published", "2026-11-30T22:56:00Z")
        // POSIX TZ rules, which need no zone files: nine hours east of UTC, named JST.
        let tokyo = ["TZ": "JST-9"]
        #expect(
            try movies.run(["show", "1"], environment: tokyo).stdout.contains(
                "added       2026-12-01 07:56 JST")
        )
        #expect(
            try movies.run(["show", "1"], environment: ["TZ": "UTC"]).stdout.contains(
                "added       2026-11-30 22:56 UTC"))
        #expect(try movies.run(["news", "list"], environment: tokyo).stdout.contains("2026-12-01 07:56  "))
        #expect(
            try movies.run(["news", "list"], environment: ["TZ": "EST5"]).stdout.contains(
                "2026-11-30 17:56  "))
        #expect(
            try movies.run(["news", "show", "1"], environment: tokyo).stdout.contains(
                "published  2026-12-01 07:56 JST"))
        let csv = try movies.run(["list", "--format", "csv"], environment: tokyo).stdout
        #expect(csv.contains(",2026-11-30T22:56:00.000Z,"))
        let json = try movies.run(["news", "list", "--format", "json"], environment: tokyo).stdout
        #expect(json.contains("2026-11-30T22:56:00.000Z"))
    }

    @Test("one item, one movie: counts agree with their nouns")
    func plurals() throws {
        let server = try FeedServer()
        server.set(
            "/one.xml", .feed(FeedXML.rss(title: "RDF Site", items: FeedXML.numberedItems(1, prefix: "x"))))
        #expect(
            try movies.succeed("news", "subscribe", server.url("/one.xml"))
                == "Subscribed 1  RDF Site  (1 item)\n")
    }

    @Test("an IMDb file read with --from letterboxd is described in words, not by an internal name")
    func importKinds() throws {
        let file = movies.folder.file("ratings.csv")
        try """
        Const,Your Rating,Date Rated,Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors
        tt0113277,9,2024-01-02,Heat,https://www.imdb.com/title/tt0113277/,Movie,8.3,170,1995,Crime,700000,1995-12-15,Michael Mann

        """.write(toFile: file, atomically: true, encoding: .utf8)
        let dry = try movies.succeed("import", file, "--from", "letterboxd", "--dry-run")
        #expect(dry.contains("(a CSV with a Title column, read as Letterboxd's import format)"), "\(dry)")
        #expect(!dry.contains("importLayout"))
        let imdb = try movies.succeed("import", file, "--dry-run")
        #expect(imdb.contains("(IMDb ratings)"), "\(imdb)")
    }
}
