import FeedServer
import Foundation
import TestSupport
import Testing

/// The shell's news screen at a terminal (issue 11, point 12): Ctrl-C stops a refresh, keeps what
/// arrived, and gives the prompt back.
@Suite("movies shell: news at a terminal", .offPool, .serialized)
struct NewsShellTests {
    /// How one try of the scenario ended.
    enum Attempt {
        /// The Ctrl-C reached the refresh; the expectations were checked.
        case done
        /// The refresh ended by itself first: the held feeds hit the fetcher's 15 s timeout before the
        /// fast ones showed up in the file, which only a starved machine does. Worth another try.
        case overtakenByTimeout
    }

    @Test("Ctrl-C during `refresh` cancels it, keeps the feeds that arrived, and returns to the prompt")
    func interruptedRefresh() async throws {
        for _ in 1...3 where try await interruptRefresh() == .done {
            return
        }
        Issue.record("three tries in a row, the refresh ended by its fetch timeout before Ctrl-C")
    }

    /// Two feeds answer at once, four are held by the server; Ctrl-C once the two are stored.
    private func interruptRefresh() async throws -> Attempt {
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
        // The two fast feeds are stored while the four held ones wait.
        let deadline = ContinuousClock.now + .seconds(30)
        while try SQLiteShell.run(movies.databasePath, "SELECT count(*) FROM news_items") != "6",
            ContinuousClock.now < deadline
        {
            try await Task.sleep(for: .milliseconds(20))
        }
        shell.interrupt()
        if !shell.waitFor("Refresh interrupted", after: "news> refresh"),
            shell.output.contains("6 new, 4 failed.")
        {
            return .overtakenByTimeout
        }
        #expect(
            shell.output.contains("Refresh interrupted: 2 of 6 feeds refreshed, 6 new."), "\(shell.output)")
        #expect(shell.waitFor("news> ", after: "Refresh interrupted"), "\(shell.output)")
        #expect(try SQLiteShell.run(movies.databasePath, "SELECT count(*) FROM news_items") == "6")
        #expect(
            try SQLiteShell.run(
                movies.databasePath, "SELECT count(*) FROM feeds WHERE last_error IS NOT NULL")
                == "0")
        // The shell goes on: another command runs, and quit leaves with 0.
        shell.type("list\n")
        #expect(shell.waitFor("F1 3", after: "news> list"), "\(shell.output)")
        shell.type("quit\n")
        #expect(shell.waitForExit() == 0, "\(shell.output)")
        return .done
    }
}
