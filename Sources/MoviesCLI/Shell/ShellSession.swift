import Basics
import MoviesCore
import ViewModels

/// One run of `movies shell`: reads lines, runs them as commands, prints the change feed.
///
/// It is also the shell's coordinator: it owns which screen is current (the movie list, or the news
/// list after `news`), builds each screen's view models from one `Dependencies` value, and routes each
/// line to the current screen's commands. View models never navigate.
///
/// The shell drives the same view models as the one-shot commands. At a terminal it also keeps a list
/// view model observing the store, and prints what changed, from anywhere, above the prompt. Reading a
/// script from a pipe it prints no prompts and no feed, only each command's output, and exits non-zero
/// if any command failed (with the first failure's exit code).
@MainActor
final class ShellSession {
    private let context: CommandContext
    private let console: any Console
    private let dependencies: Dependencies
    /// The filter and sort `list` uses, set by `filter` and `sort`.
    private let list: MovieListViewModel
    /// Follows every movie, for the change feed (terminal only).
    private var feed: MovieListViewModel?
    private var firstFailure: ExitCode?
    /// The news screen while it is current; nil on the movie list.
    private var news: NewsScreen?

    private static let parser = ArgumentParser(root: ShellCommands.root, globalOptions: [.help])
    private static let helpFormatter = HelpFormatter(root: ShellCommands.root, globalOptions: [.help])
    private static let newsParser = ArgumentParser(root: NewsScreen.root, globalOptions: [.help])
    private static let newsHelpFormatter = HelpFormatter(root: NewsScreen.root, globalOptions: [.help])

    /// The current screen's parser and help.
    private var activeParser: ArgumentParser { news == nil ? Self.parser : Self.newsParser }
    private var activeHelp: HelpFormatter { news == nil ? Self.helpFormatter : Self.newsHelpFormatter }
    private var prompt: String { news == nil ? "movies> " : "news> " }

    init(context: CommandContext, console: any Console) throws {
        self.context = context
        self.console = console
        dependencies = try context.dependencies()
        list = MovieListViewModel(store: dependencies.movies)
    }

    /// Runs until `quit`, `exit` or the end of input; returns the exit code.
    func run() async -> Int32 {
        if console.isInteractive {
            console.show("movies shell — type help for the commands, quit or Ctrl-D to leave.\n")
            startFeed()
        }
        loop: while true {
            switch await console.readLine(prompt: prompt) {
            case .end:
                if console.isInteractive { console.show("\n") }
                break loop
            case .interrupted:
                continue
            case .tooLong(let bytes):
                fail(
                    "Error: the line is \(bytes) bytes long; lines are limited to 1 MiB\n",
                    code: ExitCode.usage)
            case .notUTF8:
                fail("Error: the line is not valid UTF-8; it was not run\n", code: ExitCode.usage)
            case .line(let line):
                let words: [String]
                do {
                    words = try ShellWords.split(line)
                } catch {
                    fail("Error: \(error.description.capitalizingFirstLetter())\n", code: ExitCode.usage)
                    continue
                }
                guard let first = words.first else { continue }
                if first == "quit" || first == "exit" { break loop }
                await execute(words)
                context.output.flush()
            }
        }
        feed?.stopObserving()
        news?.leave()
        console.close()
        return firstFailure?.rawValue ?? 0
    }

    // MARK: - Commands

    private func execute(_ words: [String]) async {
        do {
            if words == ["add"] && console.isInteractive {
                let form = AddMovieForm(console: console, form: AddMovieViewModel(store: dependencies.movies))
                if let movie = try await form.run() {
                    context.output.line("Added \(MovieText.summary(movie))")
                } else {
                    context.output.line("Cancelled.")
                }
                return
            }
            if words.first == "help" {
                try showHelp(Array(words.dropFirst()))
                return
            }
            if words == ["news"] && news == nil {
                let screen = NewsScreen(dependencies: dependencies, context: context, console: console)
                news = screen
                await screen.enter()
                return
            }
            if words == ["movies"], let screen = news {
                screen.leave()
                news = nil
                context.output.line("Back to the movie list.")
                return
            }
            switch try activeParser.parse(words) {
            case .help(let path):
                context.output.write(activeHelp.help(for: path))
            case .version:
                context.output.line("movies \(MoviesCLI.version)")
            case .run(let arguments):
                try await run(arguments)
            }
        } catch {
            context.output.flush()
            let (message, code) = MoviesCLI.describe(error)
            var text = message.map { "Error: \($0)\n" } ?? ""
            if let usage = error as? UsageError {
                text += activeHelp.errorFooter(for: usage.commandPath)
            }
            fail(text, code: code)
        }
    }

