import Interchange
import MoviesCore
import ViewModels

/// `movies show <id> [--format F]`
enum ShowCommand: Command {
    static let spec = CommandSpec(
        name: "show",
        abstract: "Show every detail of one movie.",
        arguments: [ArgumentSpec(name: "id", help: "The movie's id, as `list` shows it.")],
        options: [.format()])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) async throws {
        guard let id = try arguments.movieID("id", display: "'<id>'") else { return }
        let detail = MovieDetailViewModel(id: id, store: try context.dependencies().movies)
        try detail.load()
        guard let movie = detail.movie else { throw MovieError.notFound(id: id) }
        let format = arguments.string("format") ?? "table"
        if let recordFormat = MovieRecordFormat(rawValue: format) {
            let writer = MovieRecordWriter(
                format: recordFormat == .json ? .ndjson : recordFormat, sink: context.output)
            try writer.writeAll([movie])
        } else {
            context.output.write(MovieText.detail(movie))
        }
    }
}
