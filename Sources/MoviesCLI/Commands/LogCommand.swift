import Basics
import MoviesCore

/// `movies log` (and `movies watched`, its former name): see docs/COMMANDS.md, written from the
/// declarations below.
struct LogCommand: SynchronousCommand {
    static let about = CommandAbout(
        name: "log",
        abstract: "Log a viewing of a movie: the day, the rating given then, a review, tags.",
        discussion: """
            Each viewing is kept as a diary entry of its own (movies diary lists them). A movie with one \
            viewing whose day is not known (added as seen or rated, without --watched) gets that viewing \
            dated rather than a second one, unless --rewatch says this is another. A rating given here \
            becomes the movie's rating unless it was rated later. The movie is named by its id or its \
            title; digits are an id, so give "1917 (2019)" for a film titled with digits.
            """,
        aliases: ["watched"],
        examples: [
            "movies log 12", "movies log Heat --on 2024-03-09 --stars 4.5",
            "movies log \"Dune (2021)\" --rewatch --review \"Better the second time\" --tag imax",
        ])

    @Argument("movie", help: "The movie's id, as `list` shows it, or its title.")
    var movie: FilmReference
    @Option(
        "on", valueName: "date", help: "The day you watched it: YYYY-MM-DD, today or yesterday.",
        defaultDescription: "today")
    var on: CalendarDate = .today()
    @Option("rating", short: "r", help: "The rating you gave it then: terrible to excellent, or stars (4.5).")
    var rating: TypedRating?
    @Option("stars", help: "The stars you gave it then, 0.5 to 5 in halves.")
    var stars: StarRating?
    @Flag("rewatch", help: "You had seen it before.")
    var rewatch: Bool
    @Option("review", valueName: "text", help: "A review of this viewing (exported to Letterboxd).")
    var review: String?
    @Option("tag", valueName: "tag", help: "A tag for this viewing; give it again for more.")
    var tags: [String]

    func validate() throws(CommandLineRule) {
        if let word = rating?.word, word.rating == .notSeen {
            throw CommandLineRule(
                "A viewing's --rating is one of terrible, poor, decent, good, excellent, or stars; "
                    + "'\(word.rawValue)' says whether a movie is seen (movies rate \(word.rawValue) changes that)"
            )
        }
        try GivenRating.check(rating, stars: stars, name: "--rating")
    }

    func runSynchronously(in context: CommandContext) throws {
        let given = GivenRating(rating, stars: stars)
        let draft = try ViewingValidation.validated(
            ViewingDraft(
                watchedOn: on, rating: given.word?.rating ?? .notSeen, stars: given.stars, isRewatch: rewatch,
                review: review, tags: ViewingTags(tags)))
        let (store, film) = try context.existingFilm(movie)
        let logged = try store.log(movieID: film.id, draft)
        context.output.line(Self.report(logged, glyphs: context.glyphs))
        if let note = WatchStateRule.beforeReleaseNote(
            watchedOn: logged.viewing.watchedOn, movie: logged.after)
        {
            context.errors.line(note)
        }
    }

    /// `Logged viewing 2: 2024-05-01  Dune  (watched once)`, or `Dated …` for an undated viewing dated.
    static func report(_ logged: MovieStore.Logged, glyphs: Glyphs) -> String {
        let verb = logged.datedTheUndatedViewing ? "Dated" : "Logged"
        let count = logged.after.watchCount.map { $0 == 1 ? "once" : "\($0) times" } ?? "once"
        return
            "\(verb) viewing \(logged.viewing.id): \(DiaryText.line(logged.viewing, of: logged.after, glyphs: glyphs))"
            + "  (watched \(count))"
    }
}
