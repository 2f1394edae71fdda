import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The signal `InterruptFlag`'s handler caught, 0 while none. A lock-free atomic store is
/// async-signal-safe.
private let interruptRaised = Atomic<Int32>(0)

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
        interruptRaised.store(0, ordering: .relaxed)
        for number in signals {
            signal(number) { number in interruptRaised.store(number, ordering: .relaxed) }
        }
    }

    /// True once one of the signals arrived.
    var isRaised: Bool { raisedSignal != nil }

    /// The signal that arrived (the last one, when several did), or nil.
    var raisedSignal: Int32? {
        let number = interruptRaised.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }

    /// Gives the signals their default meaning back.
    func restore() {
        for number in signals {
            signal(number, SIG_DFL)
        }
    }
}

extension InterruptFlag {
    /// The value of `task`, which is cancelled as soon as one of the signals arrives (checked every
    /// 50 ms, as `list --watch` does): a long operation that can stop early, keeping what it did.
    @MainActor
    func value<Success: Sendable>(cancellingOnSignal task: Task<Success, any Error>) async throws -> Success {
        let watcher = Task { @MainActor in
            while !isRaised && !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(50))
            }
            if isRaised { task.cancel() }
        }
        defer { watcher.cancel() }
        return try await task.value
    }

    /// Ends the process by the signal that arrived, with its default action, as a program interrupted
    /// at that point would have ended: a shell then sees the signal (status 130 for SIGINT, 143 for
    /// SIGTERM) and a script stops, which an exit code could not tell it
    /// (https://www.cons.org/cracauer/sigint.html). Returns only when no signal arrived.
    func endProcessBySignal() {
        guard let signalNumber = raisedSignal else { return }
        restore()
        // Unblocked on this thread and raised on it, the signal is delivered before raise() returns.
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, signalNumber)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        raise(signalNumber)
        exit(128 + signalNumber)
    }
}
