import Foundation
import TestSupport
import Testing

/// The built `movies` binary, run as a user would, against a database in a temporary folder.
///
/// The environment is minimal and points HOME into the temporary folder, so a test can never touch the
/// real user's files; `MOVIES_DB` names the test's database unless a test overrides it.
struct MoviesProcess {
    static let binary = ProcessRunner.builtProduct("movies")

    let folder = TemporaryDirectory()
    var databasePath: String { folder.file("movies.sqlite") }

    var environment: [String: String] {
        [
            "HOME": folder.file("home"),
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "MOVIES_DB": databasePath, "LANG": "C.UTF-8",
        ]
    }

    /// Runs `movies arguments...`, blocking until it exits (for suites with the `.offPool` trait).
    @discardableResult
    func run(
        _ arguments: [String], input: String? = nil, environment overrides: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ProcessResult {
        var environment = environment
        for (key, value) in overrides {
            environment[key] = value.isEmpty ? nil : value
        }
        return try ProcessRunner.run(
            Self.binary, arguments, input: input, environment: environment, sourceLocation: sourceLocation)
    }

    @discardableResult
    func run(_ arguments: String..., input: String? = nil, sourceLocation: SourceLocation = #_sourceLocation)
        throws -> ProcessResult
    {
        try run(arguments, input: input, sourceLocation: sourceLocation)
    }

    /// Runs a command that must succeed, and returns its standard output.
    @discardableResult
    func succeed(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try run(arguments, sourceLocation: sourceLocation)
        #expect(result.status == 0, "\(arguments): \(result)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// Runs a command that must be refused: exit `status`, `message` on stderr, nothing on stdout, and the
    /// database file byte-for-byte as it was (or still absent).
    @discardableResult
    func refuse(
        _ arguments: [String], status: Int32, message: String, input: String? = nil,
        databasePath: String? = nil,
        environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ProcessResult {
        let path = databasePath ?? self.databasePath
        let before = fileSnapshot(path)
        let result = try run(
            arguments, input: input, environment: environment, sourceLocation: sourceLocation)
        #expect(result.status == status, "\(arguments): \(result)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(message), "\(arguments): \(result)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("Error: "), "\(arguments): \(result)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, "\(arguments): \(result)", sourceLocation: sourceLocation)
        #expect(
            fileSnapshot(path) == before, "\(arguments) changed the database file",
            sourceLocation: sourceLocation)
        return result
    }

    /// `movies shell` at a pseudo-terminal (`TERM=xterm`), once its first prompt is shown.
    func startShellAtTerminal(sourceLocation: SourceLocation = #_sourceLocation) throws
        -> PseudoTerminalProcess
    {
        var environment = environment
        environment["TERM"] = "xterm"
        let shell = try PseudoTerminalProcess(MoviesProcess.binary, ["shell"], environment: environment)
        #expect(shell.waitFor("movies> "), sourceLocation: sourceLocation)
        return shell
    }
}
