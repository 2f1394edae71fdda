import Basics

/// An input's bytes as UTF-8: passed on as they are when the text is UTF-8, decoded from Windows-1252
/// when it clearly is that (what spreadsheet programs on Windows save as "CSV"; Latin-1 text is the
/// same bytes), and refused, naming the encoding it looks like and how to convert it, when it is
/// neither.
///
/// The choice is made at the first byte that is not ASCII (the two encodings agree on everything
/// before it), from the 64 KiB that follow it, so a pipe is read once like a file:
/// - valid UTF-8 there (and nothing else): UTF-8; a later invalid byte is the CSV reader's error;
/// - no valid UTF-8 sequence at all, none of the five bytes Windows-1252 leaves undefined, and no run
///   of four letters outside ASCII (words of another alphabet: Cyrillic in Windows-1251 or KOI8-R,
///   Greek in Windows-1253 are all such bytes): Windows-1252;
/// - anything else is refused: UTF-8 mixed with other bytes, Mac OS Roman (its accented letters sit
///   where Windows-1252 has nothing), or another alphabet.
final class DecodingInput: ByteInput {
    /// What the text was read as.
    enum Encoding: Sendable, Hashable {
        case utf8
        case windows1252
    }

    /// How far ahead of the first non-ASCII byte the choice looks.
    static let lookahead = 64 * 1024
    /// Letters outside ASCII in a row that Windows-1252 text (accented letters between ASCII ones)
    /// does not have, and text in another alphabet always has.
    static let foreignRun = 4

    private let inner: any ByteInput
    /// Bytes read from `inner` and not handed on yet.
    private var pending: [UInt8] = []
    private var pendingStart = 0
    /// UTF-8 bytes of a decoded character that did not fit the last read.
    private var carry: [UInt8] = []
    /// Letters outside ASCII just decoded in a row.
    private var run = 0
    /// The line the next byte handed on is on, for messages.
    private var line = 1
    /// The encoding, once a byte outside ASCII was met.
    private(set) var encoding: Encoding?

    init(_ inner: any ByteInput) {
        self.inner = inner
    }

    func read(into target: UnsafeMutablePointer<UInt8>, count: Int) throws(ImportFileError) -> Int {
        guard count > 0 else { return 0 }
        switch encoding {
        case .utf8?:
            if pendingStart < pending.count { return handOnPending(into: target, count: count) }
            return try inner.read(into: target, count: count)
        case .windows1252?:
            return try decode(into: target, count: count)
        case nil:
            // ASCII so far. The input is read ahead `lookahead` bytes at a time, and the choice made as soon
            // as a byte outside ASCII is in what was read, before any of it is handed on: so a file is
            // refused (or decoded) the same way whatever the reader's buffer size.
            if pendingStart == pending.count {
                pending.removeAll(keepingCapacity: true)
                pendingStart = 0
                try readAhead(until: Self.lookahead)
                if pending.isEmpty { return 0 }
                if let first = pending.firstIndex(where: { $0 >= 0x80 }) {
                    try choose(from: first)
                    return try read(into: target, count: count)
                }
            }
            let handed = handOnPending(into: target, count: count)
            countLines(target, handed)
            return handed
        }
    }

    // MARK: - Choosing

    /// Reads from `inner` into `pending` until it holds `length` bytes or the input ends.
    private func readAhead(until length: Int) throws(ImportFileError) {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while pending.count < length {
            let read = try chunk.withUnsafeMutableBufferPointer { buffer throws(ImportFileError) -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return try inner.read(into: base, count: min(buffer.count, length - pending.count))
            }
            if read == 0 { break }
            pending.append(contentsOf: chunk[0..<read])
        }
    }

