import Foundation
import TestSupport
import Testing

@testable import MoviesCLI

/// `movies help --man`: the manual page written from the commands' declarations (issue 45, point 8);
/// `InstallScriptTests` reads it through the real `man`.
@Suite("the manual page")
@MainActor
struct ManualPageTests {
    let cli = InProcessCLI()

    /// Every command's full name, depth first, as the page names its sections.
    static func commandNames(under spec: CommandSpec, path: [String]) -> [String] {
        spec.subcommands.flatMap { command in
            [(path + [command.name]).joined(separator: " ")]
                + commandNames(under: command, path: path + [command.name])
        }
    }

    @Test("it has a section for every command, with its usage line and options, in troff")
    func everyCommand() async throws {
        let page = try await cli.succeed("help", "--man")
        #expect(page.hasPrefix(".TH MOVIES 1 \"\" \"movies\" \"User Commands\"\n.SH NAME\n"))
        let sections: [String] = page.split(separator: "\n").filter { $0.hasPrefix(".SS ") }.map(String.init)
        let names = Self.commandNames(under: MoviesCLI.rootSpec, path: ["movies"])
        let expected: [String] = names.map { (name: String) -> String in ".SS \"\(ManualPage.escaped(name))\""
        }
        #expect(sections == expected)
        #expect(names.contains("movies news add") && names.count > 30)
        // An option is written with the minus signs a person types, and no line starts as a request
        // by accident.
        #expect(page.contains("\\fB\\-\\-director <name>\\fR\n"))
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(!lines.contains { $0.hasPrefix("'") })
        let requests: Set<String> = [
            ".TH", ".SH", ".SS", ".PP", ".TP", ".nf", ".fi", ".RS", ".RE", ".B", ".BR", ".RI", ".I", ".br",
        ]
        let unknown = lines.filter { $0.hasPrefix(".") }.map { String($0.split(separator: " ")[0]) }
            .filter { !requests.contains($0) }
        #expect(unknown.isEmpty, "\(unknown)")
    }

    @Test("--man and --markdown together are refused")
    func notBoth() async throws {
        try await cli.refuse(
            ["help", "--man", "--markdown"], status: 64, message: "Give --markdown or --man, not both")
    }
}
