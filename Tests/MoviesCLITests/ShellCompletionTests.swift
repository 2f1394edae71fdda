import Foundation
import TestSupport
import Testing

/// The completion scripts in the real shells, installed as docs/GUIDE.md says, driven through tmux as a
/// person would: type a partial command, press Tab, read the screen.
///
/// Each case is one defect the scripts had: zsh's invalid `_arguments` specs and dead file arguments,
/// bash offering another command's letters, option names where a value goes, nothing for `help` or the
/// `news` symlink, and fish offering every command's options everywhere.
@Suite("Completions in real shells", .offPool)
struct ShellCompletionTests {
    @Test(
        "bash: per-command letters, files, values not options after an option, help's commands, the symlink",
        .requires(.bash, .tmux))
    func bash() throws {
        let shell = try ShellUnderTest(.bash)
        try shell.check("movies news list -S ", .lists(["--unread", "--feed"], absent: ["added", "title"]))
        try shell.check("movies edit 3 -t ", .nothing(absent: ["csv", "json", "--rating"]))
        try shell.check("movies add Heat --note ", .nothing(absent: ["--rating", "--year"]))
        try shell.check("movies help ", .lists(["add", "news", "completions"]))
        try shell.check("movies help news ", .lists(["subscribe", "export-opml"], absent: ["completions"]))
        try shell.check("movies import lb/ra", .completes(to: "movies import lb/ratings.csv"))
        try shell.check("movies news import fee", .completes(to: "movies news import feeds.opml"))
        try shell.check("movies export -o ou", .completes(to: "movies export -o out/"))
        try shell.check("movies export --format ", .lists(["csv", "letterboxd-watchlist"]))
        try shell.check(
            "movies list --sort ", .lists(["added", "title", "rating", "year"], absent: ["--sort"]))
        try shell.check("movies rate 3 ", .lists(["not-seen", "excellent"]))
        // A list separated by commas goes on after its last comma (issue 26.6).
        try shell.check("movies list --rating good,", .lists(["good,excellent", "good,poor"]))
        try shell.check("movies list --rating good,ex", .completes(to: "movies list --rating good,excellent"))
        try shell.check("news li", .completes(to: "news list"))
        try shell.check("news list --s", .completes(to: "news list --starred"))
    }

    @Test(
        "zsh: valid specs for repeated and enumerated options, files, help's commands, the symlink",
        .requires(.zsh, .tmux))
    func zsh() throws {
        let shell = try ShellUnderTest(.zsh)
        try shell.check("movies list --sort ", .lists(["added", "title", "rating", "year"]))
        try shell.check("movies list --rating ", .lists(["not-seen", "excellent"]))
        try shell.check("movies list --rating good,", .lists(["excellent", "poor"]))
        try shell.check("movies export -o ", .lists(["feeds.opml"]))
        try shell.check("movies import lb/ra", .completes(to: "movies import lb/ratings.csv"))
        try shell.check(
            "movies news list -",
            .lists(["--starred", "--unread"], absent: ["--sort", "--rating", "--watch"]))
        try shell.check("movies add Heat -", .lists(["--watched", "--note"], absent: ["--sort"]))
        try shell.check("movies help ", .lists(["add", "news"]))
        try shell.check("movies help news ", .lists(["subscribe"], absent: ["completions"]))
        try shell.check("movies edit 3 --title ", .nothing(absent: ["--rating", "--year"]))
        try shell.check("news li", .completes(to: "news list"))
    }

    @Test(
        "fish: each command's own options, values, files, help's commands, the symlink",
        .requires(.fish, .tmux))
    func fish() throws {
        let shell = try ShellUnderTest(.fish)
        try shell.check(
            "movies news list --",
            .lists(
                ["--unread", "--starred", "--feed"], absent: ["--rating", "--sort", "--reverse", "--watch"]))
        try shell.check(
            "movies news import --",
            .lists(["--skip-invalid"], absent: ["--dry-run", "--from", "--on-duplicate"]))
        try shell.check("news list --", .lists(["--unread"], absent: ["--sort", "--rating"]))
        // Each value once, described by the value's name, not the option's whole help.
        try shell.check(
            "movies list --sort ", .lists(["added", "title", "rating", "year"], absent: ["oldest", "A–Z"]))
        try shell.check("movies list --rating good,", .lists(["good,excellent", "good,poor"]))
        try shell.check("movies import lb/ra", .completes(to: "movies import lb/ratings.csv"))
        try shell.check("movies export -o ou", .completes(to: "movies export -o out/"))
        try shell.check("movies help ", .lists(["add", "news"]))
        try shell.check("movies edit 3 --title ", .nothing(absent: ["--rating", "--year"]))
    }

