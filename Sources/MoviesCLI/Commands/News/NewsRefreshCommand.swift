import Basics
import FoundationEssentials
import MoviesCore
import News
import UserFacing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `movies news refresh`: see docs/COMMANDS.md, written from the declarations below.
struct NewsRefreshCommand: Command {
    static let about = CommandAbout(
        name: "refresh",
        abstract: "Fetch every subscribed feed and store new items.",
        discussion: """
            Feeds are fetched several at a time and each is stored as soon as it arrives; one that fails is \
            reported (and shown by `news feeds`) without stopping the others. Exits 1 only when every feed \
            failed. Ctrl-C (or SIGTERM) stops the refresh: the feeds that arrived stay stored, and movies \
            ends by that signal, as an interrupted program does (a shell shows status 130, or 143).
            """,
        examples: ["movies news refresh", "movies news refresh --feed 3 --timeout 60"])

    @Option(
        "feed", short: "f", valueName: "feed",
        help: "Refresh only this feed: its id (see `news feeds`), address or title.")
    var feed: FeedReference?
    @Option("jobs", short: "j", valueName: "n", help: "How many feeds to fetch at once.")
    var jobs: Count = Count(8)
    @Option(
        "timeout", valueName: "seconds",
        help: "How long each feed's fetch may take, in seconds; reading it may take as much processor time.")
    var timeout = Seconds(within: 15)

    func run(in context: CommandContext) async throws {
        let dependencies = try context.dependencies()
        var refresher = dependencies.newsRefresher
        refresher.fetcher.timeout = timeout.duration
        var feeds: [Feed]?
        if let reference = feed {
            guard let found = try dependencies.news.feed(reference) else {
                throw NewsError.feedNotFound(reference.description)
            }
            feeds = [found]
        }
        let progress = ProgressLine(label: "Refreshing feeds", isEnabled: context.terminal.isErrorInteractive)
        let interrupt = InterruptFlag(signals: [SIGINT, SIGTERM])
        defer { interrupt.restore() }
        let refresh = Task {
            try await refresher.refresh(feeds: feeds, jobs: jobs.value) { done, total in
                progress.update(done, of: total)
            }
        }
        let summary = try await interrupt.value(cancellingOnSignal: refresh)
        progress.finish()
        context.output.line(RefreshReport.line(summary))
        context.output.flush()
        for failure in summary.failures {
            context.errors.line(
                "  \(failure.feed.id)  \(failure.feed.url): \(TerminalText.singleLine(failure.message))")
        }
        if interrupt.isRaised {
            context.errors.line(RefreshReport.interruption(summary))
            context.errors.flush()
            interrupt.endProcessBySignal()
        }
        if summary.allFailed {
            throw ExitStatus(code: ExitCode.failure)
        }
    }
}

/// What a refresh did, in the words `news refresh` and the shell's news screen print.
enum RefreshReport {
    /// `Refreshed 3 feeds: 1 with new items, 1 unchanged (304), 1 fetched with nothing new, 0 failed;
    /// 4 new items.`: every feed counted once, under what its refresh came to, then the items, with
    /// those updated, those ignore rules kept out and the feeds unsubscribed meanwhile when there are any.
    static func line(_ summary: NewsRefresher.Summary) -> String {
        var feeds: [String] = []
        if summary.fetchedWithNewItemsCount > 0 {
            feeds.append("\(summary.fetchedWithNewItemsCount) with new items")
        }
        feeds.append("\(summary.notModifiedCount) unchanged (304)")
        feeds.append("\(summary.fetchedWithNothingNewCount) fetched with nothing new")
        feeds.append("\(summary.failures.count) failed")
        if summary.unsubscribedCount > 0 {
            feeds.append("\(summary.unsubscribedCount) skipped (unsubscribed meanwhile)")
        }
        var items = [counted(summary.newItemCount, "new item")]
        if summary.updatedItemCount > 0 { items.append("\(summary.updatedItemCount) updated") }
        if summary.ignoredItemCount > 0 { items.append("\(summary.ignoredItemCount) ignored (news ignores)") }
        return "Refreshed \(counted(summary.outcomes.count, "feed")): \(feeds.joined(separator: ", ")); "
            + items.joined(separator: ", ") + "."
    }

    /// What an interrupted refresh left undone: `Interrupted: 3 feeds were not refreshed.`
    static func interruption(_ summary: NewsRefresher.Summary) -> String {
        let left = summary.unfinished.count
        if left == 0 { return "Interrupted, after every feed was refreshed." }
        return "Interrupted: \(counted(left, "feed")) \(left == 1 ? "was" : "were") not refreshed "
            + "(the others are stored; refresh again for these)."
    }

    /// `1 feed`, `2 feeds`.
    static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
