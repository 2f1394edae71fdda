import Foundation
import TestSupport
import Testing

@testable import MoviesCLI

/// The CLI run in this process through its entry point, `MoviesCLI.run`, with standard output and
/// error captured in files and a database in a temporary folder.
///
/// For parsing, help and error text, where starting the binary would only add time; what needs a real
/// process (exit codes of the binary, signals, terminals, files shared with other processes) stays in
/// the process tests (`MoviesProcess`). Runs as a program on pipes would: no terminal, no colour.
@MainActor
struct InProcessCLI {
    let folder = TemporaryDirectory()
    /// Where a run's standard output and error are captured: not `folder`, whose contents tests compare.
    private let captured = TemporaryDirectory()
    var databasePath: String { folder.file("movies.sqlite") }

    var environment: [String: String] {
        ["HOME": folder.file("home"), "MOVIES_DB": databasePath, "LANG": "C.UTF-8"]
    }

    /// What one run printed and how it ended.
    struct Result: CustomStringConvertible {
        var status: Int32
        var stdout: String
        var stderr: String

        var description: String { "status \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }
    }

    /// Runs `movies arguments...`.
    @discardableResult
    func run(_ arguments: String...) async throws -> Result {
        try await run(arguments)
    }

    /// Runs `movies` with `arguments`, or the program `program` names (`news`, the symlink); `overrides`
    /// change the environment (an empty value removes a variable).
    func run(_ arguments: [String], program: String = "movies", environment overrides: [String: String] = [:])
        async throws -> Result
    {
        var environment = environment
        for (key, value) in overrides {
            environment[key] = value.isEmpty ? nil : value
        }
        let outputPath = captured.file("stdout")
        let errorPath = captured.file("stderr")
        let outputDescriptor = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let errorDescriptor = open(errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(outputDescriptor >= 0 && errorDescriptor >= 0)
        let output = OutputStream(descriptor: outputDescriptor)
        let errors = OutputStream(descriptor: errorDescriptor, capacity: 4096, flushesEveryWrite: true)
        let status = await MoviesCLI.run(
            arguments: arguments, environment: environment, output: output, errors: errors, terminal: .pipes,
            program: program)
        output.flush()
        errors.flush()
        close(outputDescriptor)
        close(errorDescriptor)
        return Result(
            status: status, stdout: try String(contentsOfFile: outputPath, encoding: .utf8),
            stderr: try String(contentsOfFile: errorPath, encoding: .utf8))
    }

    /// Runs a command that must be refused: exit `status`, `message` on stderr after "Error: ", nothing on
    /// stdout, and the database file byte-for-byte as it was (or still absent), as `MoviesProcess.refuse`
    /// checks through the binary.
    @discardableResult
    func refuse(
        _ arguments: [String], status: Int32, message: String, databasePath: String? = nil,
        environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Result {
        let path = databasePath ?? self.databasePath
        let before = fileSnapshot(path)
        let result = try await run(arguments, environment: environment)
        #expect(result.status == status, "\(arguments): \(result)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(message), "\(arguments): \(result)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("Error: "), "\(arguments): \(result)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, "\(arguments): \(result)", sourceLocation: sourceLocation)
        #expect(
            fileSnapshot(path) == before, "\(arguments) changed the database file",
            sourceLocation: sourceLocation)
        return result
    }

    /// Runs a command that must succeed, and returns its standard output.
    @discardableResult
    func succeed(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) async throws
        -> String
    {
        try await succeed(arguments, sourceLocation: sourceLocation)
    }

    /// Runs a command that must succeed, given as an array, and returns its standard output.
    @discardableResult
    func succeed(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws
        -> String
    {
        let result = try await run(arguments)
        #expect(result.status == 0, "\(arguments): \(result)", sourceLocation: sourceLocation)
        return result.stdout
    }
}

/// Parses a command line against the real command tree, as `MoviesCLI.run` does.
func parse(_ arguments: [String]) throws(UsageError) -> ParseResult {
    try ArgumentParser(root: MoviesCLI.rootSpec, globalOptions: MoviesCLI.globalOptions).parse(arguments)
}

/// The parsed arguments of a command line that must parse to a command.
func parsed(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws
    -> ParsedArguments
{
    let result = try ArgumentParser(root: MoviesCLI.rootSpec, globalOptions: MoviesCLI.globalOptions)
        .parse(arguments)
    guard case .run(let parsed) = result else {
        Issue.record("\(arguments) did not parse to a command: \(result)", sourceLocation: sourceLocation)
        throw ParseFailure()
    }
    return parsed
}

/// The command a command line parses to, its properties set from it as a run sets them.
func command<C: Command>(
    _: C.Type, _ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation
) throws -> C {
    let result = try parse(arguments)
    guard case .run(let parsed) = result, parsed.command.handler == C.self else {
        Issue.record("\(arguments) did not parse to \(C.self): \(result)", sourceLocation: sourceLocation)
        throw ParseFailure()
    }
    return DeclarationSession.read(C.self, from: parsed)
}

/// The usage error a command line must be refused with.
func usageError(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws
    -> UsageError
{
    let result: ParseResult
    do {
        result = try ArgumentParser(root: MoviesCLI.rootSpec, globalOptions: MoviesCLI.globalOptions)
            .parse(arguments)
    } catch {
        return error
    }
    Issue.record("\(arguments) was not refused: \(result)", sourceLocation: sourceLocation)
    throw ParseFailure()
}

/// A command line that did not parse as a test expected (already recorded as an issue).
struct ParseFailure: Error {}