    // Where a film goes, the titles of the list the line names (issue 45 point 1), quoted as the shell
    // reads them back; a title two films share, with each one's year.

    @Test(
        "bash: titles where a film goes, quoted as typed; the line's --db; no list, nothing",
        .requires(.bash, .tmux))
    func bashTitles() throws {
        let shell = try ShellUnderTest(.bash)
        try shell.addFilms()
        try shell.check("movies show the", .completes(to: "movies show The\\ Zone\\ of\\ Interest"))
        try shell.check("movies show he", .completes(to: "movies show Heat\\ \\(19"))
        try shell.check("movies show Heat\\ \\(198", .completes(to: "movies show Heat\\ \\(1986\\)"))
        try shell.check("movies rate am", .completes(to: "movies rate Amélie"))
        try shell.check("movies log sch", .completes(to: "movies log Schindler\\'s\\ List"))
        try shell.check("movies show \"sch", .completes(to: "movies show \"Schindler's List\""))
        try shell.check("movies show 'sch", .completes(to: "movies show 'Schindler'\\''s List'"))
        try shell.check("movies rm dol", .completes(to: "movies rm Dollars\\ \\$5\\ \\\\\\ Back"))
        try shell.check("movies rm \"dol", .completes(to: "movies rm \"Dollars \\$5 \\\\ Back\""))
        try shell.check(
            "movies --db other.sqlite show ", .completes(to: "movies --db other.sqlite show Zardoz"))
        try shell.check(
            "movies show --db=other.sqlite z", .completes(to: "movies show --db=other.sqlite Zardoz"))
        try shell.check(
            "movies news unsubscribe film", .completes(to: "movies news unsubscribe Film\\ Notes"))
        try shell.check("movies --db none.sqlite show ", .nothing(absent: ["Heat", "Zardoz"]))
        #expect(!FileManager.default.fileExists(atPath: shell.work + "/none.sqlite"))
    }

    @Test("zsh: titles where a film goes, quoted as typed; the line's --db", .requires(.zsh, .tmux))
    func zshTitles() throws {
        // zsh keeps the quote the word was opened with.
        try checkTitles(in: .zsh, quotedWordCompletesTo: "movies show \"Schindler's List\"")
    }

    @Test("fish: titles where a film goes, quoted as typed; the line's --db", .requires(.fish, .tmux))
    func fishTitles() throws {
        // fish rewrites a quoted word with backslashes as it completes it.
        try checkTitles(in: .fish, quotedWordCompletesTo: "movies show Schindler\\'s\\ List")
    }

    /// What zsh and fish offer alike where a film or a feed goes; they differ only in how they complete a
    /// word opened with a quote.
    private func checkTitles(in kind: ShellUnderTest.Kind, quotedWordCompletesTo quoted: String) throws {
        let shell = try ShellUnderTest(kind)
        try shell.addFilms()
        try shell.check("movies show the", .completes(to: "movies show The\\ Zone\\ of\\ Interest"))
        try shell.check("movies show he", .completes(to: "movies show Heat\\ \\(19"))
        try shell.check("movies show Heat\\ \\(198", .completes(to: "movies show Heat\\ \\(1986\\)"))
        try shell.check("movies rate am", .completes(to: "movies rate Amélie"))
        try shell.check("movies log sch", .completes(to: "movies log Schindler\\'s\\ List"))
        try shell.check("movies show \"sch", .completes(to: quoted))
        try shell.check("movies rm dol", .completes(to: "movies rm Dollars\\ \\$5\\ \\\\\\ Back"))
        try shell.check(
            "movies --db other.sqlite show ", .completes(to: "movies --db other.sqlite show Zardoz"))
        try shell.check(
            "movies news unsubscribe film", .completes(to: "movies news unsubscribe Film\\ Notes"))
        try shell.check("movies news list --feed ", .lists(["https://example.org/notes.xml"]))
        try shell.check("movies --db none.sqlite show ", .nothing(absent: ["Heat", "Zardoz"]))
        #expect(!FileManager.default.fileExists(atPath: shell.work + "/none.sqlite"))
    }
}

