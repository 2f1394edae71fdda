import Foundation
import TestSupport
import Testing

/// datasette and sqlite-utils on a file `movies` keeps, as docs/SCHEMA.md shows them: both find movies
/// through the full-text index (migration 0008 declares it the way they look for it), datasette takes
/// the shipped metadata, and a row sqlite-utils inserts is a movie like any other.
@Suite(
    "datasette and sqlite-utils", .offPool,
    .requires(.datasette, .sqliteUtils))
struct DatasetteTests {
    let movies = MoviesProcess()

    /// docs/datasette-metadata.json, beside Tests/.
    static let metadata = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs")
        .appendingPathComponent("datasette-metadata.json").path

    @discardableResult
    func tool(_ name: String, _ arguments: [String], input: String? = nil) throws -> String {
        let path = try #require(ProcessRunner.which(name))
        let result = try ProcessRunner.run(path, arguments, input: input)
        #expect(result.status == 0, "\(name) \(arguments): \(result)")
        return result.stdout
    }

    @Test("datasette's ?_search and sqlite-utils search find the movie; the metadata's facet is there")
    func search() throws {
        try movies.succeed("add", "Heat", "--year", "1995", "--rating", "good", "--note", "with Sam")
        try movies.succeed("add", "Alien", "--year", "1979")
        let page = try tool(
            "datasette",
            [
                movies.databasePath, "--metadata", Self.metadata, "--get",
                "/movies/movies.json?_search=sam&_shape=objects",
            ])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(page.utf8)) as? [String: Any], "\(page)")
        let rows = try #require(object["rows"] as? [[String: Any]], "\(page)")
        #expect(rows.map { $0["title"] as? String } == ["Heat"], "\(page)")
        let facets = try #require(object["facet_results"] as? [String: Any], "\(page)")
        #expect(facets.keys.contains("rating"), "\(page)")

        let found = try tool("sqlite-utils", ["search", movies.databasePath, "movies", "heat", "--csv"])
        #expect(found.contains("Heat") && !found.contains("Alien"), "\(found)")
        let news = try tool("sqlite-utils", ["search", movies.databasePath, "news_items", "anything"])
        #expect(
            news.trimmingCharacters(in: .whitespacesAndNewlines) == "[]", "news items have their index too")
    }

    @Test(
        "a row inserted with sqlite-utils is listed and found by movies, its title keys filled by the next write"
    )
    func insertedRow() throws {
        try movies.succeed("add", "Heat", "--year", "1995")
        try tool(
            "sqlite-utils", ["insert", movies.databasePath, "movies", "-"],
            input: #"{"title": "Amélie", "year": 2001, "rating": "good", "watched_on": "2025-02-01"}"#)
        #expect(
            try DirectSQL.run(movies.databasePath, "SELECT title_key IS NULL FROM movies WHERE year = 2001")
                == "1")

        let list = try movies.succeed("list", "--format", "csv")
        #expect(list.contains("Amélie,2001,good"), "\(list)")
        // A command that only reads changes nothing in the file; the next that writes fills the keys.
        #expect(
            try DirectSQL.run(movies.databasePath, "SELECT title_key IS NULL FROM movies WHERE year = 2001")
                == "1")
        try movies.succeed("migrate")
        #expect(
            try DirectSQL.run(movies.databasePath, "SELECT title_key FROM movies WHERE year = 2001")
                == "amélie")
        let found = try movies.succeed("search", "amelie", "--format", "csv")
        #expect(found.contains("Amélie") && !found.contains("Heat"), "\(found)")
        #expect(try movies.succeed("stats", "--year", "2025", "--format", "json").contains("\"seen\":1"))
    }
}
