import Basics
import Feeds
import FoundationEssentials
import Interchange
import MoviesCore
import News
import ViewModels

/// `movies news subscribe`: see docs/COMMANDS.md, written from the declarations below.
struct NewsSubscribeCommand: Command {
    static let about = CommandAbout(
        name: "subscribe",
        abstract: "Subscribe to an RSS, Atom or JSON feed, or to the feed a web site announces.",
        discussion: """
            The address is fetched at once: a web page is looked into for the feeds it announces (<link \
            rel="alternate"> of an RSS, Atom or JSON Feed type), and the first is taken (--all takes every \
            one); an address that answers with neither a feed nor such a page is refused and nothing is \
            stored. A feed reached through redirects is refused when its final address is already \
            subscribed, and after permanent redirects (301, 308) only, stored under its new address. With \
            --no-fetch the address is only recorded, for the next refresh. The address is stored with its \
            scheme and host in lower case and without a default port, so the same feed typed two ways is \
            one subscription.
            """,
        examples: [
            "movies news subscribe https://example.org/feed.xml",
            "movies news subscribe https://example.org/",
        ])

    @Argument("url", help: "The feed's address, or a web site's (http or https).")
    var address: FeedAddress
    @Flag("all", help: "Subscribe to every feed a web page announces, not only the first.")
    var all: Bool
    @Flag("no-fetch", help: "Subscribe without fetching now.")
    var noFetch: Bool

    func validate() throws(CommandLineRule) {
        if noFetch && all {
            throw CommandLineRule(
                "With --no-fetch nothing is fetched, so --all, which looks into the fetched page, cannot go with it"
            )
        }
    }

    func run(in context: CommandContext) async throws {
        let dependencies = try context.dependencies()
        if noFetch {
            let feed = try dependencies.news.subscribe(address)
            context.output.line(
                "Subscribed \(feed.id)  \(feed.url)  (not fetched yet: run movies news refresh)")
            return
        }
        let subscription: NewsRefresher.Subscription
        do {
            do {
                subscription = try await dependencies.newsRefresher.subscribe(address, all: all)
            } catch let problem as FeedProblem where !problem.isBadData {
                // Typed without a scheme: https could not be fetched, so http is tried, as browsers do.
                guard let insecure = address.insecureAlternative else { throw problem }
                subscription = try await dependencies.newsRefresher.subscribe(insecure, all: all)
            }
        } catch let problem as FeedProblem {
            throw FeedProblem(
                reason: "cannot subscribe to \(address): \(problem.reason). Nothing was stored "
                    + "(--no-fetch subscribes without fetching)",
                isBadData: problem.isBadData)
        }
        let discovered = subscription.discovered
        let announced =
            subscription.discoveryIsCapped
            ? "more than \(discovered.count) feeds (only the first \(discovered.count) are looked at)"
            : "\(discovered.count) feeds"
        if discovered.count > 1 && !all {
            // Without --all the feeds are tried in order until one reads: those before it failed.
            let taken = subscription.failed.count
            context.output.line(
                "The page announces \(announced); took the first"
                    + (taken == 0 ? "" : " that could be read") + " (--all takes them all):")
            for (index, alternate) in discovered.enumerated() {
                context.output.line(
                    "  \(index == taken ? "*" : " ") \(TerminalText.singleLine(alternate.url))"
                        + (alternate.title.map { "  " + TerminalText.truncated($0, to: 60) } ?? ""))
            }
        } else if discovered.count > 1 {
            context.output.line("The page announces \(announced).")
        } else if discovered.count == 1 {
            context.output.line("Found the feed \(TerminalText.singleLine(discovered[0].url)) on the page.")
        }
        for (feed, update) in subscription.subscribed {
            context.output.line(
                "Subscribed \(feed.id)  \(TerminalText.singleLine(feed.displayName))  "
                    + "(\(update.inserted) item\(update.inserted == 1 ? "" : "s"))")
        }
        for (feedURL, problem) in subscription.failed {
            context.errors.line(
                "  Passed over the page's feed \(TerminalText.singleLine(feedURL)): "
                    + TerminalText.singleLine(problem.reason))
        }
        let skipped = subscription.alreadySubscribed
        if skipped > 0 {
            context.output.line(
                "\(skipped) of the page's feeds \(skipped == 1 ? "was" : "were") subscribed already.")
        }
    }
}

