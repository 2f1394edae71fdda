import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Set by `InterruptFlag`'s signal handler. A lock-free atomic store is async-signal-safe.
private let interruptRaised = Atomic<Bool>(false)

/// Turns SIGINT/SIGTERM into a flag a long-running command checks, so Ctrl-C ends it cleanly (exit 0,
/// no trace) instead of killing it mid-write.
///
/// A plain signal handler sets the flag. (Ignoring the signals and observing them through dispatch
/// sources lost a signal that arrived before libdispatch had registered the source, which it does
/// asynchronously: `list --watch` then ran on after its Ctrl-C.) One flag per process, so one
/// `InterruptFlag` at a time.
final class InterruptFlag: Sendable {
    private let signals: [Int32]

    init(signals: [Int32]) {
        self.signals = signals
        interruptRaised.store(false, ordering: .relaxed)
        for number in signals {
            signal(number) { _ in interruptRaised.store(true, ordering: .relaxed) }
        }
    }

    /// True once one of the signals arrived.
    var isRaised: Bool { interruptRaised.load(ordering: .relaxed) }

    /// Gives the signals their default meaning back.
    func restore() {
        for number in signals {
            signal(number, SIG_DFL)
        }
    }
}
