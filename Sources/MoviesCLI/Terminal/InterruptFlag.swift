import Dispatch
import Storage
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns SIGINT/SIGTERM into a flag a long-running command checks, so Ctrl-C ends it cleanly (exit 0,
/// no trace) instead of killing it mid-write.
///
/// The signals are ignored at the process level and observed through dispatch sources, which still see
/// them (libdispatch installs its own handling for signal sources).
final class InterruptFlag: Sendable {
    /// The flag itself, shared with the signal handlers.
    private final class Flag: Sendable {
        let value = Atomic<Bool>(false)
    }

    private let raised = Flag()
    private let sources: Locked<[any DispatchSourceSignal]>
    private let signals: [Int32]

    init(signals: [Int32]) {
        self.signals = signals
        var sources: [any DispatchSourceSignal] = []
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [raised] in raised.value.store(true, ordering: .relaxed) }
            source.resume()
            sources.append(source)
        }
        self.sources = Locked(sources)
    }

    /// True once one of the signals arrived.
    var isRaised: Bool { raised.value.load(ordering: .relaxed) }

    /// Stops observing and gives the signals their default meaning back.
    func restore() {
        sources.withLock { sources in
            for source in sources { source.cancel() }
            sources.removeAll()
        }
        for number in signals {
            signal(number, SIG_DFL)
        }
    }
}
