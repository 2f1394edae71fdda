import FoundationEssentials
import MoviesCore
import News

/// `movies news prune`: see docs/COMMANDS.md, written from the declarations below.
struct NewsPruneCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "prune",
        abstract: "Remove old items that are read and not starred.",
        discussion: """
            Items published longer ago than --older-than (90d, 12w) go when they are read and not starred; \
            unread and starred ones stay, however old. A feed's pruned items are remembered, so a refresh \
            does not bring them back while the feed still lists them.
            """,
        examples: ["movies news prune --older-than 90d"])

    @Option(
        "older-than", valueName: "age", help: "Remove read, unstarred items published longer ago than this.")
    var olderThan: ItemAge

    func runSynchronously(in context: CommandContext) throws {
        let now = Date()
        let removed = try context.dependencies().news.prune(
            publishedBefore: now.addingTimeInterval(-olderThan.seconds), now: now)
        context.output.line(
            "Removed \(removed) read item\(removed == 1 ? "" : "s") older than \(olderThan.days) day"
                + (olderThan.days == 1 ? "" : "s") + ".")
    }
}
