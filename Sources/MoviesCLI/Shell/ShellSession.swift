import Basics
import MoviesCore
import UserFacing
import ViewModels

/// The command trees of the shell's screens, made from the registry (`CommandRegistry`).
enum ShellTrees {
    /// The options every command of the shell takes: `--help` (`--db` is the shell's, given once).
    static let globalOptions = [CommonOptions.help]

    /// The movie screen's commands.
    static let movies = CommandSpec(
        name: "",
        abstract: "The movies shell: type a command, or help <command> for its options.",
        discussion: """
            Quoting works as in a shell: "two words", 'single quotes', back\\ slash. Changes to the list made \
            anywhere (this shell, another movies, sqlite3) are printed as they happen: + added, ~ changed, \
            - removed.
            """,
        subcommands: .registry(.movieScreen))

    /// The news screen's commands.
    static let news = CommandSpec(
        name: "", abstract: "The news screen of the movies shell.",
        subcommands: .registry(.newsScreen))

    /// The diary screen's commands.
    static let diary = CommandSpec(
        name: "", abstract: "The diary screen of the movies shell.",
        subcommands: .registry(.diaryScreen))
}

/// One run of `movies shell`: reads lines, runs them as commands, prints the change feed.
///
/// It is also the shell's coordinator: it owns which screen is current (the movie list, the news list
/// after `news`, the diary after `diary`), builds each screen's view models from one `Dependencies` value, and hands every
/// command it runs the context with itself in it (`CommandContext.shell`), so a command that acts on a
/// screen (`list`, `filter`, `more`, the news marks) finds it there. View models never navigate.
///
/// The shell drives the same view models as the one-shot commands. At a terminal it also keeps a list
/// view model observing the store, and prints what changed, from anywhere, above the prompt. Reading a
/// script from a pipe it prints no prompts and no feed, only each command's output, names the line of
/// each error, and exits non-zero if any command failed (with the first failure's exit code).
///
/// At a terminal a failed command is something the person saw and moved past: `quit` exits 0, and the
/// end of input (Ctrl-D) exits with the last command's status, as sh does.
@MainActor
final class ShellSession {
    private let context: CommandContext
    let console: any Console
    private let dependencies: Dependencies
    /// The movie screen: the filter and sort `list` uses, set by `filter` and `sort`.
    let movieScreen: MovieScreen
    /// Follows every movie, for the change feed (terminal only).
    private var feed: MovieListViewModel?
    private var firstFailure: ExitCode?
    /// The failure of the last command, nil when it succeeded.
    private var lastFailure: ExitCode?
    /// The number of the line being run, counted from 1, for a script's error messages.
    private var lineNumber = 0
    /// The screen shown: the movie list, or the news or diary list with its view model.
    private enum Screen {
        case movies
        case news(NewsScreen)
        case diary(DiaryScreen)
    }
    private var screen = Screen.movies
    /// The news screen while it is current.
    var news: NewsScreen? {
        if case .news(let news) = screen { return news }
        return nil
    }
    /// Set by `quit`.
    private var quits = false

    private static let movieParser = ArgumentParser(
        root: ShellTrees.movies, globalOptions: ShellTrees.globalOptions)
    private static let movieHelp = HelpFormatter(
        root: ShellTrees.movies, globalOptions: ShellTrees.globalOptions)
    private static let newsParser = ArgumentParser(
        root: ShellTrees.news, globalOptions: ShellTrees.globalOptions)
    private static let newsHelp = HelpFormatter(
        root: ShellTrees.news, globalOptions: ShellTrees.globalOptions)
    private static let diaryParser = ArgumentParser(
        root: ShellTrees.diary, globalOptions: ShellTrees.globalOptions)
    private static let diaryHelp = HelpFormatter(
        root: ShellTrees.diary, globalOptions: ShellTrees.globalOptions)