/// What pressing Tab must do.
enum TabExpectation {
    /// A list that shows every one of `words` and none of `absent` (as whole words, outside the prompt).
    case lists([String], absent: [String] = [])
    /// The line becomes `line`.
    case completes(to: String)
    /// Nothing is offered or inserted, and none of `absent` shows.
    case nothing(absent: [String])
}

/// One shell in a tmux pane, set up as a user would: `movies` and `news` (a symlink) on `PATH`, the
/// completion script installed where docs/GUIDE.md says, and a folder of files to complete.
final class ShellUnderTest {
    enum Kind: String {
        case bash, zsh, fish
    }

    static let prompt = "READY>"

    let session: TerminalMultiplexer
    private let home = TemporaryDirectory()
    /// The shell's working folder.
    var work: String { home.file("work") }

    /// Fills the list `$MOVIES_DB` names with titles a shell must quote (two films titled `Heat`, one
    /// with a quote, one with `$` and a backslash, one with an accent) and a feed, and `other.sqlite` in
    /// the working folder with `Zardoz`.
    func addFilms() throws {
        let database = home.file("movies.sqlite")
        for film in [
            ["Heat", "--year", "1995"], ["Heat", "--year", "1986"], ["The Zone of Interest"], ["Amélie"],
            ["Schindler's List"], ["Dollars $5 \\ Back"],
        ] {
            let result = try ProcessRunner.run(MoviesProcess.binary, ["--db", database, "add"] + film)
            try #require(result.status == 0, "\(result)")
        }
        let opml = home.file("feeds.opml")
        try home.write(
            """
            <?xml version="1.0"?><opml version="2.0"><head/><body>
            <outline type="rss" text="Film Notes" xmlUrl="https://example.org/notes.xml"/></body></opml>
            """, to: "feeds.opml")
        let imported = try ProcessRunner.run(
            MoviesProcess.binary, ["--db", database, "news", "import", opml])
        try #require(imported.status == 0, "\(imported)")
        let other = try ProcessRunner.run(
            MoviesProcess.binary, ["--db", work + "/other.sqlite", "add", "Zardoz"])
        try #require(other.status == 0, "\(other)")
    }

