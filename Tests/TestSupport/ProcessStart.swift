import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starting a child that signals reach.
public enum ProcessStart {
    /// Runs `start` (which starts a process) with this thread's signal mask emptied, then puts it back.
    ///
    /// A child inherits the signal mask of the thread that spawns it (Foundation's `Process` does not
    /// reset it), and the threads Swift concurrency runs tests on block SIGHUP, SIGINT, SIGTERM and more
    /// (a child started from one showed `SigBlk: fffffffe3bfbea27` in /proc/PID/status). A child
    /// started there would hold those signals pending forever, and a test that signals it would prove
    /// nothing.
    public static func withSignalsDeliverable<Result>(_ start: () throws -> Result) rethrows -> Result {
        var empty = sigset_t()
        var previous = sigset_t()
        sigemptyset(&empty)
        pthread_sigmask(SIG_SETMASK, &empty, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try start()
    }
}
