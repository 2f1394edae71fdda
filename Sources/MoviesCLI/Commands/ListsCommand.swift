import Basics
import Interchange
import MoviesCore

/// `movies lists`: see docs/COMMANDS.md, written from the declarations below.
struct ListsCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "lists",
        abstract: "Show your named lists (Letterboxd's lists), with how many films each holds.",
        discussion: """
            A list is named and ordered, with a description and tags, as Letterboxd keeps them; `movies \
            import` reads Letterboxd's list exports (a file of lists/, or a whole export folder or zip) and \
            `movies export --format letterboxd-list --list NAME` writes one back. Names are matched \
            whatever their case. lists show prints a list's films in order; lists add makes a list or adds \
            to its end; lists move puts a film at another place; lists rm takes films off a list, or \
            removes the list itself (its films stay listed).
            """,
        examples: [
            "movies lists", "movies lists add Heists Heat \"Rififi (1955)\"", "movies lists show Heists",
            "movies lists move Heists Rififi 1", "movies lists rm Heists Heat", "movies lists rm Heists",
        ])

    static let subcommands: [any Command.Type] = [
        ListsShowCommand.self, ListsAddCommand.self, ListsMoveCommand.self, ListsRemoveCommand.self,
    ]

    @Option(.format) var format: OutputFormat

    func runSynchronously(in context: CommandContext) throws {
        // No file yet is no lists; a file that cannot be opened (a newer version's, a damaged one) is said.
        guard let store = try context.existingMoviesIfAny(reading: true) else {
            try Self.write([], format: format, context: context)
            return
        }
        try Self.write(try store.lists(), format: format, context: context)
    }

    @MainActor
    static func write(_ lists: [MovieList], format: OutputFormat, context: CommandContext) throws {
        if let recordFormat = format.recordFormat {
            let writer = RecordWriter(
                format: recordFormat,
                fields: ["id", "name", "films", "description", "tags", "letterboxd_uri"], sink: context.output
            )
            try writer.begin()
            for list in lists {
                try writer.write([
                    .integer(list.id), .text(list.name), .integer(list.count), .text(list.description),
                    .text(list.tags.stored), .text(list.letterboxdURI),
                ])
            }
            try writer.end()
            return
        }
        guard !lists.isEmpty else {
            context.errors.line(
                "No lists yet. `movies lists add NAME FILM…` makes one; `movies import` reads Letterboxd's.")
            return
        }
        let rows = lists.map { list in
            [
                TerminalText.singleLine(list.name), String(list.count),
                TerminalText.singleLine(list.tags.joined(separator: ", ")),
                TerminalText.singleLine(list.description ?? ""),
            ]
        }
        context.output.write(
            Table.render(
                columns: [
                    Table.Column(title: "LIST", isShortenable: true),
                    Table.Column(title: "FILMS", alignRight: true),
                    Table.Column(title: "TAGS", isShortenable: true),
                    Table.Column(title: "DESCRIPTION", isShortenable: true),
                ], rows: rows, width: context.terminal.columns, header: context.terminal.bold))
    }
}

/// `movies lists show NAME`.
struct ListsShowCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "show",
        abstract: "Show a list's films in order.",
        examples: ["movies lists show Heists", "movies lists show heists --format csv"])

    @Argument("list", help: "The list's name.")
    var name: String
    @Option(.format) var format: OutputFormat

    func runSynchronously(in context: CommandContext) throws {
        let store = try context.existingMovies(orElse: MovieListError.noList(name, known: []), reading: true)
        guard let list = try store.list(named: name) else {
            throw MovieListError.noList(name, known: try store.lists().map(\.name))
        }
        let entries = try store.entries(ofList: list.id)
        if let recordFormat = format.recordFormat {
            let writer = RecordWriter(
                format: recordFormat, fields: ["position", "id", "title", "year", "rating", "note"],
                sink: context.output)
            try writer.begin()
            for entry in entries {
                try writer.write([
                    .integer(entry.position), .integer(entry.movie.id), .text(entry.movie.title),
                    .integer(entry.movie.year), .text(entry.movie.ratingWord.rawValue), .text(entry.note),
                ])
            }
            try writer.end()
            return
        }
        context.output.line(
            TerminalText.singleLine(list.name)
                + (list.description.map { "  " + TerminalText.singleLine($0) } ?? ""))
        guard !entries.isEmpty else {
            context.errors.line("The list is empty. `movies lists add \(list.name) FILM…` adds to it.")
            return
        }
        let rows = entries.map { entry in
            [
                String(entry.position), String(entry.movie.id), TerminalText.singleLine(entry.movie.title),
                entry.movie.year.map(String.init) ?? "",
                MovieText.rating(entry.movie, glyphs: context.glyphs),
                TerminalText.singleLine(entry.note ?? ""),
            ]
        }
        context.output.write(
            Table.render(
                columns: [
                    Table.Column(title: "#", alignRight: true), Table.Column(title: "ID", alignRight: true),
                    Table.Column(title: "TITLE", isShortenable: true),
                    Table.Column(title: "YEAR", alignRight: true),
                    Table.Column(title: "RATING"), Table.Column(title: "NOTE", isShortenable: true),
                ], rows: rows, width: context.terminal.columns, header: context.terminal.bold))
    }
}

