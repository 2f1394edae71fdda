/// One versioned schema change: a number, a name, and the SQL that applies it.
///
/// Migrations are applied in version order, each once. Their SQL must never change after release: the
/// checksum stored with each applied migration lets the `Migrator` refuse a binary whose copy differs.
public struct Migration: Sendable, Equatable {
    /// The version this migration brings the schema to; positive and unique.
    public let version: Int
    /// A short snake_case description, e.g. `create_movies`.
    public let name: String
    /// The SQL script; it may hold several statements. It runs inside the migration's transaction.
    public let sql: String

    /// Creates a migration; `version` must be positive.
    public init(version: Int, name: String, sql: String) {
        precondition(version > 0, "migration versions start at 1 (got \(version) for \(name))")
        self.version = version
        self.name = name
        self.sql = sql
    }

    /// `0001_create_movies`: the form used in file names and messages.
    public var identifier: String {
        let digits = String(version)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "_" + name
    }

    /// The SHA-256 of the SQL text, as stored in `schema_migrations.checksum`.
    public var checksum: String { SHA256.hexDigest(of: sql) }
}
