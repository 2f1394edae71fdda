import Foundation
import Testing

/// The `sqlite3` command, run against a test's database as a person would: for tests about what another
/// process does or sees. Where no process is needed, `DirectSQL` runs the same SQL in this process.
public enum SQLiteShell {
    /// The path of `sqlite3`; tests that need it require it (CI installs it).
    public static var path: String {
        ProcessRunner.which("sqlite3") ?? "/usr/bin/sqlite3"
    }

    /// Runs `sql` on `database` and returns what sqlite3 printed (trimmed), failing on a non-zero exit.
    @discardableResult
    public static func run(
        _ database: String, _ sql: String, sourceLocation: SourceLocation = #_sourceLocation
    )
        throws -> String
    {
        let result = try ProcessRunner.run(path, ["-bail", database, sql], sourceLocation: sourceLocation)
        guard result.status == 0 else {
            throw SQLiteShellError(message: "sqlite3 failed: \(result.stderr)")
        }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `PRAGMA integrity_check`'s answer: `ok` for a sound file.
    public static func integrityCheck(_ database: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws -> String
    {
        try run(database, "PRAGMA integrity_check", sourceLocation: sourceLocation)
    }
}

/// `sqlite3` exited with an error.
public struct SQLiteShellError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
