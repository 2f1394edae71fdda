import Basics
import MoviesCore

/// `movies news search`: see docs/COMMANDS.md, written from the declarations below.
struct NewsSearchCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "search", abstract: "Find news items by words of their title or summary, best match first.")

    @Argument("words", help: "What to look for.")
    var words: [String]
    @Option("limit", short: "l", valueName: "n", help: "Show at most this many.")
    var limit: Count = Count(20)
    @Option(.format) var format: OutputFormat
    @Flag(.noPager) var noPager: Bool

    func runSynchronously(in context: CommandContext) throws {
        let text = words.joined(separator: " ")
        _ = try FullTextQuery.expression(for: text)
        let items = try context.readingDependencies().news.search(text, limit: limit.value)
        try NewsRendering.writeItems(
            items, format: format, context: context,
            emptyHint: "No news items match the words \(SearchCommand.quoted(text)).")
    }
}
