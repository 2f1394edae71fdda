import MoviesCore

/// Reads flat JSON objects one at a time from a JSON array (`[{…}, {…}]`) or NDJSON (`{…}` per line),
/// holding one object in memory however large the file.
///
/// Only the keys a mapping asks for are kept, as `FieldValue`s in its slot order; keys are matched
/// exactly first and then by `ImportHeader.key`, so `watched_on` and `watchedOn` both work. The last of
/// repeated keys wins. Values that are arrays or objects are parsed (to stay in step) but not kept;
/// a field that needs text and finds one is a row error, not a file error. Everything else that is not
/// RFC 8259 JSON stops the reader with the line it is on.
final class JSONObjectReader {
    /// How the objects are laid out in the file.
    enum Layout {
        /// One JSON array of objects.
        case array
        /// Objects one after another, separated by whitespace (newline-delimited JSON).
        case lines
    }

    /// Arrays and objects inside a movie's values are skipped only this deep, so hostile nesting cannot
    /// exhaust the stack.
    static let maximumDepth = 64
    /// The longest number literal; real ones are a few digits.
    static let maximumNumberLength = 100

    let source: ByteSource
    private let layout: Layout
    let limits: CSVLimits
    private let slots: [String: Int]
    private let slotCount: Int
    var line = 1
    private var position = Position.beforeStart
    /// The bytes of the string being read; reused.
    var stringBytes: [UInt8] = []

    private enum Position {
        case beforeStart
        case afterOpeningBracket
        case afterObject
        case finished
    }

    /// A reader of `source` from its current position, keeping the values of `keys` (normalized, in
    /// slot order). `names` are the keys as usually written (`watched_on`), looked up before normalizing
    /// a key, which would cost a string per key per object.
    init(source: ByteSource, layout: Layout, keys: [String], names: [String] = [], limits: CSVLimits)
        throws(ImportFileError)
    {
        self.source = source
        self.layout = layout
        self.limits = limits
        var slots: [String: Int] = [:]
        for (slot, key) in keys.enumerated() where slots[key] == nil {
            slots[key] = slot
        }
        for (slot, name) in names.enumerated() where slots[name] == nil {
            slots[name] = slot
        }
        self.slots = slots
        self.slotCount = keys.count
        try source.skipByteOrderMark()
    }

    /// The next object's values and line, or nil after the last one.
    func next() throws(ImportFileError) -> ImportRow? {
        switch layout {
        case .lines:
            try skipWhitespace()
            guard let byte = try peek() else { return nil }
            guard byte == UInt8(ascii: "{") else {
                throw syntax("expected '{' to start an object, found \(describe(byte))")
            }
            return try readObject()
        case .array:
            return try nextInArray()
        }
    }

    private func nextInArray() throws(ImportFileError) -> ImportRow? {
        switch position {
        case .finished:
            return nil
        case .beforeStart:
            try skipWhitespace()
            let byte = try peek()
            guard byte == UInt8(ascii: "[") else {
                throw syntax("expected '[' to start the JSON array, found \(describe(byte))")
            }
            source.start += 1
            position = .afterOpeningBracket
            try skipWhitespace()
            if try peek() == UInt8(ascii: "]") {
                return try finishArray()
            }
        case .afterOpeningBracket:
            break
        case .afterObject:
            try skipWhitespace()
            switch try peek() {
            case UInt8(ascii: ","):
                source.start += 1
                try skipWhitespace()
            case UInt8(ascii: "]"):
                return try finishArray()
            case nil:
                throw syntax("the file ends inside the JSON array; is it truncated?")
            case let byte:
                throw syntax("expected ',' or ']' after an object, found \(describe(byte))")
            }
        }
        let byte = try peek()
        guard byte == UInt8(ascii: "{") else {
            if byte == nil { throw syntax("the file ends inside the JSON array; is it truncated?") }
            throw syntax("expected an object (one movie) in the array, found \(describe(byte))")
        }
        let row = try readObject()
        position = .afterObject
        return row
    }

