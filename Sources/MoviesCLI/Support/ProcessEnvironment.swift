#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's environment variables, read straight from `environ`.
///
/// `ProcessInfo.processInfo.environment` builds the same dictionary through Foundation's bookkeeping at
/// about ten times the cost (callgrind: 700,000 instructions, 6 % of a whole `movies add`); every command
/// reads the environment once, at start-up. A variable without `=` is skipped; bytes that are not UTF-8
/// are repaired, as ProcessInfo does; the first of two same-named variables wins, as getenv() answers.
public enum ProcessEnvironment {
    /// Every variable, by name.
    public static var current: [String: String] {
        var variables: [String: String] = [:]
        // environ is NULL after clearenv(); the optional type says so on every platform.
        #if canImport(Darwin)
            let table: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = _NSGetEnviron().pointee
        #else
            let table: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        #endif
        guard var entry = table else { return variables }
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(text[..<equals])
                if variables[name] == nil {
                    variables[name] = String(text[text.utf8.index(after: equals)...])
                }
            }
            entry += 1
        }
        return variables
    }
}
