import Checksum

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
    /// The SHA-256 of the SQL text (64 lowercase hex digits), as stored in `schema_migrations.checksum`.
    public let checksum: String

    /// Creates a migration; `version` must be positive. `checksum` is the SHA-256 of `sql` when it was
    /// computed ahead of time (the EmbedMigrations build tool does); without it, it is computed here.
    public init(version: Int, name: String, sql: String, checksum: String? = nil) {
        precondition(version > 0, "migration versions start at 1 (got \(version) for \(name))")
        self.version = version
        self.name = name
        self.sql = sql
        self.checksum = checksum ?? SHA256.hexDigest(of: sql)
    }

    /// `0001_create_movies`: the form used in file names and messages.
    public var identifier: String { Self.identifier(version: version, name: name) }

    /// `0001_create_movies` for a version and a name.
    static func identifier(version: Int, name: String) -> String {
        let digits = String(version)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "_" + name
    }
}
