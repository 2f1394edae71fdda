import Foundation

/// Loads the feed documents under `Fixtures/`, shipped as test resources.
enum Fixture {
    /// The bytes of `Fixtures/<name>`; an empty `Data` (which every parser test rejects loudly) when
    /// the resource is missing, so a packaging mistake shows up as a failing assertion, not a trap.
    static func data(_ name: String) -> Data {
        guard let directory = Bundle.module.url(forResource: "Fixtures", withExtension: nil),
            let data = try? Data(contentsOf: directory.appendingPathComponent(name))
        else { return Data() }
        return data
    }
}
