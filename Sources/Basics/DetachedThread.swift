#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A thread of its own for blocking work (a libcurl transfer, the shell's terminal reader), started and
/// forgotten.
///
/// Blocking calls must not run on Swift's cooperative pool (one thread per core: a few slow feeds
/// would stall every task in the process). Foundation's `Thread` would do, but it is not in
/// FoundationEssentials; a detached pthread is all it was.
package enum DetachedThread {
    /// Runs `body` on a new detached thread; false when the thread could not be created (and `body`
    /// does not run).
    package static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let context = Unmanaged.passRetained(Body(run: body)).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                let body = Unmanaged<Body>.fromOpaque(context).takeRetainedValue()
                body.run()
                return nil
            }, context)
        guard created == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    private final class Body: Sendable {
        let run: @Sendable () -> Void

        init(run: @escaping @Sendable () -> Void) {
            self.run = run
        }
    }
}
