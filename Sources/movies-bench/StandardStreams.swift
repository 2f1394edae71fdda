#if canImport(Glibc)
    import Glibc
#endif

/// Text to standard output or standard error with `write(2)`, whole, as each table row is ready
/// (FoundationEssentials has no `FileHandle`).
enum StandardStreams {
    static func output(_ text: String) { write(text, to: STDOUT_FILENO) }

    static func error(_ text: String) { write(text, to: STDERR_FILENO) }

    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
