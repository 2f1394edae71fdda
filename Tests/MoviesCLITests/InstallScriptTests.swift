import Foundation
import TestSupport
import Testing

/// `Scripts/install.sh` run as a person runs it, on the debug build (`--from`, so no release build is
/// made): what it puts where, what it refuses, and what `--uninstall` takes away (issue 40, point 11;
/// issue 45, point 8). The shells and `man` then find what it installed where each looks.
@Suite("Scripts/install.sh", .offPool)
struct InstallScriptTests {
    let folder = TemporaryDirectory()
    var home: String { folder.file("home") }
    /// The default PREFIX for `home`.
    var prefix: String { home + "/.local" }
    var bin: String { prefix + "/bin" }

    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
    static let script = checkout + "/Scripts/install.sh"
    static let builtFolder = URL(fileURLWithPath: ProcessRunner.builtProduct("movies"))
        .deletingLastPathComponent().path
    /// The installed files, below the PREFIX.
    static let installed = [
        "bin/movies", "bin/news", "share/bash-completion/completions/movies",
        "share/bash-completion/completions/news", "share/zsh/site-functions/_movies",
        "share/fish/vendor_completions.d/movies.fish", "share/fish/vendor_completions.d/news.fish",
        "share/man/man1/movies.1", "share/man/man1/news.1",
    ]

    init() throws {
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    /// The environment of a person whose PATH is the system's, plus `path` in front when given.
    func environment(path: String? = nil, prefix: String? = nil) -> [String: String] {
        var environment = [
            "HOME": home, "PATH": (path.map { $0 + ":" } ?? "") + "/usr/bin:/bin", "LANG": "C.UTF-8",
        ]
        environment["PREFIX"] = prefix
        return environment
    }

    /// Runs the script with `arguments` (after `--from` the debug build's folder) in `directory`.
    @discardableResult
    func install(
        _ arguments: [String] = [], environment: [String: String]? = nil, in directory: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ProcessResult {
        try ProcessRunner.run(
            "/bin/sh", [Self.script, "--from", Self.builtFolder] + arguments,
            environment: environment ?? self.environment(), currentDirectory: directory ?? folder.path,
            sourceLocation: sourceLocation)
    }

    /// The files and links below `root`, by path relative to it.
    func entries(below root: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root)
        var found: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            let full = root + "/" + path
            let isLink = (try? FileManager.default.destinationOfSymbolicLink(atPath: full)) != nil
            if isLink
                || !(FileManager.default.fileExists(atPath: full, isDirectory: &isFolder)
                    && isFolder.boolValue)
            {
                found.append(path)
            }
        }
        return found.sorted()
    }

