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

    public static let ok = ResultCode(rawValue: SQLITE_OK)
    public static let error = ResultCode(rawValue: SQLITE_ERROR)
    public static let permission = ResultCode(rawValue: SQLITE_PERM)
    public static let busy = ResultCode(rawValue: SQLITE_BUSY)
    public static let locked = ResultCode(rawValue: SQLITE_LOCKED)
    public static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
    public static let ioError = ResultCode(rawValue: SQLITE_IOERR)
    public static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
    public static let full = ResultCode(rawValue: SQLITE_FULL)
    public static let cannotOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
    public static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
    public static let misuse = ResultCode(rawValue: SQLITE_MISUSE)
    public static let range = ResultCode(rawValue: SQLITE_RANGE)
    public static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)

    // MARK: - Extended codes

    /// A write to a file failed (`SQLITE_IOERR_WRITE`).
    public static let ioErrorWrite = extended(SQLITE_IOERR, 3)
    /// Truncating a file failed (`SQLITE_IOERR_TRUNCATE`).
    public static let ioErrorTruncate = extended(SQLITE_IOERR, 6)
    /// Growing the `-shm` file failed (`SQLITE_IOERR_SHMSIZE`).
    public static let ioErrorShmSize = extended(SQLITE_IOERR, 19)
    /// A `CHECK` constraint failed (`SQLITE_CONSTRAINT_CHECK`).
    public static let constraintCheck = extended(SQLITE_CONSTRAINT, 1)
    /// A foreign key constraint failed (`SQLITE_CONSTRAINT_FOREIGNKEY`).
    public static let constraintForeignKey = extended(SQLITE_CONSTRAINT, 3)
    /// A `NOT NULL` constraint failed (`SQLITE_CONSTRAINT_NOTNULL`).
    public static let constraintNotNull = extended(SQLITE_CONSTRAINT, 5)
    /// The `INTEGER PRIMARY KEY` is taken (`SQLITE_CONSTRAINT_PRIMARYKEY`).
    public static let constraintPrimaryKey = extended(SQLITE_CONSTRAINT, 6)
    /// A `UNIQUE` index refused the row (`SQLITE_CONSTRAINT_UNIQUE`).
    public static let constraintUnique = extended(SQLITE_CONSTRAINT, 8)
    /// A value did not fit a `STRICT` column's type (`SQLITE_CONSTRAINT_DATATYPE`).
    public static let constraintDataType = extended(SQLITE_CONSTRAINT, 12)
}