    /// The current screen's tree, parser, help and prompt.
    private var activeTree: CommandSpec {
        switch screen {
        case .movies: ShellTrees.movies
        case .news: ShellTrees.news
        case .diary: ShellTrees.diary
        }
    }
    private var activeParser: ArgumentParser {
        switch screen {
        case .movies: Self.movieParser
        case .news: Self.newsParser
        case .diary: Self.diaryParser
        }
    }
    private var activeHelp: HelpFormatter {
        switch screen {
        case .movies: Self.movieHelp
        case .news: Self.newsHelp
        case .diary: Self.diaryHelp
        }
    }
    private var prompt: String {
        switch screen {
        case .movies: "movies> "
        case .news: "news> "
        case .diary: "diary> "
        }
    }

    init(context: CommandContext, console: any Console) throws {
        self.context = context
        self.console = console
        dependencies = try context.dependencies()
        movieScreen = MovieScreen(store: dependencies.movies)
        // A question (`rm` of several movies) is typed at the shell's own prompt; a script is not asked.
        context.askYesNo =
            console.isInteractive
            ? { [console] question in
                guard case .line(let answer) = await console.readLine(prompt: question, kind: .answer) else {
                    return false
                }
                return CommandContext.isYes(answer)
            } : nil
        context.shell = self
    }

    /// Runs until `quit`, `exit` or the end of input; returns the exit code.
    func run() async -> Int32 {
        if console.isInteractive {
            console.show("movies shell — type help for the commands, quit or Ctrl-D to leave.\n")
            if let note = console.startNote { console.show(note) }
            startFeed()
        }
        loop: while !quits {
            console.useCompleter(completer)
            let input = await console.readLine(prompt: prompt, kind: .command)
            if input != .interrupted && input != .end {
                lineNumber += 1
            }
            switch input {
            case .end:
                if console.isInteractive { console.show("\n") }
                break loop
            case .interrupted:
                continue
            case .tooLong(let bytes):
                fail("The line is \(bytes) bytes long; lines are limited to 1 MiB", code: ExitCode.usage)
            case .notUTF8:
                fail("The line is not valid UTF-8; it was not run", code: ExitCode.usage)
            case .line(let line):
                let words: [String]
                do {
                    words = try ShellWords.split(line)
                } catch {
                    fail(error.description.capitalizingFirstLetter(), code: ExitCode.usage)
                    continue
                }
                guard !words.isEmpty else { continue }
                lastFailure = nil
                await execute(words)
                context.output.flush()
            }
        }
        feed?.stopObserving()
        leaveScreen()
        console.close()
        context.shell = nil
        guard console.isInteractive else { return firstFailure?.rawValue ?? 0 }
        return quits ? 0 : lastFailure?.rawValue ?? 0
    }

    // MARK: - What the shell's commands ask of it

    /// The news screen, for a command that only the news screen has.
    func newsScreen() throws -> NewsScreen {
        guard let news else {
            throw CommandFailure(message: "Not on the news screen; type news", exitCode: .usage)
        }
        return news
    }

    /// The news or diary screen, for `list`, `more`, `refresh` and `retry` there.
    func pagedScreen() throws -> any PagedScreen {
        switch screen {
        case .news(let news): return news
        case .diary(let diary): return diary
        case .movies:
            throw CommandFailure(message: "Not on a paged screen; type news or diary", exitCode: .usage)
        }
    }

    /// What Tab offers on the current screen: its commands, their options and values, the list's titles
    /// and the feeds' addresses.
    private var completer: ShellCompleter {
        let (movies, news) = (dependencies.movies, dependencies.news)
        return ShellCompleter(
            tree: activeTree, titles: { (try? movies.titles(startingWith: $0)) ?? [] },
            feeds: { (try? news.feeds().map(\.url)) ?? [] })
    }

    /// `news`: the news screen becomes current.
    func enterNews() async {
        if news != nil { return }
        leaveScreen()
        let news = NewsScreen(dependencies: dependencies, context: context, console: console)
        screen = .news(news)
        await news.enter()
    }

