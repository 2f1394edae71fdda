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
}
