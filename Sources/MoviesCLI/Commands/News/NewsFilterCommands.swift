import Basics
import MoviesCore
import News

/// `movies news ignore`: see docs/COMMANDS.md, written from the declarations below.
struct NewsIgnoreCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "ignore",
        abstract: "Keep matching items out of every refresh from now on (by feed, title, author or age).",
        discussion: """
            An item a refresh brings that matches every condition given is not stored, as newsboat's \
            ignore-article does; items stored before stay. Text matches anywhere in the title or author, \
            ASCII letters without regard to case. `news ignores` lists the rules, `news unignore` removes one.
            """,
        examples: [
            "movies news ignore --title sponsored", "movies news ignore --feed 3 --author 'Guest Post'",
            "movies news ignore --older-than 30",
        ])

    @Option(
        "feed", short: "f", valueName: "feed",
        help: "Only this feed's items (alone: all of them): its id (see `news feeds`), address or title.")
    var feed: FeedReference?
    @Option("title", short: "t", valueName: "text", help: "Items whose title holds this text.")
    var title: String?
    @Option("author", valueName: "text", help: "Items whose author holds this text.")
    var author: String?
    @Option(
        "older-than", valueName: "days", help: "Items published more than this many days before the refresh.")
    var olderThan: Days?

    func validate() throws(CommandLineRule) {
        if feed == nil, title == nil, author == nil, olderThan == nil {
            throw CommandLineRule("Say which items to keep out: --feed, --title, --author or --older-than")
        }
    }

    func runSynchronously(in context: CommandContext) throws {
        let news = try context.dependencies().news
        var feedID: Int64?
        if let feed {
            guard let found = try news.feed(feed) else { throw NewsError.feedNotFound(feed.description) }
            feedID = found.id
        }
        let rule = try news.addIgnoreRule(
            IgnoreRule(
                feedID: feedID, titleContains: title, authorContains: author, olderThanDays: olderThan?.value)
        )
        context.output.line("Added ignore rule \(rule.id): \(NewsText.describe(rule))")
    }
}

/// `movies news ignores`: see docs/COMMANDS.md, written from the declarations below.
struct NewsIgnoresCommand: SynchronousCommand {
    static let about = CommandAbout(name: "ignores", abstract: "List the ignore rules (`news ignore`).")

    func runSynchronously(in context: CommandContext) throws {
        let rules = try context.readingDependencies().news.ignoreRules()
        if rules.isEmpty {
            context.hint("No ignore rules. Add one with: movies news ignore --title <text>")
        }
        for rule in rules {
            context.output.line("\(rule.id)  \(NewsText.describe(rule))")
        }
    }
}

/// `movies news unignore`: see docs/COMMANDS.md, written from the declarations below.
struct NewsUnignoreCommand: SynchronousCommand {
    static let about = CommandAbout(name: "unignore", abstract: "Remove an ignore rule.")

    @Argument("rule", help: "The rule's id, as `news ignores` shows it.")
    var rule: IgnoreRuleID

    func runSynchronously(in context: CommandContext) throws {
        let removed = try context.dependencies().news.removeIgnoreRule(id: rule.rawValue)
        context.output.line("Removed ignore rule \(removed.id): \(NewsText.describe(removed))")
    }
}

/// `movies news save-search`: see docs/COMMANDS.md, written from the declarations below.
struct NewsSaveSearchCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "save-search",
        abstract: "Save a search under a name, listed like a feed with `news list --query NAME`.",
        examples: ["movies news save-search festivals cannes venice berlinale --unread"])

    @Argument("name", help: "The name to list it by.")
    var name: String
    @Argument("words", help: "What to look for, as `news search` takes it.")
    var words: [String]
    @Flag("unread", short: "u", help: "Only unread items.")
    var unread: Bool

    func runSynchronously(in context: CommandContext) throws {
        let saved = try context.dependencies().news.saveSearch(
            SavedSearch(name: name, words: words.joined(separator: " "), unreadOnly: unread))
        context.output.line(
            "Saved the search \(SearchCommand.quoted(saved.words)) as "
                + "\(TerminalText.singleLine(saved.name)): movies news list --query \(TerminalText.singleLine(saved.name))"
        )
    }
}

/// `movies news searches`: see docs/COMMANDS.md, written from the declarations below.
struct NewsSearchesCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "searches", abstract: "List the saved searches with how many items each finds, unread first.")

    func runSynchronously(in context: CommandContext) throws {
        let news = try context.readingDependencies().news
        let searches = try news.savedSearches()
        if searches.isEmpty {
            context.hint("No saved searches. Save one with: movies news save-search <name> <words>")
            return
        }
        context.output.write(
            Table.render(
                columns: [
                    Table.Column(title: "NAME", isShortenable: true),
                    Table.Column(title: "UNREAD", alignRight: true),
                    Table.Column(title: "ITEMS", alignRight: true),
                    Table.Column(title: "WORDS", isShortenable: true),
                ],
                rows: try searches.map { search in
                    let counts = try news.counts(of: search.query())
                    return [
                        search.name, String(counts.unread), String(counts.all),
                        search.words + (search.unreadOnly ? "  (unread only)" : ""),
                    ]
                },
                width: context.terminal.columns, header: context.terminal.bold))
    }
}

/// `movies news forget-search`: see docs/COMMANDS.md, written from the declarations below.
struct NewsForgetSearchCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "forget-search", abstract: "Remove a saved search (its items stay).")

    @Argument("name", help: "The saved search's name.")
    var name: String

    func runSynchronously(in context: CommandContext) throws {
        let forgotten = try context.dependencies().news.forgetSearch(named: name)
        context.output.line("Forgot the saved search \(TerminalText.singleLine(forgotten.name))")
    }
}
