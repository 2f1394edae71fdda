import MoviesCore
import News

extension NewsMarkCommand {
    /// `movies news read <id>... | --all | --feed ID | --before ID`
    enum Read: Command {
        /// The items, when no option says which.
        static let ids = Argument<NewsItemID>(
            "id", help: "The items' ids.", isOptional: true, isRepeating: true)
        static let all = Flag("all", help: "Mark every item read.")
        static let feed = Option<String>(
            "feed", short: "f", valueName: "id", help: "Mark every item of this feed read (see `news feeds`)."
        )
        static let before = Option<NewsItemID>(
            "before", valueName: "id",
            help: "Mark this item and every older one read (in `news list` order).")

        static let spec = CommandSpec(
            name: "read",
            abstract: "Mark items read: those given, or all, a feed's, or everything up to an item.",
            arguments: [ids.spec],
            options: [all.spec, feed.spec, before.spec],
            examples: ["movies news read 12 14", "movies news read --feed 2", "movies news read --before 40"])

        static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
            guard let scope = try scope(arguments, in: context) else {
                try NewsMarkCommand.run(.read(true), arguments, in: context)
                return
            }
            let count = try context.dependencies().news.markRead(scope)
            context.output.line("Marked \(count) item\(count == 1 ? "" : "s") read.")
        }

        /// What `--all`, `--feed` or `--before` asks for; nil when items are given by id. Refuses no
        /// items at all, and items given two ways.
        @MainActor
        static func scope(_ arguments: ParsedArguments, in context: CommandContext) throws
            -> NewsRepository.ReadScope?
        {
            var scopes: [NewsRepository.ReadScope] = []
            if arguments[all] { scopes.append(.all) }
            if let reference = arguments[feed] {
                guard let found = try context.dependencies().news.feed(reference: reference) else {
                    throw NewsError.feedNotFound(reference)
                }
                scopes.append(.feed(found.id))
            }
            if let item = arguments[before] { scopes.append(.upTo(itemID: item.rawValue)) }
            let hasIDs = !arguments.all(ids).isEmpty
            if scopes.count + (hasIDs ? 1 : 0) > 1 {
                throw arguments.validationError("give item ids, --all, --feed or --before, only one of them")
            }
            if scopes.isEmpty && !hasIDs {
                throw arguments.validationError("say which items: their ids, --all, --feed ID or --before ID")
            }
            return scopes.first
        }
    }
}
