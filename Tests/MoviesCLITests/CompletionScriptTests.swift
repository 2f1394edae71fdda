import Foundation
import MoviesCore
import TestSupport
import Testing

@testable import MoviesCLI

/// The completion scripts as text and as code their shells accept, and the bash script's answers for
/// typed lines, without a terminal (the real shells at a terminal: `ShellCompletionTests`).
@Suite("movies completions", .offPool)
struct CompletionScriptTests {
    let movies = MoviesProcess()

    @Test("bash: each command's own letters and values, files, help's commands, nothing after a value option")
    func bash() throws {
        let script = try movies.succeed("completions", "bash")
        let file = try movies.folder.write(script, to: "movies.bash")
        try movies.folder.write("", to: "ratings.csv")
        /// What `_movies` offers for `line` (the last word is the one completed).
        func complete(_ line: String) throws -> [String] {
            let program = """
                source '\(file)'
                read -ra COMP_WORDS <<< '\(line)'
                [[ '\(line)' == *' ' ]] && COMP_WORDS+=('')
                COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
                _movies
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            return try ProcessRunner.run("/bin/bash", ["-c", program], currentDirectory: movies.folder.path)
                .stdout.split(separator: "\n").map(String.init)
        }
        let commands = Set(try complete("movies "))
        #expect(
            commands.isSuperset(of: [
                "add", "list", "search", "rate", "rm", "news", "shell", "migrate", "help",
            ]))
        #expect(
            Set(try complete("movies news ")).isSuperset(of: [
                "list", "show", "refresh", "export-opml", "help",
            ]))
        #expect(try complete("movies news list --f") == ["--feed", "--folder", "--format"])
        #expect(try complete("movies add Heat --rating ") == RatingWord.allValueStrings)
        #expect(try complete("movies rate 3 ") == RatingWord.allValueStrings)
        #expect(try complete("movies list --sort r") == ["rating"])
        // `--sort=r`: bash splits the word at `=` (COMP_WORDBREAKS), as here.
        #expect(try complete("movies list --sort = r") == ["rating"])
        #expect(try complete("movies list --f") == ["--format"])
        // -S is --starred, a flag; -t is --title, free text.
        #expect(try complete("movies news list -S ").contains("--unread"))
        #expect(try complete("movies edit 3 -t ").isEmpty)
        #expect(try complete("movies add Heat --note ").isEmpty)
        #expect(try complete("movies import rat") == ["ratings.csv"])
        #expect(try complete("movies export -o rat") == ["ratings.csv"])
        #expect(try complete("movies --db rat") == ["ratings.csv"])
        #expect(try complete("movies help n") == ["news"])
        #expect(try complete("movies help news sub") == ["subscribe"])
        #expect(try complete("news help sub") == ["subscribe"])
        #expect(try complete("news li") == ["list"])
        #expect(try complete("/usr/local/bin/news list -S").isEmpty == false)
    }

    @Test("bash's _movies and fish's complete -C offer the list's titles, quoted, from the line's --db")
    func titles() throws {
        for film in [["Heat", "--year", "1995"], ["Heat", "--year", "1986"], ["The Zone of Interest"]] {
            #expect(try movies.run(["add"] + film).status == 0)
        }
        let other = movies.folder.file("other.sqlite")
        try movies.succeed("--db", other, "add", "Amélie")
        let bin = movies.folder.file("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: bin + "/movies", withDestinationPath: MoviesProcess.binary)
        var environment = movies.environment
        environment["PATH"] = bin + ":/usr/bin:/bin"
        let bash = try movies.folder.write(try movies.succeed("completions", "bash"), to: "movies.bash")
        func complete(_ words: [String]) throws -> [String] {
            let program = """
                source '\(bash)'
                COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " ")))
                COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
                _movies
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            return try ProcessRunner.run("/bin/bash", ["-c", program], environment: environment)
                .stdout.split(separator: "\n").map(String.init)
        }
        #expect(try complete(["movies", "show", "he"]) == ["Heat\\ \\(1986\\)", "Heat\\ \\(1995\\)"])
        #expect(try complete(["movies", "rate", "\"the z"]) == ["The Zone of Interest"])
        #expect(try complete(["movies", "--db", other, "show", "AM"]) == ["Amélie"])
        #expect(try complete(["movies", "--db", movies.folder.file("none.sqlite"), "show", ""]).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: movies.folder.file("none.sqlite")))
        if let fish = ProcessRunner.which("fish") {
            let script = try movies.folder.write(try movies.succeed("completions", "fish"), to: "movies.fish")
            let result = try ProcessRunner.run(
                fish,
                [
                    "-c",
                    "source '\(script)'; complete -C 'movies log the'; complete -C 'movies --db \(other) rm a'",
                ],
                environment: environment)
            #expect(result.stdout == "The Zone of Interest\nAmélie\n", "\(result)")
        }
    }

    @Test("zsh and fish scripts name every command; an unknown shell is refused")
    func zshAndFish() throws {
        for shell in ["zsh", "fish"] {
            let script = try movies.succeed("completions", shell)
            for word in ["add", "list", "rate", "excellent", "rating", "news", "export-opml"] {
                #expect(script.contains(word), "\(shell): \(word)")
            }
        }
        try movies.refuse(
            ["completions", "powershell"], status: 64,
            message: "Please provide one of 'bash', 'zsh' and 'fish'")
    }

    @Test("the zsh script parses in zsh", .requires(.zsh))
    func zshParses() throws {
        try expectParses("zsh", checking: "-n")
    }

    @Test("the fish script parses in fish", .requires(.fish))
    func fishParses() throws {
        try expectParses("fish", checking: "--no-execute")
    }

    /// `shell flag script` (a syntax check, nothing run) accepts the script `movies completions shell` prints.
    private func expectParses(
        _ shell: String, checking flag: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let path = try #require(ProcessRunner.which(shell), sourceLocation: sourceLocation)
        let file = try movies.folder.write(try movies.succeed("completions", shell), to: "movies.\(shell)")
        let result = try ProcessRunner.run(path, [flag, file])
        #expect(result.status == 0, "\(shell): \(result)", sourceLocation: sourceLocation)
    }

    @Test("every name a script writes unquoted is a plain word: commands, options and enumerated values")
    func plainNames() {
        let plain = { (word: String) in word.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" } }
        for node in CompletionTree.movies.nodes {
            for name in node.path { #expect(plain(name), "\(name)") }
            for option in node.accepted {
                #expect(plain(option.name), "\(option.name)")
                if case .list(let words) = option.completion {
                    for word in words { #expect(plain(word), "--\(option.name) \(word)") }
                }
            }
        }
    }

    @Test("every option and argument that names a file completes files")
    func pathsCompleteFiles() {
        var checked = 0
        for node in CompletionTree.movies.nodes {
            for option in node.accepted where ["path", "file"].contains(option.valueName) {
                #expect(option.completion == .file, "\(node.key) --\(option.name)")
                checked += 1
            }
            for argument in node.spec.arguments where argument.name == "file" {
                #expect(argument.valueType.completion == .file, "\(node.key) <\(argument.name)>")
                checked += 1
            }
        }
        #expect(checked >= 6)
    }
}
