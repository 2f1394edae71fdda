import Foundation
import MoviesCLI
import Testing

@Suite("The environment read from environ")
struct ProcessEnvironmentTests {
    @Test("holds what ProcessInfo reports, variable for variable")
    func matchesProcessInfo() {
        #expect(ProcessEnvironment.current == ProcessInfo.processInfo.environment)
    }
}
