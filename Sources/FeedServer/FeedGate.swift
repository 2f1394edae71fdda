import Basics
import FoundationEssentials
import Glibc

/// Where a held route's requests wait until a test opens it (see `FeedServer.Route.held`).
///
/// Opening is for good: every request that waits, and every later one, goes through.
public final class FeedGate: Sendable {
    private let isOpen = Locked(false)

    /// A closed gate.
    public init() {}

    /// Lets every waiting and later request through.
    public func open() {
        isOpen.withLock { $0 = true }
    }

    /// Waits on the server's connection thread until the gate opens, or `timeout` passes: a test that
    /// forgets to open it must not keep the connection forever.
    func wait(timeout: Duration = .seconds(60)) {
        let deadline = ContinuousClock.now + timeout
        while !isOpen.current && ContinuousClock.now < deadline {
            usleep(10_000)
        }
    }
}