    /// `diary`: the diary screen becomes current, showing what `filter` selects.
    func enterDiary(_ filter: DiaryQuery) async {
        leaveScreen()
        let diary = DiaryScreen(
            dependencies: dependencies, filter: filter, context: context, console: console)
        screen = .diary(diary)
        await diary.enter()
    }

    /// `movies`: back to the movie screen.
    func leaveScreen() {
        switch screen {
        case .movies: break
        case .news(let news): news.leave()
        case .diary(let diary): diary.leave()
        }
        screen = .movies
    }

    /// `quit`: the session ends after this line.
    func quit() {
        quits = true
    }

    /// `help [command ...]`: the current screen's command list, or one command's help.
    func showHelp(_ names: [String]) throws {
        var spec = activeTree
        for name in names {
            guard let next = spec.subcommand(named: name) else {
                let suggestion = Suggestion.closest(to: name, among: spec.subcommands.map(\.name))
                throw UsageError(.unknownCommand(name, suggestion: suggestion), commandPath: ["", "help"])
            }
            spec = next
        }
        context.output.write(activeHelp.fitted(to: context.terminal.columns).help(for: [""] + names))
    }

    // MARK: - Running a line

    private func execute(_ words: [String]) async {
        do {
            // `add` alone at a terminal opens the form instead of asking for a title it was not given.
            if words == [AddCommand.about.name], case .movies = screen, console.isInteractive {
                let form = AddMovieForm(
                    console: console, form: AddMovieViewModel(store: dependencies.movies),
                    catalog: try? context.catalogIfLoaded(), columns: context.terminal.columns)
                if let movie = try await form.run() {
                    context.output.line("Added \(MovieText.summary(movie, glyphs: context.glyphs))")
                    for other in form.form.similarMovies {
                        context.output.line(MovieText.alreadyListed(other, besides: movie))
                    }
                } else {
                    context.output.line("Cancelled.")
                }
                return
            }
            // `log` alone at a terminal, on the movie list or the diary, opens its form.
            if words == [LogCommand.about.name], console.isInteractive, news == nil {
                if let logged = try await LogForm(console: console, context: context).run() {
                    context.output.line(LogCommand.report(logged, glyphs: context.glyphs))
                } else {
                    context.output.line("Cancelled.")
                }
                return
            }
            switch try activeParser.parse(words) {
            case .help(let path), .shortUsage(let path):
                context.output.write(activeHelp.fitted(to: context.terminal.columns).help(for: path))
            case .version:
                context.output.line("movies \(MoviesCLI.version)")
            case .run(let arguments):
                guard let command = arguments.command.handler else { return }
                try await command.run(arguments, in: context)
            }
        } catch {
            context.output.flush()
            let (message, code) = MoviesCLI.describe(error)
            let footer = (error as? UsageError).map { activeHelp.errorFooter(for: $0.commandPath) } ?? ""
            fail(message, footer: footer, code: code)
        }
    }

    // MARK: - Feed and failures

    private func startFeed() {
        let feed = MovieListViewModel(store: dependencies.movies)
        let (terminal, glyphs) = (context.terminal, context.glyphs)
        feed.onChanges = { [console] changes in
            console.show(
                changes.map { MovieText.changeLine($0, terminal: terminal, glyphs: glyphs) + "\n" }.joined())
        }
        // The list as it is before the first prompt, so a change made the moment after (another movies
        // adding a film) is a change to it, printed, not part of the first list the observation reads.
        try? feed.load()
        feed.startObserving()
        self.feed = feed
    }

    /// Reports a failed line (`Error: line 3: ...` in a script, whose reader needs to find it) and
    /// records its exit code.
    private func fail(_ message: String?, footer: String = "", code: ExitCode) {
        context.output.flush()
        if let message {
            let place = console.isInteractive ? "" : "line \(lineNumber): "
            context.errors.write("Error: \(place)\(message)\n")
        }
        context.errors.write(footer)
        lastFailure = code
        if firstFailure == nil {
            firstFailure = code
        }
    }
}