/// `movies news unsubscribe`: see docs/COMMANDS.md, written from the declarations below.
struct NewsUnsubscribeCommand: Command {
    static let about = CommandAbout(
        name: "unsubscribe", abstract: "Unsubscribe from a feed; its items go too, except starred ones.")

    @Argument("feed", help: "The feed's id (see `news feeds`), address or title.")
    var feed: FeedReference

    func run(in context: CommandContext) async throws {
        let done = try context.dependencies().news.unsubscribe(feed)
        let removed = done.removedItems
        let kept = done.keptStarredItems
        context.output.line(
            "Unsubscribed \(done.feed.id)  \(TerminalText.singleLine(done.feed.displayName)): "
                + "\(RefreshReport.counted(removed, "item")) removed, "
                + "\(RefreshReport.counted(kept, "starred item")) kept")
    }
}

/// `movies news feeds`: see docs/COMMANDS.md, written from the declarations below.
struct NewsFeedsCommand: Command {
    static let about = CommandAbout(
        name: "feeds",
        abstract: "List subscribed feeds with their address, unread items, last fetch and last error.")

    @Option(.format) var format: OutputFormat
    @Flag(.noPager) var noPager: Bool

    func run(in context: CommandContext) async throws {
        let news = try context.readingDependencies().news
        let feeds = try news.feeds()
        let unread = try news.unreadCounts()
        if let format = format.recordFormat {
            context.startPager()
            let writer = RecordWriter(format: format, fields: NewsRecords.feedFields, sink: context.output)
            try writer.begin()
            for feed in feeds {
                try writer.write(NewsRecords.values(of: feed, unread: unread[feed.id] ?? 0))
            }
            try writer.end()
        } else if feeds.isEmpty {
            context.hint("No feeds yet. Subscribe with: movies news subscribe <url>")
        } else {
            context.startPager()
            context.output.write(NewsText.feedTable(feeds, unread: unread, terminal: context.terminal))
        }
    }
}

/// `movies news import`: see docs/COMMANDS.md, written from the declarations below.
struct NewsImportCommand: Command {
    static let about = CommandAbout(
        name: "import",
        abstract: "Import an OPML file of subscriptions, or the items of an RSS or Atom file.",
        discussion: """
            An OPML file subscribes to each feed it lists (already subscribed ones are skipped), with its \
            title and the folder it is filed under (`news list --folder`), all in one \
            go: if any entry has a missing or unusable address, nothing is imported unless --skip-invalid is \
            given, and if one cannot be stored, none is. A folder is the outline's text (its title when it \
            has none); a feed already subscribed moves into the folder the file files it under. An \
            address without a scheme (www.example.org/rss) is taken as https, and feedUrl= as xmlUrl=. \
            A feed file's items go into the subscription the file is a copy of (its rel="self" address, \
            else its site's), else they are stored as loose items; importing the same file again adds \
            nothing.
            """)

    @Argument("file", help: "The OPML, RSS or Atom file.", completion: .file)
    var file: String
    @Flag("skip-invalid", help: "Import an OPML file's good entries and skip the bad ones.")
    var skipInvalid: Bool

