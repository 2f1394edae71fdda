import Foundation
import TestSupport
import Testing

@testable import MoviesCLI

/// `MoviesCLI.launch`, the executable's synchronous entry: a command that never waits runs to its end
/// there, before Swift concurrency starts; one that waits comes back for a main-actor task to run.
@MainActor
@Suite struct LaunchTests {
    let folder = TemporaryDirectory()

    /// How `launch` left `arguments`: finished with its exit code, or waiting (`nil`), run on a
    /// database in `folder` with its output thrown away.
    private func launched(_ arguments: String...) -> Int32?? {
        let output = OutputStream(descriptor: open("/dev/null", O_WRONLY))
        let errors = OutputStream(descriptor: open("/dev/null", O_WRONLY))
        defer {
            output.flush()
            errors.flush()
            close(output.descriptor)
            close(errors.descriptor)
        }
        let environment = ["HOME": folder.file("home"), "MOVIES_DB": folder.file("movies.sqlite")]
        switch MoviesCLI.launch(
            arguments: arguments, environment: environment, output: output, errors: errors, terminal: .pipes,
            program: "movies")
        {
        case .finished(let code): return .some(code)
        case .waiting: return .some(nil)
        }
    }

    @Test func oneShotCommandsFinishWithoutWaiting() {
        #expect(launched("add", "Heat", "--rating", "excellent") == 0)
        #expect(launched("list") == 0)
        #expect(launched("list", "--limit", "1", "--format", "csv") == 0)
        #expect(launched("show", "1") == 0)
        #expect(launched("search", "heat") == 0)
        #expect(launched("rate", "1", "good") == 0)
        #expect(launched("--version") == 0)
        #expect(launched("list", "--help") == 0)
        // A refusal is finished too, with its exit code.
        #expect(launched("list", "--bogus") == 64)
        #expect(launched("show", "99") == 1)
    }

    @Test func commandsThatWaitAreHandedBack() {
        #expect(launched("list", "--watch") == .some(nil))
        #expect(launched("news", "refresh") == .some(nil))
        #expect(launched("shell") == .some(nil))
        #expect(launched("remove", "1") == .some(nil))
    }
}
