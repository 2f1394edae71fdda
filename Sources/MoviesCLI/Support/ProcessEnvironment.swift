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
public enum ProcessEnvironment {
    /// Name to value, for every variable set.
    public static func current() -> [String: String] {
        var environment: [String: String] = [:]
        // `clearenv()` may leave the list pointer NULL, which Swift imports as non-optional.
        var entry = environ
        guard Int(bitPattern: entry) != 0 else { return environment }
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(text[..<equals])
                if environment[name] == nil {
                    environment[name] = String(text[text.index(after: equals)...])
                }
            }
            entry += 1
        }
        return environment
    }
}
