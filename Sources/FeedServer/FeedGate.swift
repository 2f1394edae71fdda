import Basics
import Dispatch

/// Where a held route's requests wait until a test opens it (see `FeedServer.Route.held`).
///
/// Opening is for good: every request that waits, and every later one, goes through. A waiting request
/// is woken by the opening itself (a dispatch group left once), not by polling.
public final class FeedGate: Sendable {
    private let isOpen = Locked(false)
    /// Entered once at the start, left once when the gate opens.
    private let closed = DispatchGroup()

    /// A closed gate.
    public init() {
        closed.enter()
    }

    deinit {
        open()
    }

    /// Lets every waiting and later request through.
    public func open() {
        let wasOpen = isOpen.withLock { isOpen in
            defer { isOpen = true }
            return isOpen
        }
        if !wasOpen { closed.leave() }
    }

    /// Waits on the server's connection thread until the gate opens, or `timeout` passes: a test that
    /// forgets to open it must not keep the connection forever.
    func wait(timeout: Duration = .seconds(300)) {
        _ = closed.wait(timeout: .now() + .seconds(Int(timeout.components.seconds)))
    }
}