    func run(in context: CommandContext) async throws {
        let path = file
        let data = try InputFile.read(path, limit: FeedParser.maximumFeedBytes)
        if InputFile.looksLikeOPML(data) {
            try Self.importOPML(data, path: path, skipInvalid: skipInvalid, context: context)
        } else {
            let parsed: ParsedFeed
            do {
                parsed = try FeedParser.parse(data)
            } catch {
                throw Self.inputError(error, path: path)
            }
            let (update, feed) = try context.dependencies().news.importItems(parsed, fetchedAt: Date())
            context.output.line(
                "Imported \(update.inserted) item\(update.inserted == 1 ? "" : "s") from \(path)"
                    + (feed.map { " into feed \($0.id) (\(TerminalText.singleLine($0.displayName)))" } ?? "")
                    + (update.unchanged + update.updated > 0
                        ? " (\(update.unchanged + update.updated) already there)" : ""))
        }
    }

    /// What a file that could not be read means: bad data in it (65), unless the library that reads it
    /// is missing (1), which is no fault of the file's.
    private static func inputError(_ error: FeedParseError, path: String) -> any Error {
        error.unavailableLibrary ?? InputFileError.badData(path: path, reason: error.description)
    }

    @MainActor
    private static func importOPML(_ data: Data, path: String, skipInvalid: Bool, context: CommandContext)
        throws
    {
        let outlines: [OPMLOutline]
        do {
            outlines = try OPML.parse(data)
        } catch {
            throw inputError(error, path: path)
        }
        var valid: [NewsRepository.NewSubscription] = []
        var problems: [String] = []
        for outline in outlines {
            if let problem = outline.problem {
                problems.append("\(outline.title ?? outline.xmlURL): \(problem)")
            } else if let address = FeedAddress(outline.xmlURL) {
                valid.append(
                    NewsRepository.NewSubscription(
                        address: address, title: outline.title, folder: outline.folder))
            } else {
                problems.append(
                    "\(outline.title ?? outline.xmlURL): '\(outline.xmlURL)' is not an http(s) address")
            }
        }
        if !problems.isEmpty && !skipInvalid {
            throw InputFileError.badData(
                path: path,
                reason:
                    "\(problems.count) entr\(problems.count == 1 ? "y has" : "ies have") no usable feed address "
                    + "(nothing was imported; --skip-invalid imports the others):\n  "
                    + problems.map(TerminalText.singleLine).joined(separator: "\n  "))
        }
        // One transaction: the file's feeds are subscribed all together or, if one cannot be, not at all.
        let outcome = try context.dependencies().news.subscribe(valid)
        let added = outcome.added.count
        let notes = [
            outcome.repeated > 0 ? "\(outcome.repeated) listed twice in the file" : nil,
            outcome.alreadySubscribed > 0
                ? "\(outcome.alreadySubscribed) already subscribed"
                    + (outcome.movedToFolder > 0
                        ? ", \(outcome.movedToFolder) of them moved into its folders" : "")
                : nil,
        ].compactMap { $0 }
        context.output.line(
            "Subscribed to \(added) feed\(added == 1 ? "" : "s") from \(path)"
                + (notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))")
                + (problems.isEmpty ? "" : "; skipped \(problems.count) without a usable address")
                + ". Run movies news refresh to fetch them.")
    }
}

/// `movies news export-opml`: see docs/COMMANDS.md, written from the declarations below.
struct NewsExportOPMLCommand: Command {
    static let about = CommandAbout(
        name: "export-opml", abstract: "Print the subscriptions as OPML, for another feed reader.")

    @Option(
        "output", short: "o", valueName: "file", help: "Write to this file instead (atomically).",
        completion: .file)
    var output: String?

    func run(in context: CommandContext) async throws {
        let feeds = try context.readingDependencies().news.feeds()
        let opml = OPML.export(
            feeds.map {
                OPMLOutline(title: $0.title, xmlURL: $0.url, htmlURL: $0.siteURL, folder: $0.folder)
            },
            title: "movies news subscriptions")
        if let path = output {
            try OutputFile.write(opml, to: path, databasePath: try context.databasePath)
            context.errors.line("Wrote \(feeds.count) feed\(feeds.count == 1 ? "" : "s") to \(path)")
        } else {
            context.output.write(opml)
        }
    }
}
