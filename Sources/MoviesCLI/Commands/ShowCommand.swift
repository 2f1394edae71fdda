import Catalog
import Interchange
import MoviesCore

/// `movies show`: see docs/COMMANDS.md, written from the declarations below.
struct ShowCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "show", abstract: "Show every detail of one movie, and its viewings.",
        discussion: """
            The viewings come newest first, each with its id (for movies diary edit and diary rm). With \
            --format, the movie's record is printed; movies diary --movie ID --format ... prints its viewings.
            """,
        examples: ["movies show 12", "movies show Heat", "movies show \"Dune (2021)\""])

    @Argument("movie", help: MovieFieldHelp.film)
    var movie: FilmReference
    @Option(.format) var format: OutputFormat
    @Flag(.noPager) var noPager: Bool

    func runSynchronously(in context: CommandContext) throws {
        let (store, movie) = try context.existingFilm(self.movie, reading: true)
        context.startPager()
        if let recordFormat = format.recordFormat {
            let writer = MovieRecordWriter(
                format: recordFormat == .json ? .ndjson : recordFormat, sink: context.output)
            try writer.writeAll([movie])
        } else {
            context.output.write(
                MovieText.detail(
                    movie, viewings: try store.viewings(ofMovie: movie.id),
                    imdbRating: try Self.imdbRating(of: movie, in: context), glyphs: context.glyphs))
        }
    }

    /// `8.3/10 (721456 votes)`: what the catalog says of the film, when it is linked and there is a
    /// catalog; nil otherwise (and `show` prints what it always did).
    @MainActor
    private static func imdbRating(of movie: Movie, in context: CommandContext) throws -> String? {
        guard let imdbID = movie.imdbID, let catalog = try context.catalogIfLoaded(),
            let title = try catalog.title(imdbID: imdbID), let rating = title.rating
        else { return nil }
        let votes = title.votes.map { " (\($0) votes)" } ?? ""
        return "\(rating)/10\(votes)"
    }
}
