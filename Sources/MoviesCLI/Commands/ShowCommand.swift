import Interchange
import MoviesCore
import ViewModels

/// `movies show <id> [--format F]`
enum ShowCommand: Command {
    static let id = Argument<MovieID>("id", help: "The movie's id, as `list` shows it.")

    static let spec = CommandSpec(
        name: "show",
        abstract: "Show every detail of one movie.",
        arguments: [id.spec],
        options: [CommonOptions.format.spec, Pager.disableFlag.spec])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        guard let id = arguments[Self.id] else { return }
        let detail = MovieDetailViewModel(id: id.rawValue, store: try context.dependencies().movies)
        try detail.load()
        guard let movie = detail.movie else { throw MovieError.notFound(id: id.rawValue) }
        context.startPager()
        if let recordFormat = arguments.outputFormat.recordFormat {
            let writer = MovieRecordWriter(
                format: recordFormat == .json ? .ndjson : recordFormat, sink: context.output)
            try writer.writeAll([movie])
        } else {
            context.output.write(MovieText.detail(movie))
        }
    }
}
