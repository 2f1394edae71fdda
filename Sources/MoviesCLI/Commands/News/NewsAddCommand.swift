import Basics
import Feeds
import MoviesCore
import News

/// `movies news add`: see docs/COMMANDS.md, written from the declarations below.
struct NewsAddCommand: Command {
    static let about = CommandAbout(
        name: "add",
        abstract: "Add a news item by hand (a link to read later, a note).",
        discussion: """
            Given an address and no --title, the address is fetched and the item takes its title: a feed's \
            own, or a web page's <title>. When it has none, or cannot be fetched, nothing is stored: give \
            the title with --title.
            """,
        examples: [
            "movies news add https://example.org/article",
            "movies news add --title \"Read later\" --url https://example.org/article",
        ])

    @Argument(
        "url", help: "Where to read it (as --url); without --title, its page's or feed's title is taken.")
    var address: String?
    @Option("title", short: "t", help: "The item's title (required without an address).")
    var title: String?
    @Option("summary", valueName: "text", help: "Its text.")
    var summary: String?
    @Option("source", valueName: "name", help: "Who wrote or published it.")
    var source: String?
    @Option("url", help: "Where to read it.")
    var url: String?
    @Option("image-url", valueName: "url", help: "An image for it.")
    var imageURL: String?
    @Option(
        "published", valueName: "date",
        help: "When it was published: YYYY-MM-DD, an ISO-8601 time, or an RFC 822 date. Default: now.")
    var published: PublicationDate?

    func validate() throws(CommandLineRule) {
        if address != nil && url != nil {
            throw CommandLineRule("Give the address once: as an argument or with --url")
        }
        if title == nil && address == nil && url == nil {
            throw CommandLineRule("Give the item's --title, or its address to take the title from")
        }
    }

    func run(in context: CommandContext) async throws {
        let link = address ?? url
        let dependencies = try context.dependencies()
        var itemTitle = title
        if itemTitle == nil, let link {
            itemTitle = try await Self.title(at: link, refresher: dependencies.newsRefresher)
        }
        let item = try dependencies.news.add(
            NewsItemDraft(
                title: itemTitle ?? "", summary: summary, source: source, url: link, imageURL: imageURL,
                publishedAt: published?.date))
        context.output.line("Added \(item.id)  \(TerminalText.truncated(item.title, to: 72))")
    }

    /// The title of the feed or page at `link`, or a `FeedProblem` saying why there is none.
    private static func title(at link: String, refresher: NewsRefresher) async throws -> String {
        guard WebAddress.isWeb(link), let address = FeedAddress(link) else {
            throw NewsError.notAWebAddress(link)
        }
        let found: String?
        do {
            found = try await refresher.title(of: address)
        } catch let problem as FeedProblem {
            throw FeedProblem(
                reason: "cannot take a title from \(link): \(problem.reason). Nothing was stored; give one "
                    + "with --title", isBadData: problem.isBadData)
        }
        guard let found, !found.trimmingWhitespace().isEmpty else {
            throw FeedProblem(
                reason: "\(link) has no title (neither a feed's nor a page's <title>). Nothing was stored; "
                    + "give one with --title", isBadData: true)
        }
        return found
    }
}
