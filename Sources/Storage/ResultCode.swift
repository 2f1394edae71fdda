import CSQLite

/// A SQLite result code, primary or extended, with names for the ones this package tells apart.
///
/// SQLite's extended codes are built from a primary code and a detail (`SQLITE_CONSTRAINT_UNIQUE` is
/// `SQLITE_CONSTRAINT | (8 << 8)`); many are C macros Swift cannot import, so they are spelled here once,
/// by name, rather than as numbers such as 2067 wherever one is needed. https://www.sqlite.org/rescode.html
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The primary code (the low byte), which names the kind of failure: `constraintUnique` is a `constraint`.
    public var primary: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

    /// `SQLITE_CONSTRAINT_UNIQUE (2067)`: the name SQLite gives the code, and its number.
    public var description: String {
        "\(String(cString: sqlite3_errstr(rawValue))) (\(rawValue))"
    }

    /// Whether this code is `other` or one of the extended codes of the primary code `other`.
    public func matches(_ other: ResultCode) -> Bool {
        other.rawValue == rawValue || (other.rawValue & ~0xFF == 0 && primary == other)
    }

    private static func extended(_ primary: Int32, _ detail: Int32) -> ResultCode {
        ResultCode(rawValue: primary | (detail << 8))
    }

    // MARK: - Primary codes
    // Only the codes some code path tells apart; any other is carried by its number and named by
    // `description`.

    /// A statement that does not compile against the schema, such as a read of another program's
    /// `schema_migrations` (`SQLITE_ERROR`).
    public static let error = ResultCode(rawValue: SQLITE_ERROR)
    /// Another connection holds the lock past the busy timeout (`SQLITE_BUSY`).
    public static let busy = ResultCode(rawValue: SQLITE_BUSY)
    /// A table locked by another statement or connection of this process (`SQLITE_LOCKED`), treated as
    /// busy.
    public static let locked = ResultCode(rawValue: SQLITE_LOCKED)
    /// An allocation failed (`SQLITE_NOMEM`); also what an import says when its own filter's memory
    /// cannot be had.
    public static let noMemory = ResultCode(rawValue: SQLITE_NOMEM)
    /// The file or its folder cannot be written (`SQLITE_READONLY`).
    public static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
    /// The file is damaged (`SQLITE_CORRUPT`).
    public static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
    /// The disk or the file-size limit is full (`SQLITE_FULL`).
    public static let full = ResultCode(rawValue: SQLITE_FULL)
    /// A row broke a constraint: a key already taken, a CHECK, NOT NULL (`SQLITE_CONSTRAINT`).
    public static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
    /// The file is not a database, or is encrypted (`SQLITE_NOTADB`).
    public static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)

    // MARK: - Extended codes

    /// A row's primary key is another row's already (`SQLITE_CONSTRAINT_PRIMARYKEY`, 1555).
    public static let constraintPrimaryKey = extended(SQLITE_CONSTRAINT, 6)
    /// A row's value in a unique index is another row's already (`SQLITE_CONSTRAINT_UNIQUE`, 2067).
    public static let constraintUnique = extended(SQLITE_CONSTRAINT, 8)
    /// A write to a file failed (`SQLITE_IOERR_WRITE`).
    public static let ioErrorWrite = extended(SQLITE_IOERR, 3)
    /// Truncating a file failed (`SQLITE_IOERR_TRUNCATE`).
    public static let ioErrorTruncate = extended(SQLITE_IOERR, 6)
    /// Growing the `-shm` file failed (`SQLITE_IOERR_SHMSIZE`).
    public static let ioErrorShmSize = extended(SQLITE_IOERR, 19)
}
