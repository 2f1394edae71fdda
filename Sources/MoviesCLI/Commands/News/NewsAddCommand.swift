import MoviesCore
import News

/// `movies news add`: see docs/COMMANDS.md, written from the declarations below.
struct NewsAddCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "add",
        abstract: "Add a news item by hand (a link to read later, a note).",
        examples: ["movies news add --title \"Read later\" --url https://example.org/article"])

    @Option("title", short: "t", help: "The item's title (required).")
    var title: String
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

    func runSynchronously(in context: CommandContext) throws {
        let item = try context.dependencies().news.add(
            NewsItemDraft(
                title: title, summary: summary, source: source, url: url, imageURL: imageURL,
                publishedAt: published?.date))
        context.output.line("Added \(item.id)  \(TerminalText.truncated(item.title, to: 72))")
    }
}
