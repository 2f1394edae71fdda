import Foundation
import Testing

@testable import MoviesCLI

/// docs/COMMANDS.md is what `movies help --markdown` writes from the declarations: a command, option or
/// default changed without regenerating it fails here.
@Suite("The command reference in docs/COMMANDS.md")
@MainActor
struct CommandReferenceTests {
    let cli = InProcessCLI()

    static let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/COMMANDS.md")

    @Test(
        "the committed file is what the program prints (regenerate: movies help --markdown > docs/COMMANDS.md)"
    )
    func current() async throws {
        let printed = try await cli.succeed("help", "--markdown")
        let committed = try String(contentsOf: Self.committed, encoding: .utf8)
        #expect(
            committed == printed,
            "docs/COMMANDS.md is stale: run swift run movies help --markdown > docs/COMMANDS.md")
    }

    @Test("it holds every command with its usage line, and every visible option of each")
    func complete() async throws {
        let printed = try await cli.succeed("help", "--markdown")
        func visit(_ spec: CommandSpec, path: [String]) {
            for command in spec.subcommands {
                let commandPath = path + [command.name]
                #expect(printed.contains("## `\(commandPath.joined(separator: " "))`"), "\(commandPath)")
                #expect(printed.contains(MoviesCLI.helpFormatter.usage(for: commandPath)), "\(commandPath)")
                for option in command.options where !option.isHidden {
                    #expect(printed.contains("`\(option.helpLabel)`"), "\(commandPath) --\(option.name)")
                }
                visit(command, path: commandPath)
            }
        }
        visit(MoviesCLI.rootSpec, path: ["movies"])
        for screen in [ShellTrees.movies, ShellTrees.news] {
            for command in screen.subcommands {
                #expect(printed.contains("| `\(command.name)`"), "shell \(command.name)")
            }
        }
    }
}
