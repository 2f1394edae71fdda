import Interchange
import MoviesCore
import News

/// `movies news show`: see docs/COMMANDS.md, written from the declarations below.
struct NewsShowCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "show",
        abstract: "Show a news item in full (its fullest text, links and enclosures), and mark it read.")

    @Argument("id", help: "The item's id, as `news list` shows it.")
    var id: NewsItemID
    @Option(.format) var format: OutputFormat
    @Flag(.noPager) var noPager: Bool

    func runSynchronously(in context: CommandContext) throws {
        if let screen = context.shell?.news {
            try screen.show(id)
            return
        }
        let news = try context.dependencies().news
        let item = try news.setRead(id: id.rawValue, true)
        context.startPager()
        if let recordFormat = format.recordFormat {
            let writer = RecordWriter(
                format: recordFormat == .json ? .ndjson : recordFormat, fields: NewsRecords.itemFields,
                sink: context.output)
            try writer.begin()
            let feed = try item.feedID.flatMap { try news.feed(.id($0)) }
            try writer.write(
                NewsRecords.values(
                    of: item, feedTitle: feed?.title, enclosures: try news.enclosures(ofItem: item.id)))
            try writer.end()
        } else {
            let feed = try item.feedID.flatMap { try news.feed(.id($0)) }
            context.output.write(
                NewsText.detail(item, feed: feed, enclosures: try news.enclosures(ofItem: item.id)))
        }
    }
}
