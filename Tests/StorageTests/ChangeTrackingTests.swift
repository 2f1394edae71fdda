import TestSupport
import Testing

@testable import Storage

@Suite("Change tracking: the tables the update hook names")
struct ChangeTrackingTests {
    @Test("tables created and dropped in one transaction each count, though their names share memory")
    func namesAtReusedAddresses() throws {
        let folder = TemporaryDirectory()
        let database = try Database(path: folder.file("c.sqlite"))
        // Each table's name is freed by its DROP and the next CREATE's name of the same length is
        // likely put in its place: a hook that trusted the address alone would miss the later tables.
        let touched = try database.write { connection -> Set<String> in
            for index in 0..<100 {
                try connection.executeScript(
                    "CREATE TABLE t\(index) (x); INSERT INTO t\(index) VALUES (1); DROP TABLE t\(index)")
            }
            return connection.touchedTables
        }
        #expect(touched == Set((0..<100).map { "t\($0)" }))
    }
}