    private func run(_ arguments: ParsedArguments) async throws {
        if let news {
            try await news.run(arguments)
            return
        }
        let name = arguments.commandPath.count >= 2 ? arguments.commandPath[1] : ""
        switch name {
        case "list":
            try listMovies(arguments)
        case "filter":
            setFilter(arguments)
        case "sort":
            setSort(arguments)
        default:
            guard let command = ShellCommands.movieCommands.first(where: { $0.spec.name == name }) else {
                return
            }
            try await command.run(arguments, in: context)
        }
    }

    /// `help [command]`: the shell's command list, or one command's help.
    private func showHelp(_ words: [String]) throws {
        let target = words.filter { !$0.hasPrefix("-") }
        var spec = news == nil ? ShellCommands.root : NewsScreen.root
        for name in target {
            guard let next = spec.subcommand(named: name) else {
                throw UsageError(message: "Unknown command '\(name)'", commandPath: ["", "help"])
            }
            spec = next
        }
        context.output.write(activeHelp.help(for: [""] + target))
    }

    /// `list` with its usual options; without them it uses the shell's filter and sort.
    private func listMovies(_ arguments: ParsedArguments) throws {
        let view = MovieListViewModel(store: dependencies.movies)
        view.ratingFilter =
            arguments.strings("rating").isEmpty
            ? list.ratingFilter : Set(arguments.strings("rating").compactMap(Rating.init(parsing:)))
        view.textFilter = list.textFilter
        view.sort = arguments.string("sort").flatMap(MovieSort.init(rawValue:)) ?? list.sort
        view.isReversed = arguments.flag("reverse") != list.isReversed
        view.limit = try arguments.converted(
            "limit", display: "'--limit <n>'", expected: ValueParsing.countExpected,
            ValueParsing.positiveCount)
        view.after = try arguments.movieID("after", display: "'--after <id>'")
        try view.load()
        try MovieListRendering.write(
            view.movies, format: arguments.string("format") ?? "table", context: context)
        if view.movies.isEmpty && arguments.string("format") == nil {
            context.output.line(list.query == MovieQuery() ? "No movies yet." : "No movies match the filter.")
        }
    }

    private func setFilter(_ arguments: ParsedArguments) {
        if arguments.flag("clear") {
            list.ratingFilter = []
            list.textFilter = ""
        }
        let ratings = arguments.strings("rating").compactMap(Rating.init(parsing:))
        if !ratings.isEmpty {
            list.ratingFilter = Set(ratings)
        }
        if let text = arguments.string("text") {
            list.textFilter = text
        }
        var parts: [String] = []
        if !list.ratingFilter.isEmpty {
            parts.append("rating " + list.ratingFilter.sorted().map(\.rawValue).joined(separator: ", "))
        }
        if !list.textFilter.isEmpty {
            parts.append("text \"\(TerminalText.singleLine(list.textFilter))\"")
        }
        context.output.line(
            "Filter: " + (parts.isEmpty ? "none (every movie)" : parts.joined(separator: "; ")))
    }

    private func setSort(_ arguments: ParsedArguments) {
        if let order = arguments.string("order").flatMap(MovieSort.init(rawValue:)) {
            list.sort = order
            list.isReversed = arguments.flag("reverse")
        }
        context.output.line("Sort: \(list.sort.rawValue)" + (list.isReversed ? ", reversed" : ""))
    }

    // MARK: - Feed and failures

    private func startFeed() {
        let feed = MovieListViewModel(store: dependencies.movies)
        let terminal = context.terminal
        feed.onChanges = { [console] changes in
            console.show(changes.map { MovieText.changeLine($0, terminal: terminal) + "\n" }.joined())
        }
        feed.startObserving()
        self.feed = feed
    }

    private func fail(_ text: String, code: ExitCode) {
        context.output.flush()
        context.errors.write(text)
        if firstFailure == nil {
            firstFailure = code
        }
    }
}
