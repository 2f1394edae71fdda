import Catalog
import MoviesCore

/// `movies link`: see docs/COMMANDS.md, written from the declarations below.
struct LinkCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "link",
        abstract: "Match the films of the list to the catalog, for their directors, runtime and genres.",
        discussion: """
            By IMDb id where a film has one, else by its title (in any of the catalog's forms of it) and \
            year. A film is linked only when exactly one film of the catalog fits: those that fit several, \
            or none, are named and left as they are (give them a year, or add them again with --imdb). \
            movies import links what it imports the same way when there is a catalog. Films named (by id \
            or title) are the only ones linked.
            """,
        examples: ["movies link", "movies link Heat \"Dune (2021)\""])

    @Argument("movie", help: "The films to link, by id or title; none links every film.")
    var movies: [FilmReference] = []

    func runSynchronously(in context: CommandContext) throws {
        let catalog = try context.catalog()
        let linker = CatalogLinker(catalog: catalog)
        // Each film named is found first: an unknown one refuses the command before anything is linked.
        var named: Set<Int64> = []
        for reference in movies { named.insert(try context.existingFilm(reference).movie.id) }
        // No list yet is an empty one: nothing to link, and no file made for it.
        let outcomes =
            try context.existingMoviesIfAny().map { store in
                try linker.link(store, where: { named.isEmpty || named.contains($0.id) })
            } ?? []
        LinkText.report(outcomes, to: context.output)
    }
}

/// What `link` (and an import, as it links) says of each film.
enum LinkText {
    static func report(
        _ outcomes: [CatalogLinker.Outcome], to output: OutputStream, quietWhenNone: Bool = false
    ) {
        var linked = 0
        var lines: [String] = []
        for outcome in outcomes {
            switch outcome {
            case .linked: linked += 1
            case .notFound(let movie):
                lines.append(
                    "  not in the catalog: \(TerminalText.singleLine(movie.titleWithYear)) (movies show \(movie.id))"
                )
            case .ambiguous(let movie, let titles):
                lines.append(
                    "  several fit \(TerminalText.singleLine(movie.titleWithYear)) (movies show \(movie.id); give a year, or --imdb): "
                        + titles.prefix(5).map(CatalogText.candidate).joined(separator: "; "))
            case .taken(let movie, let title, let other):
                lines.append(
                    "  \(TerminalText.singleLine(movie.titleWithYear)) (movies show \(movie.id)) fits \(title.imdbID), "
                        + "which movie \(other.id) has"
                )
            }
        }
        if quietWhenNone && outcomes.isEmpty { return }
        output.line("Linked \(linked) of \(outcomes.count) films to the catalog")
        for line in lines { output.line(line) }
    }
}