    init(_ kind: Kind) throws {
        let bin = home.file("bin")
        let work = home.file("work")
        for folder in [
            bin, work + "/lb", work + "/out", home.file(".local/share"), home.file(".config/fish"),
        ] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try FileManager.default.createSymbolicLink(
            atPath: bin + "/movies", withDestinationPath: MoviesProcess.binary)
        try FileManager.default.createSymbolicLink(atPath: bin + "/news", withDestinationPath: "movies")
        try home.write("", to: "work/lb/ratings.csv")
        try home.write("", to: "work/feeds.opml")

        var environment = [
            "HOME": home.path, "PATH": "\(bin):/usr/bin:/bin", "TERM": "screen", "LANG": "C.UTF-8",
            "XDG_DATA_HOME": home.file(".local/share"), "XDG_CONFIG_HOME": home.file(".config"),
            "MOVIES_DB": home.file("movies.sqlite"),
        ]
        let command: [String]
        let script = try ProcessRunner.run(MoviesProcess.binary, ["completions", kind.rawValue]).stdout
        switch kind {
        case .bash:
            let folder = home.file(".local/share/bash-completion/completions")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try script.write(toFile: folder + "/movies", atomically: true, encoding: .utf8)
            try FileManager.default.createSymbolicLink(
                atPath: folder + "/news", withDestinationPath: "movies")
            // bash-completion loads the script on the first Tab after `movies` or `news`; without it, the
            // script is sourced, as its own `complete` line registers both names.
            try home.write(
                """
                PS1='\(Self.prompt) '
                bind 'set show-all-if-ambiguous on'
                bind 'set bell-style none'
                bind 'set page-completions off'
                if [ -f /usr/share/bash-completion/bash_completion ]; then
                    . /usr/share/bash-completion/bash_completion
                else
                    . '\(folder)/movies'
                fi
                cd '\(work)'

                """, to: ".bashrc")
            command = [
                try #require(ProcessRunner.which("bash")), "--noprofile", "--rcfile", home.file(".bashrc"),
                "-i",
            ]
        case .zsh:
            try FileManager.default.createDirectory(
                atPath: home.file(".zfunc"), withIntermediateDirectories: true)
            try home.write(script, to: ".zfunc/_movies")
            try home.write(
                """
                fpath=(~/.zfunc $fpath)
                autoload -U compinit && compinit -u -D
                PS1='\(Self.prompt) '
                unsetopt beep
                cd '\(work)'

                """, to: ".zshrc")
            environment["ZDOTDIR"] = home.path
            command = [try #require(ProcessRunner.which("zsh")), "-i"]
        case .fish:
            let folder = home.file(".config/fish/completions")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try script.write(toFile: folder + "/movies.fish", atomically: true, encoding: .utf8)
            try FileManager.default.createSymbolicLink(
                atPath: folder + "/news.fish", withDestinationPath: "movies.fish")
            try home.write(
                """
                function fish_prompt; echo -n '\(Self.prompt) '; end
                set -g fish_greeting ''
                set -g fish_autosuggestion_enabled 0
                cd '\(work)'

                """, to: ".config/fish/config.fish")
            command = [try #require(ProcessRunner.which("fish"))]
        }
        session = try TerminalMultiplexer(command, environment: environment)
        let ready = try session.waitForScreen { $0.last == Self.prompt }
        #expect(ready.matched, "\(kind) did not show its prompt:\n\(ready.lines.joined(separator: "\n"))")
    }

    /// Types `typed` on a cleared screen, presses Tab, and checks what the screen shows.
    func check(
        _ typed: String, _ expectation: TabExpectation, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try session.press("C-u")
        try session.type("clear")
        try session.press("Enter")
        let cleared = try session.waitForScreen { $0 == [Self.prompt] }
        try #require(
            cleared.matched, "the screen did not clear: \(cleared.lines)", sourceLocation: sourceLocation)
        try session.type(typed)
        try session.press("Tab")
        let line = "\(Self.prompt) \(typed)"
        let result: (lines: [String], matched: Bool)
        var absent: [String] = []
        switch expectation {
        case .lists(let words, let unwanted):
            absent = unwanted
            result = try session.waitForScreen { lines in
                let shown = Self.words(offeredOn: lines)
                return words.allSatisfy(shown.contains)
            }
        case .completes(let completed):
            // Blanks before the prompt aside: once, on a loaded machine, bash redrew the line 8 columns in.
            let expected = "\(Self.prompt) \(completed)"
            result = try session.waitForScreen { $0.contains { $0.drop(while: { $0 == " " }) == expected } }
        case .nothing(let unwanted):
            absent = unwanted
            // A key typed after Tab shows once Tab has been handled: then nothing must have been added.
            try session.type("Z9")
            result = try session.waitForScreen { $0.contains(line + "Z9") }
        }
        let screen = result.lines.joined(separator: "\n")
        #expect(result.matched, "\(typed)⇥ shows:\n\(screen)", sourceLocation: sourceLocation)
        let shown = Self.words(offeredOn: result.lines)
        for word in absent {
            #expect(
                !shown.contains(word), "\(typed)⇥ offers \(word):\n\(screen)", sourceLocation: sourceLocation)
        }
        #expect(
            !screen.contains("_arguments:"), "zsh reports a bad spec:\n\(screen)",
            sourceLocation: sourceLocation)
    }

    /// The words on the screen outside the prompt lines: what the shell lists.
    static func words(offeredOn lines: [String]) -> Set<String> {
        Set(
            lines.filter { !$0.hasPrefix(prompt) }.flatMap {
                $0.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == ")" }).map(String.init)
            })
    }
}