    /// Consumes the closing bracket and refuses anything but whitespace after it.
    private func finishArray() throws(ImportFileError) -> ImportRow? {
        source.start += 1
        position = .finished
        try skipWhitespace()
        if let byte = try peek() {
            throw syntax("unexpected \(describe(byte)) after the end of the JSON array")
        }
        return nil
    }

    // MARK: - Objects and values

    /// Reads `{…}` at the current position into a row.
    private func readObject() throws(ImportFileError) -> ImportRow {
        let objectLine = line
        source.start += 1
        var values = [FieldValue?](repeating: nil, count: slotCount)
        var keyCount = 0
        try skipWhitespace()
        if try peek() == UInt8(ascii: "}") {
            source.start += 1
            return ImportRow(line: objectLine, values: values)
        }
        while true {
            guard try peek() == UInt8(ascii: "\"") else {
                throw syntax("expected a key in quotes, found \(describe(try peek()))")
            }
            let key = try readString()
            keyCount += 1
            if keyCount > limits.maximumFields {
                throw .malformed(line: objectLine, .tooManyFields(limit: limits.maximumFields))
            }
            try skipWhitespace()
            guard try peek() == UInt8(ascii: ":") else {
                throw syntax(
                    "expected ':' after the key \"\(ImportRowProblem.excerpt(key))\", found \(describe(try peek()))"
                )
            }
            source.start += 1
            try skipWhitespace()
            let value = try readValue()
            if let slot = slots[key] ?? slots[ImportHeader.key(key)] {
                values[slot] = value
            }
            try skipWhitespace()
            switch try peek() {
            case UInt8(ascii: ","):
                source.start += 1
                try skipWhitespace()
            case UInt8(ascii: "}"):
                source.start += 1
                return ImportRow(line: objectLine, values: values)
            case nil:
                throw syntax(
                    "the file ends inside an object (opened at line \(objectLine)); is it truncated?")
            case let byte:
                throw syntax("expected ',' or '}' in an object, found \(describe(byte))")
            }
        }
    }

    /// Reads a value; nil for `null`. Arrays and objects are skipped and reported as `.composite`.
    private func readValue() throws(ImportFileError) -> FieldValue? {
        guard let byte = try peek() else {
            throw syntax("the file ends where a value should be; is it truncated?")
        }
        switch byte {
        case UInt8(ascii: "\""):
            return .text(try readString())
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            try skipComposite(depth: 1)
            return .composite(byte == UInt8(ascii: "{") ? "an object" : "an array")
        case UInt8(ascii: "t"):
            try readLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try readLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try readLiteral("null")
            return nil
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try readNumber())
        default:
            throw syntax("expected a value, found \(describe(byte))")
        }
    }

    /// Skips an array or object (nested ones included) at the current position.
    private func skipComposite(depth: Int) throws(ImportFileError) {
        guard depth <= Self.maximumDepth else {
            throw syntax("values nest deeper than \(Self.maximumDepth) levels")
        }
        let isObject = try peek() == UInt8(ascii: "{")
        let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        source.start += 1
        try skipWhitespace()
        if try peek() == closer {
            source.start += 1
            return
        }
        while true {
            if isObject {
                guard try peek() == UInt8(ascii: "\"") else {
                    throw syntax("expected a key in quotes, found \(describe(try peek()))")
                }
                _ = try readString()
                try skipWhitespace()
                guard try peek() == UInt8(ascii: ":") else {
                    throw syntax("expected ':' after a key, found \(describe(try peek()))")
                }
                source.start += 1
                try skipWhitespace()
            }
            if let byte = try peek(), byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                try skipComposite(depth: depth + 1)
            } else {
                _ = try readValue()
            }
            try skipWhitespace()
            switch try peek() {
            case UInt8(ascii: ","):
                source.start += 1
                try skipWhitespace()
            case closer:
                source.start += 1
                return
            case nil:
                throw syntax("the file ends inside a nested value; is it truncated?")
            case let byte:
                throw syntax(
                    "expected ',' or '\(Character(Unicode.Scalar(closer)))', found \(describe(byte))")
            }
        }
    }
}
