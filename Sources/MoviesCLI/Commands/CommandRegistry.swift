/// Every command of `movies`, once, with the places it answers in: `movies …`, `movies news …` (and the
/// `news` program), and the shell's three screens. The parser trees of the command line and of both
/// screens, their help, "did you mean" and the completion scripts are all made from this one list, so a
/// command added here is parsed, helped, completed and documented everywhere it belongs.
///
/// A command that behaves differently in the shell (its `list` keeps the screen's filter; its marks go
/// through the news screen's view model) says so in its own `run`, from `CommandContext.shell`.
enum CommandRegistry {
    /// Where a command answers.
    struct Places: OptionSet, Sendable {
        let rawValue: Int
        /// `movies <command>`.
        static let movies = Places(rawValue: 1)
        /// `movies news <command>`, and `news <command>` through the symlink.
        static let news = Places(rawValue: 2)
        /// The shell's movie screen (`movies shell`).
        static let movieScreen = Places(rawValue: 4)
        /// The shell's news screen (`news` in the shell).
        static let newsScreen = Places(rawValue: 8)
        /// The shell's diary screen (`diary` in the shell).
        static let diaryScreen = Places(rawValue: 16)
        /// `movies catalog <command>`.
        static let catalog = Places(rawValue: 32)
        /// Every screen of the shell.
        static let shell: Places = [.movieScreen, .newsScreen, .diaryScreen]
    }

    /// One line of the registry: a command, or a group of commands (`news`, `catalog`), and where it
    /// answers.
    enum Entry: Sendable {
        case command(any Command.Type, Places)
        /// A group, whose subcommands are the commands registered in its own place.
        case group(any CommandGroup.Type, Places)
    }

    /// Every command, in the order help lists them.
    static let entries: [Entry] = [
        .command(AddCommand.self, [.movies, .movieScreen]),
        .command(ListCommand.self, [.movies, .movieScreen]),
        .command(SearchCommand.self, [.movies, .movieScreen]),
        .command(ShowCommand.self, [.movies, .movieScreen, .diaryScreen]),
        .command(RateCommand.self, [.movies, .movieScreen]),
        .command(LogCommand.self, [.movies, .movieScreen, .diaryScreen]),
        .command(DiaryCommand.self, [.movies]),
        .command(DiaryScreenCommand.self, [.movieScreen]),
        .command(DiaryEditCommand.self, [.diaryScreen]),
        .command(DiaryRemoveCommand.self, [.diaryScreen]),
        .command(ListsCommand.self, [.movies, .movieScreen]),
        .command(UnwatchCommand.self, [.movies, .movieScreen]),
        .command(EditCommand.self, [.movies, .movieScreen]),
        .command(RemoveCommand.self, [.movies, .movieScreen]),
        .command(ImportCommand.self, [.movies]),
        .command(ExportCommand.self, [.movies]),
        .command(StatsCommand.self, [.movies, .movieScreen]),
        .command(YearCommand.self, [.movies]),
        .command(FindCommand.self, [.movies, .movieScreen]),
        .command(LinkCommand.self, [.movies]),
        .group(CatalogCommand.self, [.movies]),
        .command(FilterCommand.self, [.movieScreen]),
        .command(SortCommand.self, [.movieScreen]),
        .group(NewsCommand.self, [.movies]),
        .command(NewsScreenCommand.self, [.movieScreen]),
        .command(ShellCommand.self, [.movies]),
        .command(BackupCommand.self, [.movies]),
        .command(RestoreCommand.self, [.movies]),
        .command(MigrateCommand.self, [.movies]),
        .command(CompletionsCommand.self, [.movies]),
        .command(CompleteCommand.self, [.movies, .news]),

        .command(NewsListCommand.self, [.news]),
        .command(ScreenListCommand.self, [.newsScreen, .diaryScreen]),
        .command(ScreenMoreCommand.self, [.newsScreen, .diaryScreen]),
        .command(NewsSearchCommand.self, [.news, .newsScreen]),
        .command(NewsShowCommand.self, [.news, .newsScreen]),
        .command(NewsOpenCommand.self, [.news, .newsScreen]),
        .command(NewsRefreshCommand.self, [.news]),
        .command(ScreenRefreshCommand.self, [.newsScreen, .diaryScreen]),
        .command(ScreenRetryCommand.self, [.newsScreen, .diaryScreen]),
        .command(NewsSubscribeCommand.self, [.news]),
        .command(NewsUnsubscribeCommand.self, [.news]),
        .command(NewsFeedsCommand.self, [.news, .newsScreen]),
        .command(NewsReadCommand.self, [.news, .newsScreen]),
        .command(NewsUnreadCommand.self, [.news, .newsScreen]),
        .command(NewsStarCommand.self, [.news, .newsScreen]),
        .command(NewsUnstarCommand.self, [.news, .newsScreen]),
        .command(NewsPruneCommand.self, [.news]),
        .command(NewsDownloadCommand.self, [.news]),
        .command(NewsIgnoreCommand.self, [.news]),
        .command(NewsIgnoresCommand.self, [.news]),
        .command(NewsUnignoreCommand.self, [.news]),
        .command(NewsSaveSearchCommand.self, [.news]),
        .command(NewsSearchesCommand.self, [.news]),
        .command(NewsForgetSearchCommand.self, [.news]),
        .command(NewsAddCommand.self, [.news]),
        .command(NewsImportCommand.self, [.news]),
        .command(NewsExportOPMLCommand.self, [.news]),
        .command(MoviesScreenCommand.self, [.newsScreen, .diaryScreen]),

        .command(CatalogLoadCommand.self, [.catalog]),
        .command(CatalogStatusCommand.self, [.catalog]),

        .command(ClearCommand.self, .shell),
        .command(HelpCommand.self, [.movies, .news, .catalog]),
        .command(ShellHelpCommand.self, .shell),
        .command(QuitCommand.self, .shell),
    ]

    /// The spec of the command of `place` called `name` (or one of its aliases), the only one built.
    static func spec(named name: String, in place: Places) -> CommandSpec? {
        for entry in entries {
            switch entry {
            case .command(let command, let places) where places.contains(place):
                if command.about.name == name || command.about.aliases.contains(name) { return command.spec }
            case .group(let group, let places) where places.contains(place):
                if name == group.name { return group.spec }
            default: continue
            }
        }
        return nil
    }

    /// The specs of the commands that answer in `place`, in the registry's order; hidden ones
    /// (`CommandAbout.isHidden`) are left out, as only `spec(named:)` finds them.
    static func specs(in place: Places) -> [CommandSpec] {
        entries.compactMap { entry in
            switch entry {
            case .command(let command, let places):
                places.contains(place) && !command.about.isHidden ? command.spec : nil
            case .group(let group, let places): places.contains(place) ? group.spec : nil
            }
        }
    }
}

/// A command that only groups others (`movies news …`, `movies catalog …`): the parser descends into the
/// subcommand named, and the group alone shows its help.
protocol CommandGroup: Sendable {
    /// `news`: the word that names the group.
    static var name: String { get }
    static var spec: CommandSpec { get }
}
