import Foundation
import TestSupport
import Testing

@testable import MoviesCLI

/// Messages that misled (issue 26, point 5): cursors as the help writes them, filters that cannot both
/// hold, what --watch calls a film entering or leaving its filter, and search pages.
@Suite("messages that no longer mislead", .offPool, .serialized)
struct MisleadingMessagesTests {
    let movies = MoviesProcess()

    @Test(
        "a title cursor is case-insensitive, so the help's example is true; one that matches nothing is refused"
    )
    func cursors() throws {
        for title in ["Alien", "Heat", "Ran", "Zodiac"] { try movies.succeed("add", title) }
        let typed = try movies.succeed(
            "list", "--sort", "title", "--limit", "1", "--after", "title:Heat:2", "--format", "tsv")
        #expect(typed.contains("\tRan\t"), "\(typed)")
        let printed = try movies.succeed(
            "list", "--sort", "title", "--limit", "1", "--after", "title:heat:2", "--format", "tsv")
        #expect(printed == typed)
        let before = fileSnapshot(movies.databasePath)
        try movies.refuse(
            ["list", "--sort", "title", "--after", "title:heat:1"], status: 64,
            message:
                "The cursor title:heat:1 matches no page of this list: movie 1 is listed there as title:alien:1"
        )
        #expect(fileSnapshot(movies.databasePath) == before)
        // A cursor whose movie was removed since goes on from where it stood.
        try movies.succeed("rm", "2")
        let afterRemoval = try movies.succeed(
            "list", "--sort", "title", "--after", "title:heat:2", "--format", "tsv")
        #expect(afterRemoval.contains("\tRan\t") && !afterRemoval.contains("\tAlien\t"), "\(afterRemoval)")
    }

    @Test("filters that exclude each other are refused, not shown as an empty list")
    func contradictoryFilters() throws {
        try movies.succeed("add", "Heat", "--rating", "good")
        let before = fileSnapshot(movies.databasePath)
        try movies.refuse(
            ["list", "-r", "not-seen", "--seen"], status: 64,
            message:
                "--rating not-seen and --seen exclude each other: a film rated not-seen is on the watchlist")
        try movies.refuse(
            ["list", "-r", "good", "--watchlist"], status: 64,
            message: "--rating good and --watchlist exclude each other: a film rated good is seen")
        #expect(fileSnapshot(movies.databasePath) == before)
        #expect(
            try movies.succeed("list", "-r", "good,not-seen", "--seen", "--format", "tsv").contains("Heat"))
    }

    @Test("--watch --format ndjson tells a film entering or leaving the filter from a real add or delete")
    func watchEnteredAndLeft() async throws {
        try movies.succeed("add", "Heat", "--rating", "good")
        try movies.succeed("add", "Alien", "--rating", "excellent")
        let watch = try BackgroundProcess(
            MoviesProcess.binary, ["list", "--watch", "--format", "ndjson", "--rating", "excellent"],
            environment: movies.environment)
        #expect(await watch.waitForOutput("\"title\":\"Alien\""))
        try movies.succeed("rate", "1", "excellent")
        #expect(await watch.waitForOutput("{\"change\":\"entered\",\"movie\":{\"id\":1,"))
        try movies.succeed("add", "Ran", "--rating", "excellent", "--watched", "2024-01-02")
        #expect(await watch.waitForOutput("{\"change\":\"added\",\"movie\":{\"id\":3,"))
        try movies.succeed("rate", "2", "good")
        #expect(await watch.waitForOutput("{\"change\":\"left\",\"movie\":{\"id\":2,"))
        try movies.succeed("rm", "3")
        #expect(await watch.waitForOutput("{\"change\":\"removed\",\"movie\":{\"id\":3,"))
        watch.send(SIGTERM)
        let result = watch.wait()
        #expect(!result.stdout.contains("\"change\":\"added\",\"movie\":{\"id\":1,"), "\(result)")
    }
}
