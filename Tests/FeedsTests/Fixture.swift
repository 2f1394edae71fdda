import Foundation
import Testing

/// Loads the feed documents under `Fixtures/`, shipped as test resources.
enum Fixture {
    /// The bytes of `Fixtures/<name>`. A missing or unreadable resource is a failure of the test that
    /// asked for it (recorded as an issue), not empty data that a test skipping empty input would pass.
    static func data(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> Data {
        guard let directory = Bundle.module.url(forResource: "Fixtures", withExtension: nil),
            let data = try? Data(contentsOf: directory.appendingPathComponent(name))
        else {
            Issue.record(
                "the fixture Fixtures/\(name) is missing from the test bundle", sourceLocation: sourceLocation
            )
            return Data()
        }
        return data
    }
}
