import MoviesCore

/// Strings from UTF-8 bytes, refusing invalid bytes instead of repairing them, fast for ASCII.
///
/// `String(validating:as:)` costs about four times `String(decoding:as:)` per field, and most fields
/// of a movie export are ASCII; for ASCII the two agree, so ASCII takes the fast path and only other
/// text pays for full validation.
enum UTF8Text {
    /// The text of `bytes`, or nil when they are not valid UTF-8.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        isASCII(bytes) ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self)
    }

    /// The text of `bytes`, or nil when they are not valid UTF-8.
    static func string(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer { string($0) }
    }

    /// Whether every byte is below 0x80, checked eight bytes at a time.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= bytes.count {
            if raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 {
                return false
            }
            offset += 8
        }
        while offset < bytes.count {
            if base[offset] >= 0x80 { return false }
            offset += 1
        }
        return true
    }
}
