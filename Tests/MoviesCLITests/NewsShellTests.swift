import FeedServer
import Foundation
import TestSupport
import Testing

/// The shell's news screen at a terminal (issue 11, point 12): Ctrl-C stops a refresh, keeps what
/// arrived, and gives the prompt back.
@Suite("movies shell: news at a terminal", .offPool, .serialized)
struct NewsShellTests {
    /// Two feeds answer at once, four are held by the server until the test ends; Ctrl-C once the two
    /// are stored, which takes a moment (the shell's 15 s fetch timeout, which it has no option to
    /// raise, is only reached by a machine that hangs).
    @Test("Ctrl-C during `refresh` cancels it, keeps the feeds that arrived, and returns to the prompt")
    func interruptedRefresh() async throws {
        let movies = MoviesProcess()
        let gate = FeedGate()
        defer { gate.open() }
        let server = try FeedServer()
        defer { server.stop() }
        for index in 0..<6 {
            let xml = FeedXML.rss(title: "F\(index)", items: FeedXML.numberedItems(3, prefix: "f\(index)"))
            server.set("/\(index).xml", index < 2 ? .feed(xml) : .held(xml, gate: gate))
            try movies.succeed("news", "subscribe", "--no-fetch", server.url("/\(index).xml"))
        }
        let shell = try movies.startShellAtTerminal()
        shell.type("news\n")
        #expect(shell.waitFor("news> "))
        shell.type("refresh\n")
        // The two fast feeds are stored (each commit wakes the wait) while the four held ones wait.
        #expect(
            try await CommittedValue.wait(
                for: 6, from: "SELECT count(*) FROM news_items", in: movies.databasePath))
        shell.interrupt()
        #expect(shell.waitFor("Refresh interrupted", after: "news> refresh"), "\(shell.output)")
        #expect(
            shell.output.contains("Refresh interrupted: 2 of 6 feeds refreshed, 6 new."), "\(shell.output)")
        #expect(shell.waitFor("news> ", after: "Refresh interrupted"), "\(shell.output)")
        #expect(try DirectSQL.run(movies.databasePath, "SELECT count(*) FROM news_items") == "6")
        #expect(
            try DirectSQL.run(
                movies.databasePath, "SELECT count(*) FROM feeds WHERE last_error IS NOT NULL")
                == "0")
        // The shell goes on: another command runs, and quit leaves with 0.
        shell.type("list\n")
        #expect(shell.waitFor("F1 3", after: "news> list"), "\(shell.output)")
        shell.type("quit\n")
        #expect(shell.waitForExit() == 0, "\(shell.output)")
    }

    /// As docs/GUIDE.md shows: `+ 16  Title (Source)`, the source being what the table's SOURCE column
    /// shows, the feed's name (an item of a feed used to show its author, or nothing when it had none).
    @Test(
        "items that arrive while the news screen is shown: a refresh there lists them; from elsewhere, + lines"
    )
    func arrivingItems() throws {
        let movies = MoviesProcess()
        let server = try FeedServer()
        defer { server.stop() }
        let day = Date(timeIntervalSince1970: 1_780_000_000)
        func publish(_ titles: [String]) {
            let items = titles.enumerated().map { index, title in
                FeedXML.Item(guid: title, title: title, date: day.addingTimeInterval(Double(index) * -60))
            }
            server.set("/feed.xml", .feed(FeedXML.rss(title: "Example Blog", items: items)))
        }
        publish(["First"])
        try movies.succeed("news", "subscribe", server.url("/feed.xml"))
        let shell = try movies.startShellAtTerminal()
        shell.type("news\n")
        #expect(shell.waitFor("news> "))
        // A refresh typed on the screen says how many arrived and lists them (no + line of its own).
        publish(["Second", "First"])
        shell.type("refresh\n")
        #expect(shell.waitFor("1 new, 0 failed.", after: "news> refresh"), "\(shell.output)")
        #expect(shell.waitFor("Example Blog  Second", after: "1 new, 0 failed."), "\(shell.output)")
        #expect(shell.waitFor("news> ", after: "Example Blog  Second"), "\(shell.output)")
        // A refresh by another movies: the feed's name in parentheses.
        publish(["Third", "Second", "First"])
        #expect(try movies.run(["news", "refresh"]).status == 0)
        #expect(shell.waitFor("+ 3  Third (Example Blog)"), "\(shell.output)")
        // An item of the feed written with sqlite3, with an author: still the feed's name.
        _ = try DirectSQL.run(
            movies.databasePath,
            """
            INSERT INTO news_items (feed_id, guid, title, source, published_at)
            VALUES (1, 'fourth', 'Fourth', 'Jane Critic', '2026-12-01T10:00:00.000Z')
            """)
        #expect(shell.waitFor("+ 4  Fourth (Example Blog)"), "\(shell.output)")
        shell.type("quit\n")
        #expect(shell.waitForExit() == 0, "\(shell.output)")
        #expect(!shell.output.contains("Jane Critic"), "\(shell.output)")
    }
}
