#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Spawn attributes that give a child program SIGPIPE's default action back.
///
/// `movies` ignores SIGPIPE (`main.swift`: a closed pipe is the reader's choice, reported by the write
/// as EPIPE), and an ignored signal stays ignored across `exec`, unlike a caught one. A pager or a
/// browser's launcher script started with it ignored would loop writing to a pipe nobody reads
/// (`yes | head` inside a script) instead of ending, so each child gets the default again.
enum SpawnAttributes {
    /// Calls `body` with attributes that reset SIGPIPE to its default in the child.
    static func withDefaultPipeSignal<Result>(_ body: (UnsafePointer<posix_spawnattr_t>) -> Result) -> Result
    {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &signals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        return withUnsafePointer(to: &attributes) { body($0) }
    }
}
