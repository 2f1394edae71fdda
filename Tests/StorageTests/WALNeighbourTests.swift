import FoundationEssentials
import Storage
import TestSupport
import Testing

/// What a program replicating the file (Litestream) or reading it for long (`sqlite3`) needs of this one:
/// the WAL is never restarted, truncated or deleted while another connection reads, whatever this
/// package's connections do, including closing (docs/GUIDE.md, "Litestream").
@Suite("Beside a long reader: the WAL is left to it", .serialized)
struct WALNeighbourTests {
    let folder = TemporaryDirectory()

    /// The WAL's size and salts (bytes 16–23 of its header, new at each restart), or nil without a WAL.
    private func walState(_ path: String) -> (size: Int, salts: Data)? {
        guard let bytes = fileSnapshot(path + "-wal"), bytes.count >= 32 else { return nil }
        return (bytes.count, bytes[16..<24])
    }

    @Test(
        "3,000 commits and closing every connection while sqlite3 holds a read transaction",
        .requires(.sqlite3))
    func walSurvivesUnderReader() async throws {
        let path = folder.file("a.sqlite")
        try createTable(at: path)
        // An idle connection opened first, then a read transaction, as Litestream holds one.
        let reader = try BackgroundProcess(SQLiteShell.path, [path], acceptsInput: true)
        reader.write("BEGIN; SELECT 'reading', count(*) FROM t;\n")
        #expect(await reader.waitForOutput("reading"))

        let states = try writeRounds(at: path)
        // Past SQLite's automatic checkpoint threshold (1,000 pages) many times over, the WAL only grew:
        // the PASSIVE checkpoints could not restart it, nothing truncated it, no close deleted it.
        #expect(states.last.map { $0.size / 4_120 } ?? 0 > 1_000)
        for (earlier, later) in zip(states, states.dropFirst()) {
            #expect(later.size >= earlier.size)
            #expect(later.salts == earlier.salts, "the WAL was restarted behind the reader")
        }

        reader.write("SELECT 'read', count(*) FROM t; COMMIT;\n.quit\n")
        reader.closeInput()
        let finished = await reader.finished()
        #expect(finished.status == 0)
        #expect(finished.stdout.contains("reading|0"), "the reader kept its snapshot: \(finished.stdout)")
        // Alone again, the last connection to close checkpoints and removes the WAL, as usual.
        #expect(try count(at: path) == 3_000)
        #expect(walState(path) == nil)
    }

    // Synchronous, so the calls below are the blocking ones a command makes, not their async forms.

    private func createTable(at path: String) throws {
        let database = try Database(path: path)
        try database.write { try $0.executeScript("CREATE TABLE t (x TEXT)") }
    }

    /// 30 rounds of 100 commits, each round on a new `Database` closed at its end (no close may
    /// checkpoint behind the reader), and the WAL after each round.
    private func writeRounds(at path: String) throws -> [(size: Int, salts: Data)] {
        var states: [(size: Int, salts: Data)] = []
        for round in 0..<30 {
            let database = try Database(path: path)
            for number in 0..<100 {
                try database.write {
                    try $0.execute("INSERT INTO t VALUES (?)", arguments: ["\(round) \(number)"])
                }
            }
            states.append(try #require(walState(path), "round \(round): no WAL"))
        }
        return states
    }

    private func count(at path: String) throws -> Int? {
        let database = try Database(path: path)
        return try database.read { try $0.scalarInt("SELECT count(*) FROM t") }
    }
}
