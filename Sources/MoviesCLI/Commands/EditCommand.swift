import Basics
import MoviesCore

/// `movies edit`: see docs/COMMANDS.md, written from the declarations below.
struct EditCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "edit",
        abstract: "Change a movie's title, rating, stars, year, watched date, note or ids.",
        examples: [
            "movies edit 12 --year 1995 --note \"director's cut\"", "movies edit 12 --watched \"\"",
            "movies edit 12 --imdb tt0113277",
        ])

    @Argument("movie", help: MovieFieldHelp.film)
    var movie: FilmReference
    @Option("title", short: "t", help: "A new title.")
    var title: String?
    @Option("rating", short: "r", help: MovieFieldHelp.rating)
    var rating: TypedRating?
    @Option("stars", help: MovieFieldHelp.stars)
    var stars: StarRating?
    /// Year, watched date and note: an empty value clears them.
    @Option(
        "year", short: "Y", help: MovieFieldHelp.year + MovieFieldHelp.clears,
        retiredLetters: MovieFieldHelp.retiredYear)
    var year: Clearable<ReleaseYear>?
    @Option(
        "watched", short: "W", valueName: "date", help: MovieFieldHelp.watched + MovieFieldHelp.clears,
        retiredLetters: MovieFieldHelp.retiredWatched)
    var watched: Clearable<CalendarDate>?
    @Option(
        "note", short: "N", valueName: "text", help: MovieFieldHelp.note + MovieFieldHelp.clears,
        retiredLetters: MovieFieldHelp.retiredNote)
    var note: Clearable<String>?
    @Option("imdb", valueName: "id", help: MovieFieldHelp.imdb + MovieFieldHelp.clears)
    var imdb: Clearable<String>?
    @Option("letterboxd", valueName: "address", help: MovieFieldHelp.letterboxd + MovieFieldHelp.clears)
    var letterboxd: Clearable<String>?

    /// The changes the options ask for; an empty value clears an optional field. The store checks them.
    var changes: MovieChanges {
        let given = GivenRating(rating, stars: stars)
        return MovieChanges(
            title: title, year: year?.fieldEdit { $0.value }, rating: given.word, stars: given.stars,
            watchedOn: watched?.fieldEdit { $0 }, note: note?.fieldEdit { $0 },
            imdbID: imdb?.fieldEdit { $0 }, letterboxdURI: letterboxd?.fieldEdit { $0 })
    }

    func validate() throws(CommandLineRule) {
        if changes.isEmpty {
            throw CommandLineRule(
                "Nothing to change: give at least one of --title, --rating, --stars, --year, --watched, --note,"
                    + " --imdb, --letterboxd")
        }
        try GivenRating.check(rating, stars: stars, name: "--rating")
        try WatchStateRule.check(
            rating: changes.rating, stars: changes.stars, watchedOn: changes.watchedOn?.newValue)
    }

    func runSynchronously(in context: CommandContext) throws {
        let (store, film) = try context.existingFilm(movie)
        let change = try store.edit(id: film.id, changes)
        context.output.line(
            (change.before == change.after ? "Unchanged " : "Updated ")
                + MovieText.summary(change.after, glyphs: context.glyphs))
        // A new title or year is checked for near-twins as `add` checks a new film.
        if change.before.title != change.after.title || change.before.year != change.after.year {
            for other in try store.similar(to: change.after) {
                context.output.line(MovieText.alreadyListed(other, besides: change.after))
            }
        }
        if changes.watchedOn != nil || change.before.year != change.after.year,
            let note = WatchStateRule.beforeReleaseNote(
                watchedOn: change.after.watchedOn, movie: change.after)
        {
            context.errors.line(note)
        }
    }
}