    @Test(
        "it installs the program, the news link, the completions and the manual page; --uninstall removes them"
    )
    func installsEverythingAndUninstalls() throws {
        let result = try install()
        #expect(result.status == 0, "\(result)")
        #expect(entries(below: prefix) == Self.installed.sorted())
        #expect(
            FileManager.default.contentsEqual(atPath: bin + "/movies", andPath: Self.builtFolder + "/movies"))
        #expect(FileManager.default.isExecutableFile(atPath: bin + "/movies"))
        for (link, target) in [
            ("bin/news", "movies"), ("share/bash-completion/completions/news", "movies"),
            ("share/fish/vendor_completions.d/news.fish", "movies.fish"),
        ] {
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: prefix + "/" + link) == target)
        }
        let manual = try String(contentsOfFile: prefix + "/share/man/man1/movies.1", encoding: .utf8)
        #expect(manual.hasPrefix(".TH MOVIES 1"))
        // Not on PATH: said on stderr, with the line to add.
        #expect(result.stderr.contains("Warning: \(bin) is not on your PATH."), "\(result)")
        #expect(result.stderr.contains("export PATH=\"\(bin):$PATH\""), "\(result)")

        let again = try install(environment: environment(path: bin))
        #expect(again.status == 0 && !again.stderr.contains("PATH"), "\(again)")

        let removed = try install(["--uninstall"])
        #expect(removed.status == 0, "\(removed)")
        #expect(entries(below: prefix).isEmpty, "\(removed)")
    }

    @Test("--uninstall leaves what it did not install: a news that is not its link, another file")
    func uninstallLeavesOthers() throws {
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try "#!/bin/sh\n".write(toFile: bin + "/news", atomically: false, encoding: .utf8)
        try "mine".write(toFile: bin + "/other", atomically: false, encoding: .utf8)
        #expect(try install().status == 0)
        #expect(try install(["--uninstall"]).status == 0)
        #expect(entries(below: prefix) == ["bin/news", "bin/other"])
    }

    @Test("a relative PREFIX is taken from the folder it was started in, not the checkout")
    func relativePrefix() throws {
        let result = try install(environment: environment(prefix: "place"), in: folder.path)
        #expect(result.status == 0, "\(result)")
        #expect(FileManager.default.isExecutableFile(atPath: folder.file("place/bin/movies")))
        #expect(!FileManager.default.fileExists(atPath: Self.checkout + "/place"))
        // --from's folder too.
        let built = URL(fileURLWithPath: Self.builtFolder)
        let relative = try ProcessRunner.run(
            "/bin/sh", [Self.script, "--from", built.lastPathComponent],
            environment: environment(prefix: folder.file("other")),
            currentDirectory: built.deletingLastPathComponent().path)
        #expect(relative.status == 0, "\(relative)")
        #expect(FileManager.default.isExecutableFile(atPath: folder.file("other/bin/movies")))
    }

    @Test("a link planted at a temporary name or at bin/movies is replaced, never written through")
    func plantedLinks() throws {
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let victim = try folder.write("precious", to: "victim")
        let other = try folder.write("also precious", to: "other")
        try FileManager.default.createSymbolicLink(atPath: bin + "/.movies.new", withDestinationPath: victim)
        try FileManager.default.createSymbolicLink(atPath: bin + "/movies", withDestinationPath: other)
        let result = try install()
        #expect(result.status == 0, "\(result)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
        #expect(try String(contentsOfFile: other, encoding: .utf8) == "also precious")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: bin + "/movies")) == nil)
        #expect(
            FileManager.default.contentsEqual(atPath: bin + "/movies", andPath: Self.builtFolder + "/movies"))
        // Nothing left beside it under a temporary name but the planted link, which is not its to remove.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: bin).sorted() == [
                ".movies.new", "movies", "news",
            ])
    }

    @Test("a bin/movies that is a folder is refused before anything is written")
    func moviesIsAFolder() throws {
        try FileManager.default.createDirectory(atPath: bin + "/movies", withIntermediateDirectories: true)
        let result = try install()
        #expect(result.status == 1, "\(result)")
        #expect(
            result.stderr.contains(
                "Error: \(bin)/movies is a folder; move it away, or choose another PREFIX."))
        #expect(!result.stdout.contains("Installed"), "\(result)")
        #expect(entries(below: prefix).isEmpty)
    }

    @Test("a dangling bin/news link is made a link to movies again")
    func danglingNews() throws {
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin + "/news", withDestinationPath: "gone")
        let result = try install()
        #expect(result.status == 0, "\(result)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: bin + "/news") == "movies")
        #expect(result.stdout.contains("Installed"))
    }

    @Test("man movies and man news show the installed page", .requires(.man))
    func manualPage() throws {
        #expect(try install().status == 0)
        let man = try #require(ProcessRunner.which("man"))
        // No MANPATH: man-db finds $PREFIX/share/man from $PREFIX/bin on PATH, as for a person.
        var environment = environment(path: bin)
        environment["MANPAGER"] = "cat"
        environment["MANWIDTH"] = "100"
        let page = try ProcessRunner.run(man, ["--warnings", "movies"], environment: environment)
        #expect(page.status == 0 && page.stderr.isEmpty, "\(page)")
        #expect(page.stdout.contains("movies news add"), "\(page)")
        #expect(page.stdout.contains("--director <name>"), "\(page)")
        let news = try ProcessRunner.run(man, ["news"], environment: environment)
        #expect(news.status == 0 && news.stdout == page.stdout, "\(news)")
    }

    @Test("bash finds the completions where bash-completion looks", .requires(.bash))
    func bash() throws {
        let loader = "/usr/share/bash-completion/bash_completion"
        try #require(
            Tool.isEveryToolRequired || FileManager.default.fileExists(atPath: loader),
            "bash-completion is not installed (apt-get install bash-completion)")
        #expect(try install().status == 0)
        let result = try ProcessRunner.run(
            "/bin/bash",
            ["-c", ". \(loader); __load_completion movies; __load_completion news; complete -p movies news"],
            environment: environment(path: bin))
        #expect(result.stdout == "complete -F _movies movies\ncomplete -F _movies news\n", "\(result)")
    }

    @Test("zsh finds the completions on the fpath the script names", .requires(.zsh))
    func zsh() throws {
        let result = try install()
        #expect(result.stdout.contains("fpath=(\(prefix)/share/zsh/site-functions $fpath)"), "\(result)")
        let zsh = try #require(ProcessRunner.which("zsh"))
        let shell = try ProcessRunner.run(
            zsh,
            [
                "-f", "-c",
                "fpath=(\(prefix)/share/zsh/site-functions $fpath); autoload -Uz compinit; "
                    + "compinit -u -d \(folder.file("zcompdump")); print -r -- $_comps[movies] $_comps[news]",
            ], environment: environment(path: bin))
        #expect(shell.stdout == "_movies _movies\n", "\(shell)")
    }

    @Test("fish finds the completions in its vendor folder under the user's data folder", .requires(.fish))
    func fish() throws {
        #expect(try install().status == 0)
        let fish = try #require(ProcessRunner.which("fish"))
        let shell = try ProcessRunner.run(
            fish, ["-c", "complete -C 'movies ad'; complete -C 'news refr'"],
            environment: environment(path: bin))
        let words = shell.stdout.split(separator: "\n").map {
            $0.split(separator: "\t").first.map(String.init)
        }
        #expect(words.contains("add") && words.contains("refresh"), "\(shell)")
    }
}