/// `movies lists add NAME FILM…`.
struct ListsAddCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "add",
        abstract: "Add films to the end of a list, making the list if there is none.",
        discussion:
            "A film already on the list stays where it is. Films are named by id or title, as log takes them.",
        examples: [
            "movies lists add Heists Heat", "movies lists add \"To see in 2026\" 12 14 \"Dune (2021)\"",
        ])

    @Argument("list", help: "The list's name.")
    var name: String
    @Argument("movie", help: "The movies' ids, as `list` shows them, or their titles.")
    var movies: [FilmReference]

    func runSynchronously(in context: CommandContext) throws {
        var ids: [Int64] = []
        var store: MovieStore?
        for reference in movies {
            let (found, movie) = try context.existingFilm(reference)
            store = found
            ids.append(movie.id)
        }
        guard let store else { return }
        let (list, added) = try store.addToList(name, movieIDs: ids)
        for movie in added {
            context.output.line(
                "Added \(MovieText.summary(movie, glyphs: context.glyphs)) to \(TerminalText.singleLine(list.name))"
            )
        }
        let already = ids.count - added.count
        if already > 0 {
            context.output.line(
                "\(already) film\(already == 1 ? " was" : "s were") on \(TerminalText.singleLine(list.name)) already."
            )
        }
    }
}

/// `movies lists move NAME FILM POSITION`.
struct ListsMoveCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "move",
        abstract: "Put a film of a list at another place; the films between shift by one.",
        discussion: "Position 1 is the first; a position past the end is the last.",
        examples: ["movies lists move Heists Rififi 1", "movies lists move Heists 12 3"])

    @Argument("list", help: "The list's name.")
    var name: String
    @Argument("movie", help: "The movie's id, as `list` shows it, or its title.")
    var movie: FilmReference
    @Argument("position", help: "Its new place: 1 is the first.")
    var position: Count

    func runSynchronously(in context: CommandContext) throws {
        let (store, film) = try context.existingFilm(movie)
        let now = try store.moveInList(name, movieID: film.id, to: position.value)
        context.output.line(
            "\(MovieText.summary(film, glyphs: context.glyphs)) is number \(now) on \(TerminalText.singleLine(name))."
        )
    }
}

/// `movies lists rm NAME [FILM…]`.
struct ListsRemoveCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "rm",
        abstract: "Take films off a list, or, with no film named, remove the list.",
        discussion: """
            All or nothing: a film not on the list refuses the whole command. Removing a list keeps its \
            films on the list of movies.
            """,
        aliases: ["remove"],
        examples: ["movies lists rm Heists Heat", "movies lists rm Heists"])

    @Argument("list", help: "The list's name.")
    var name: String
    @Argument("movie", help: "The movies to take off it, by id or title; none removes the list.")
    var movies: [FilmReference] = []

    func runSynchronously(in context: CommandContext) throws {
        let store = try context.existingMovies(orElse: MovieListError.noList(name, known: []))
        guard !movies.isEmpty else {
            let list = try store.removeList(name)
            context.output.line(
                "Removed the list \(TerminalText.singleLine(list.name)) (\(list.count) film\(list.count == 1 ? "" : "s"), still listed)."
            )
            return
        }
        var ids: [Int64] = []
        for reference in movies { ids.append(try context.existingFilm(reference).movie.id) }
        for movie in try store.removeFromList(name, movieIDs: ids) {
            context.output.line(
                "Took \(MovieText.summary(movie, glyphs: context.glyphs)) off \(TerminalText.singleLine(name))"
            )
        }
    }
}
