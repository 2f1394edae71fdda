import TestSupport
import Testing

/// The tests' waits end at their hang limit when the event never comes, so a hang fails its test
/// instead of the run. The limit is a dispatch timer, not a sleeping task.
@Suite("A wait that never ends is ended by its hang limit")
struct HangLimitTests {
    @Test("the async wait returns nil at its limit; an update before it returns the state")
    func asyncWaitEndsAtItsLimit() async {
        let flag = Waitable(false)
        #expect(await flag.wait(limit: .milliseconds(20)) { $0 } == nil)
        let counter = Waitable(0)
        counter.update { $0 = 2 }
        #expect(await counter.wait(limit: .seconds(60)) { $0 == 2 } == 2)
    }
}
