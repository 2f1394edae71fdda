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

    /// The problem without the file's name, for a message that names the file already (`Cannot use
    /// watched.csv: …`, not `Cannot use watched.csv: watched.csv: …`).
    public var reason: String {
        switch self {
        case .unknownFormat(_, let reason), .damaged(_, let reason), .unreadable(_, let reason): reason
        case .notFound: "no such file"
        case .malformed: description
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
    /// Bytes that are not UTF-8, in a file that was UTF-8 before them.
    case invalidUTF8
    /// UTF-8 and bytes of another encoding in one file.
    case mixedEncoding
    /// Text in an encoding other than UTF-8 and Windows-1252 (see `DecodingInput`).
    case notUTF8(ForeignEncoding)
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
        case .invalidUTF8:
            "not valid UTF-8; if the file was saved as Windows-1252 or Latin-1, convert it: "
                + "iconv -f WINDOWS-1252 -t UTF-8 file.csv > file-utf8.csv"
        case .mixedEncoding:
            "the file is partly UTF-8 and partly in another encoding (Windows-1252?); save it again as "
                + "UTF-8 from the program that wrote it"
        case .notUTF8(let encoding): encoding.description
        case .nulByte: "a NUL byte; this is a binary file, not text"
        case .utf16: "the file is UTF-16 text; save it as UTF-8"
        case .json(let text): text
        }
    }

    /// Whether the problem is the file's text encoding (so format detection reports it as such).
    var isEncoding: Bool {
        switch self {
        case .invalidUTF8, .mixedEncoding, .notUTF8, .nulByte, .utf16: true
        default: false
        }
    }

    /// Whether the problem is one of `CSVLimits`' bounds, which a header passes as surely as a row: said
    /// as it is, not as a file without a header.
    var isLimit: Bool {
        switch self {
        case .fieldTooLong, .tooManyFields, .recordTooLong: true
        default: false
        }
    }

    /// `1 MiB`, `64 KiB` or `100 bytes`.
    static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}

/// An encoding a file that is neither UTF-8 nor Windows-1252 looks like, with how to convert it.
public enum ForeignEncoding: Sendable, Hashable, CustomStringConvertible {
    /// Bytes Windows-1252 leaves undefined, where Mac OS Roman (as Excel for Mac saves CSV) has
    /// accented letters.
    case macRoman
    /// Runs of letters outside ASCII: a single-byte encoding of another alphabet.
    case otherAlphabet

    public var description: String {
        switch self {
        case .macRoman:
            "the file is not UTF-8; it looks like Mac OS Roman (as Excel for Mac saves CSV); convert it: "
                + "iconv -f MACINTOSH -t UTF-8 file.csv > file-utf8.csv"
        case .otherAlphabet:
            "the file is not UTF-8; it looks like a single-byte encoding of another alphabet, such as "
                + "Windows-1251 or KOI8-R (Cyrillic) or Windows-1253 (Greek); convert it from its encoding: "
                + "iconv -f WINDOWS-1251 -t UTF-8 file.csv > file-utf8.csv"
        }
    }
}
