#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's environment, read from the C library's `environ`.
///
/// FoundationEssentials' `ProcessInfo.processInfo.environment` builds the same dictionary, but its
/// first use instantiates generic metadata by mangled name (callgrind: 600,000 instructions, 12 % of
/// `movies --version`); this loop costs a few thousand. The first `=` separates name and value, and
/// of a name given twice the first is kept, as `getenv` does.
///
/// Each entry is split as bytes, as the C library does: a value that starts with a combining mark
/// (`X=\u{301}…`) keeps it, where a split by characters would have taken `=` and the mark for one.
public enum ProcessEnvironment {
    /// Name to value, for every variable set.
    public static func current() -> [String: String] {
        // `clearenv()` may leave the list pointer NULL, which Swift imports as non-optional.
        guard Int(bitPattern: environ) != 0 else { return [:] }
        var count = 0
        while environ[count] != nil { count += 1 }
        // Grown as it fills: `Dictionary(minimumCapacity:)` is one more function of the Swift library,
        // far from the ones growth runs, for the kernel to map.
        var environment: [String: String] = [:]
        for index in 0..<count {
            guard let pointer = environ[index] else { continue }
            let bytes = UnsafeRawBufferPointer(start: pointer, count: strlen(pointer))
            guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let name = String(decoding: bytes[..<equals], as: UTF8.self)
            if environment[name] == nil {
                environment[name] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
            }
        }
        return environment
    }
}
