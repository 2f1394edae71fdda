import Basics
import MoviesCore
import UserFacing
import ViewModels

/// One run of `movies shell`: reads lines, runs them as commands, prints the change feed.
///
/// It is also the shell's coordinator: it owns which screen is current (the movie list, or the news
/// list after `news`), builds each screen's view models from one `Dependencies` value, and routes each
/// line to the current screen's commands. View models never navigate.
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
    private let console: any Console
    private let dependencies: Dependencies
    /// The filter and sort `list` uses, set by `filter` and `sort`.
    private let list: MovieListViewModel
    /// Follows every movie, for the change feed (terminal only).
    private var feed: MovieListViewModel?
    private var firstFailure: ExitCode?
    /// The failure of the last command, nil when it succeeded.
    private var lastFailure: ExitCode?
    /// The number of the line being run, counted from 1, for a script's error messages.
    private var lineNumber = 0
    /// The news screen while it is current; nil on the movie list.
    private var news: NewsScreen?

    private static let parser = ArgumentParser(
        root: ShellCommands.root, globalOptions: ShellCommands.globalOptions)
    private static let helpFormatter = HelpFormatter(
        root: ShellCommands.root, globalOptions: ShellCommands.globalOptions)
    private static let newsParser = ArgumentParser(
        root: NewsScreen.root, globalOptions: ShellCommands.globalOptions)
    private static let newsHelpFormatter = HelpFormatter(
        root: NewsScreen.root, globalOptions: ShellCommands.globalOptions)

    /// The current screen's parser and help.
    private var activeParser: ArgumentParser { news == nil ? Self.parser : Self.newsParser }
    private var activeHelp: HelpFormatter { news == nil ? Self.helpFormatter : Self.newsHelpFormatter }
    private var prompt: String { news == nil ? "movies> " : "news> " }

    init(context: CommandContext, console: any Console) throws {
        self.context = context
        self.console = console
        dependencies = try context.dependencies()
        list = MovieListViewModel(store: dependencies.movies)
        // A question (`rm` of several movies) is typed at the shell's own prompt; a script is not asked.
        context.askYesNo =
            console.isInteractive
            ? { [console] question in
                guard case .line(let answer) = await console.readLine(prompt: question, kind: .answer) else {
                    return false
                }
                return CommandContext.isYes(answer)
            } : nil
    }

    /// Runs until `quit`, `exit` or the end of input; returns the exit code.
    func run() async -> Int32 {
        if console.isInteractive {
            console.show("movies shell — type help for the commands, quit or Ctrl-D to leave.\n")
            startFeed()
        }
        var quits = false
        loop: while true {
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
                guard let first = words.first else { continue }
                lastFailure = nil
                if ownCommand(named: first) == .quit {
                    quits = true
                    break loop
                }
                await execute(words)
                context.output.flush()
            }
        }
        feed?.stopObserving()
        news?.leave()
        console.close()
        guard console.isInteractive else { return firstFailure?.rawValue ?? 0 }
        return quits ? 0 : lastFailure?.rawValue ?? 0
    }

    // MARK: - Commands

    /// The shell's own command (`help`, `quit`...) that `word` names on the current screen, aliases
    /// included, as the parser would find it.
    private func ownCommand(named word: String) -> ShellCommands.Own? {
        let root = news == nil ? ShellCommands.root : NewsScreen.root
        return root.subcommand(named: word).flatMap { ShellCommands.Own(rawValue: $0.name) }
    }

    private func execute(_ words: [String]) async {
        do {
            // What acts before parsing: `help` takes any words, `add` alone at a terminal opens the form,
            // and `news` alone (`movies` alone on the news screen) switches screens.
            let first = words.first ?? ""
            if ownCommand(named: first) == .help {
                try showHelp(Array(words.dropFirst()))
                return
            }
            if let news {
                if words.count == 1, news.command(named: first) == .movies {
                    news.leave()
                    self.news = nil
                    context.output.line("Back to the movie list.")
                    return
                }
            } else if words.count == 1 {
                if ShellCommands.root.subcommand(named: first)?.handler == AddCommand.self,
                    console.isInteractive
                {
                    let form = AddMovieForm(
                        console: console, form: AddMovieViewModel(store: dependencies.movies))
                    if let movie = try await form.run() {
                        context.output.line("Added \(MovieText.summary(movie))")
                    } else {
                        context.output.line("Cancelled.")
                    }
                    return
                }
                if ownCommand(named: first) == .news {
                    let screen = NewsScreen(dependencies: dependencies, context: context, console: console)
                    news = screen
                    await screen.enter()
                    return
                }
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
            let footer = (error as? UsageError).map { activeHelp.errorFooter(for: $0.commandPath) } ?? ""
            fail(message, footer: footer, code: code)
        }
    }

    private func run(_ arguments: ParsedArguments) async throws {
        if let news {
            try await news.run(arguments)
            return
        }
        if let command = arguments.command.handler {
            try await command.run(arguments, in: context)
            return
        }
        switch ShellCommands.Own(rawValue: arguments.command.name) {
        case .list: try listMovies(arguments)
        case .filter: setFilter(arguments)
        case .sort: setSort(arguments)
        // Run before parsing (`news` alone switches screens, `help` and `quit` take any words).
        case .news, .help, .quit, nil: break
        }
    }

    /// `help [command]`: the shell's command list, or one command's help.
    private func showHelp(_ words: [String]) throws {
        let target = words.filter { !$0.hasPrefix("-") }
        var spec = news == nil ? ShellCommands.root : NewsScreen.root
        for name in target {
            guard let next = spec.subcommand(named: name) else {
                throw UsageError(.unknownCommand(name, suggestion: nil), commandPath: ["", "help"])
            }
            spec = next
        }
        context.output.write(activeHelp.help(for: [""] + target))
    }

    /// `list` with its usual options; without them it uses the shell's filter and sort.
    private func listMovies(_ arguments: ParsedArguments) throws {
        let view = MovieListViewModel(store: dependencies.movies)
        let ratings = arguments.all(CommonOptions.ratingFilter)
        view.ratingFilter = ratings.isEmpty ? list.ratingFilter : Set(ratings)
        view.watchStateFilter = try ListCommand.watchState(arguments)
        view.textFilter = list.textFilter
        view.sort = arguments.given(ListCommand.sort) ?? list.sort
        view.isReversed = arguments[ListCommand.reverse] != list.isReversed
        let limit = arguments[ListCommand.limit]
        view.limit = limit?.withLookahead
        view.after = arguments[ListCommand.after]
        let format = arguments.outputFormat
        let page = try MovieListRendering.stream(
            view, pageSize: limit?.value, format: format, context: context, emptyHint: nil)
        if page.count == 0 && arguments.given(CommonOptions.format) == nil {
            context.output.line(
                view.after != nil
                    ? "No more movies."
                    : list.query == MovieQuery() ? "No movies yet." : "No movies match the filter.")
        }
        if let last = page.lastBeforeMore, let limit {
            // The options given again; the shell's filter and sort stay as they are.
            var words = ["list"]
            if !ratings.isEmpty { words += ["--rating", ratings.map(\.rawValue).joined(separator: ",")] }
            if let sort = arguments.given(ListCommand.sort) { words += ["--sort", sort.rawValue] }
            if arguments[ListCommand.reverse] { words.append("--reverse") }
            if format != .table { words += ["--format", format.rawValue] }
            words += ["--limit", String(limit.value), "--after", view.cursor(after: last).description]
            context.output.flush()
            context.errors.line(NextPageHint.line("movies", command: words))
        }
    }

    private func setFilter(_ arguments: ParsedArguments) {
        if arguments[ShellCommands.clear] {
            list.ratingFilter = []
            list.textFilter = ""
        }
        let ratings = arguments.all(CommonOptions.ratingFilter)
        if !ratings.isEmpty {
            list.ratingFilter = Set(ratings)
        }
        if let text = arguments[ShellCommands.text] {
            list.textFilter = text
        }
        var parts: [String] = []
        if !list.ratingFilter.isEmpty {
            parts.append(
                "rating "
                    + RatingWord.allCases.filter(list.ratingFilter.contains).map(\.rawValue).joined(
                        separator: ", "))
        }
        if !list.textFilter.isEmpty {
            parts.append("text \"\(TerminalText.singleLine(list.textFilter))\"")
        }
        context.output.line(
            "Filter: " + (parts.isEmpty ? "none (every movie)" : parts.joined(separator: "; ")))
    }

    private func setSort(_ arguments: ParsedArguments) {
        if let order = arguments[ShellCommands.order] {
            list.sort = order
            list.isReversed = arguments[ShellCommands.reverse]
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
