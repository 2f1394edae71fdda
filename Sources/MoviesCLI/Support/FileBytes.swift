import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading the first bytes of a file with `open` and `read`: FoundationEssentials has no `FileHandle`,
/// and a bounded read must not load a huge file whole to find out it is too large.
enum FileBytes {
    /// Up to `limit` bytes from the start of `path`, or nil when it cannot be opened or read.
    static func read(_ path: String, upTo limit: Int) -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var data = Data(count: limit)
        var filled = 0
        let succeeded = data.withUnsafeMutableBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            while filled < limit {
                let count = readBytes(descriptor, base + filled, limit - filled)
                if count == 0 { return true }
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                filled += count
            }
            return true
        }
        guard succeeded else { return nil }
        data.removeSubrange(filled...)
        return data
    }

    private static func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int
    {
        #if canImport(Glibc)
            Glibc.read(descriptor, buffer, count)
        #else
            Darwin.read(descriptor, buffer, count)
        #endif
    }
}
