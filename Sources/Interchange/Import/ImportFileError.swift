import MoviesCore

/// Why a whole input file cannot be imported, as opposed to one row of it (`ImportRowError`).
///
/// The cases split the way the command line's exit codes do: a file that is missing or cannot be read
/// (`isMissingInput`, exit 66) versus a file whose contents are not what was expected (exit 65).
public enum ImportFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing exists at the path.
    case notFound(path: String)
    /// The file exists but cannot be opened or read (permissions, a folder, an I/O error).
    case unreadable(path: String, reason: String)
    /// The file is not in any format the reader knows, or lacks the columns its format needs.
    case unknownFormat(path: String, reason: String)
    /// The file's structure is broken at `line` (CSV quoting, JSON syntax, encoding, a limit).
    case malformed(line: Int, Malformation)
    /// The bytes could be read but not trusted: a zip entry whose data fails its CRC, grows past its
    /// size cap, or differs from what was measured before the import began.
    case damaged(path: String, reason: String)

    /// True when the input could not be opened or read at all (sysexits' `EX_NOINPUT`, 66).
    public var isMissingInput: Bool {
        switch self {
        case .notFound, .unreadable: true
        case .unknownFormat, .malformed, .damaged: false
        }
    }

    public var description: String {
        switch self {
        case .notFound(let path): "no such file: \(path)"
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .unknownFormat(let path, let reason): "\(path): \(reason)"
        case .malformed(let line, let malformation): "line \(line): \(malformation)"
        case .damaged(let path, let reason): "\(path): \(reason)"
        }
    }
}

/// A structural problem in an input file; each one stops the import, because what follows it cannot
/// be trusted to line up (a missing quote swallows the rest of the file).
public enum Malformation: Sendable, Hashable, CustomStringConvertible {
    /// A field (or JSON string) is longer than the limit, in bytes. `quoted` says it was inside quotes,
    /// where a missing closing quote is the usual cause.
    case fieldTooLong(limit: Int, quoted: Bool)
    /// A record has more fields (or a JSON object more keys) than the limit.
    case tooManyFields(limit: Int)
    /// A record's fields together are longer than the limit, in bytes.
    case recordTooLong(limit: Int)
    /// The file ends inside a quoted field that started on `openedAt`.
    case unterminatedQuote(openedAt: Int)
    /// Bytes that are not UTF-8.
    case invalidUTF8
    /// A NUL byte: the file is binary (or UTF-16), not text.
    case nulByte
    /// The file starts with a UTF-16 byte order mark.
    case utf16
    /// JSON that does not follow the grammar or the flat-objects shape; the text says what was expected.
    case json(String)

    public var description: String {
        switch self {
        case .fieldTooLong(let limit, let quoted):
            quoted
                ? "a quoted field is longer than \(Self.size(limit)); is its closing quote missing?"
                : "a field is longer than \(Self.size(limit))"
        case .tooManyFields(let limit): "a record has more than \(limit) fields"
        case .recordTooLong(let limit): "a record is longer than \(Self.size(limit))"
        case .unterminatedQuote(let openedAt): "unterminated quoted field (opened at line \(openedAt))"
        case .invalidUTF8: "not valid UTF-8"
        case .nulByte: "a NUL byte; this is a binary file, not text"
        case .utf16: "the file is UTF-16 text; save it as UTF-8"
        case .json(let text): text
        }
    }

    /// `1 MiB`, `64 KiB` or `100 bytes`.
    static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