    /// Decides the encoding from the `lookahead` bytes from `pending[start]`, the first byte outside
    /// ASCII (everything before it is ASCII, the same in both encodings).
    private func choose(from start: Int) throws(ImportFileError) {
        // One byte past the window: a window filled to the byte says nothing of whether more follow,
        // and taken as the end it made a character cut by the window's edge look invalid.
        try readAhead(until: start + Self.lookahead + 1)
        let window = pending[start..<min(pending.count, start + Self.lookahead)]
        let isComplete = pending.count <= start + Self.lookahead
        func line(at index: Int) -> Int {
            self.line + pending[pendingStart..<index].count(where: { $0 == 0x0A })
        }
        // NUL bytes: binary or UTF-16, which the readers refuse with their own messages.
        if window.contains(0) {
            encoding = .utf8
            return
        }
        let scan = UTF8Scan(Array(window), isComplete: isComplete)
        guard let invalid = scan.firstInvalid else {
            encoding = .utf8
            return
        }
        if scan.sequences > 0 { throw .malformed(line: line(at: start + invalid), .mixedEncoding) }
        if let undefined = window.firstIndex(where: { Windows1252.character(for: $0) == nil }) {
            throw .malformed(line: line(at: undefined), .notUTF8(.macRoman))
        }
        var letters = 0
        for index in window.indices {
            letters = Self.isLetter(pending[index]) ? letters + 1 : 0
            if letters == Self.foreignRun {
                throw .malformed(line: line(at: index), .notUTF8(.otherAlphabet))
            }
        }
        encoding = .windows1252
    }

    /// A letter of Windows-1252 outside ASCII (À–ÿ but × and ÷), where other alphabets' single-byte
    /// encodings put their letters.
    private static func isLetter(_ byte: UInt8) -> Bool {
        byte >= 0xC0 && byte != 0xD7 && byte != 0xF7
    }

    // MARK: - Handing on

    private func handOnPending(into target: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
        let taken = min(count, pending.count - pendingStart)
        pending.withUnsafeBufferPointer { source in
            if let base = source.baseAddress { target.update(from: base + pendingStart, count: taken) }
        }
        pendingStart += taken
        return taken
    }

    /// Decodes Windows-1252 into `target`, as far as whole characters fit (the rest of one is carried).
    private func decode(into target: UnsafeMutablePointer<UInt8>, count: Int) throws(ImportFileError) -> Int {
        var written = 0
        while written < count {
            if !carry.isEmpty {
                target[written] = carry.removeFirst()
                written += 1
                continue
            }
            if pendingStart == pending.count {
                pending.removeAll(keepingCapacity: true)
                pendingStart = 0
                pending.append(contentsOf: [UInt8](repeating: 0, count: 16 * 1024))
                let read = try pending.withUnsafeMutableBufferPointer {
                    buffer throws(ImportFileError) -> Int in
                    guard let base = buffer.baseAddress else { return 0 }
                    return try inner.read(into: base, count: buffer.count)
                }
                pending.removeLast(pending.count - read)
                if read == 0 { break }
            }
            let byte = pending[pendingStart]
            pendingStart += 1
            if byte == 0x0A { line += 1 }
            run = Self.isLetter(byte) ? run + 1 : 0
            if run == Self.foreignRun { throw .malformed(line: line, .notUTF8(.otherAlphabet)) }
            if byte < 0x80 {
                target[written] = byte
                written += 1
                continue
            }
            guard let value = Windows1252.character(for: byte), let scalar = Unicode.Scalar(value) else {
                throw .malformed(line: line, .notUTF8(.macRoman))
            }
            carry.append(contentsOf: String(scalar).utf8)
        }
        return written
    }

    private func countLines(_ bytes: UnsafeMutablePointer<UInt8>, _ count: Int) {
        for index in 0..<count where bytes[index] == 0x0A { line += 1 }
    }
}

/// Where UTF-8 first goes wrong in some bytes, and how many multi-byte sequences come before.
private struct UTF8Scan {
    var sequences = 0
    var firstInvalid: Int?

    /// Scans `bytes`; when they are not `isComplete` (more follow), a sequence cut at the end is fine.
    init(_ bytes: [UInt8], isComplete: Bool) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length: Int
            switch byte {
            case 0x00..<0x80: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default:
                firstInvalid = index
                return
            }
            if length > 1 {
                if index + length > bytes.count {
                    if !isComplete { return }
                    firstInvalid = index
                    return
                }
                let tail = bytes[(index + 1)..<(index + length)]
                guard tail.allSatisfy({ $0 & 0xC0 == 0x80 }), Self.isShortest(bytes, at: index) else {
                    firstInvalid = index
                    return
                }
                sequences += 1
            }
            index += length
        }
    }

    /// Rejects overlong forms, surrogates and code points past U+10FFFF (the second byte's range).
    private static func isShortest(_ bytes: [UInt8], at index: Int) -> Bool {
        let second = bytes[index + 1]
        switch bytes[index] {
        case 0xE0: return second >= 0xA0
        case 0xED: return second < 0xA0
        case 0xF0: return second >= 0x90
        case 0xF4: return second < 0x90
        default: return true
        }
    }
}
