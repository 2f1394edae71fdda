import AppTestSupport
import Basics
import Foundation
import MoviesCore
import TestSupport
import Testing

/// Seen apart from rated: the watchlist, seen without a rating, rated with words and stars.
@Suite("Watch state, stars and title identity in the store")
struct WatchStateTests {
    let database: TestDatabase
    var store: MovieStore { database.store }
    static let today = CalendarDate(year: 2026, month: 6, day: 15)!

    init() throws {
        database = try TestDatabase()
    }

    @Test("a watched date makes a movie seen, not rated; seen, watchlist and rating words filter")
    func watchedIsNotRated() throws {
        let pastLives = try store.add(
            MovieDraft(title: "Past Lives", watchedOn: CalendarDate(parsing: "2024-03-09")))
        #expect(pastLives.ratingWord == .seen && pastLives.rating == .notSeen && pastLives.isSeen)
        #expect(try DirectSQL.run(database.path, "SELECT rating FROM movies") == "seen")
        try store.add(MovieDraft(title: "Dune"))
        try store.add(MovieDraft(title: "Heat", rating: .good))
        func titles(_ query: MovieQuery) throws -> [String] { try store.list(query).map(\.title) }
        #expect(try titles(MovieQuery(watchState: .seen)) == ["Past Lives", "Heat"])
        #expect(try titles(MovieQuery(watchState: .watchlist)) == ["Dune"])
        #expect(try titles(MovieQuery(ratings: [.seen])) == ["Past Lives"])
        #expect(try titles(MovieQuery(ratings: [.seen, .notSeen], watchState: .seen)) == ["Past Lives"])
        #expect(try titles(MovieQuery(ratings: [.good], watchState: .watchlist)).isEmpty)
    }

    @Test("stars give the word; a new rating is dated; seen drops the rating, not-seen the viewings")
    func starsAndWords() throws {
        let heat = try store.add(MovieDraft(title: "Heat", stars: StarRating(stars: 4.5)), today: Self.today)
        #expect(
            heat.ratingWord == .excellent && heat.stars == StarRating(stars: 4.5)
                && heat.ratedOn == Self.today)
        let lowered = try store.rate(id: heat.id, nil, stars: StarRating(stars: 3.5), today: Self.today).after
        #expect(lowered.ratingWord == .good && lowered.stars == StarRating(stars: 3.5))
        // Another word drops stars that no longer fit; the same word keeps them.
        #expect(try store.rate(id: heat.id, .good).after.stars == StarRating(stars: 3.5))
        #expect(try store.rate(id: heat.id, .decent).after.stars == nil)
        try store.log(heat.id, on: CalendarDate(parsing: "2024-01-01"), today: Self.today)
        let seen = try store.rate(id: heat.id, .seen).after
        #expect(
            seen.ratingWord == .seen && seen.ratedOn == nil
                && seen.watchedOn == CalendarDate(parsing: "2024-01-01"))
        let back = try store.unwatch(id: heat.id).after
        #expect(
            back.ratingWord == .notSeen && back.watchedOn == nil && back.watchCount == nil
                && back.stars == nil)
        // Nothing to change writes nothing.
        let again = try store.unwatch(id: heat.id)
        #expect(again.before == again.after)
    }

    @Test(
        "each viewing is a row; the film's day is the latest, its count the viewings'; bad days are refused")
    func viewings() throws {
        let dune = try store.add(MovieDraft(title: "Dune"))
        let first = try store.log(dune.id, on: CalendarDate(parsing: "2024-03-01"), today: Self.today).after
        #expect(
            first.ratingWord == .seen && first.watchCount == 1
                && first.watchedOn == CalendarDate(parsing: "2024-03-01"))
        let older = try store.log(dune.id, on: CalendarDate(parsing: "2022-01-01"), today: Self.today).after
        #expect(older.watchCount == 2 && older.watchedOn == CalendarDate(parsing: "2024-03-01"))
        let undated = try store.log(dune.id, on: nil, today: Self.today).after
        #expect(undated.watchCount == 3 && undated.watchedOn == CalendarDate(parsing: "2024-03-01"))
        #expect(
            try store.viewings(ofMovie: dune.id).map(\.watchedOn?.description) == [
                "2024-03-01", "2022-01-01", nil,
            ])
        let before = try DirectSQL.dump(database.path)
        #expect(
            throws: MovieError.watchedDateOutOfRange(CalendarDate(parsing: "2026-06-16")!, today: Self.today)
        ) {
            try store.log(dune.id, on: CalendarDate(parsing: "2026-06-16"), today: Self.today)
        }
        #expect(throws: MovieError.self) {
            try store.add(MovieDraft(title: "Old", watchedOn: CalendarDate(parsing: "1869-12-31")))
        }
        #expect(throws: MovieError.notFound(id: 99)) { try store.log(99, on: nil) }
        #expect(try DirectSQL.dump(database.path) == before)
    }

    @Test(
        "a film rated without a day has one undated viewing, and logging a day dates it instead of adding one"
    )
    func undatedViewingIsDated() throws {
        let dune = try store.add(MovieDraft(title: "Dune", year: 2021, rating: .good), today: Self.today)
        #expect(dune.watchCount == 1 && dune.watchedOn == nil)
        let dated = try store.log(dune.id, on: CalendarDate(parsing: "2021-10-22"), today: Self.today)
        #expect(dated.datedTheUndatedViewing && dated.after.watchCount == 1)
        #expect(dated.viewing.rating == .good && dated.after.watchedOn == CalendarDate(parsing: "2021-10-22"))
        // The rating went with that viewing's day: a later viewing's rating is newer.
        #expect(dated.after.ratedOn == CalendarDate(parsing: "2021-10-22"))
        let later = try store.log(
            dune.id, on: CalendarDate(parsing: "2024-03-01"), ViewingDraft(stars: StarRating(stars: 4.5)),
            today: Self.today)
        #expect(!later.datedTheUndatedViewing && later.after.watchCount == 2)
        #expect(later.after.ratingWord == .excellent && later.after.stars == StarRating(stars: 4.5))
        // An older viewing's rating does not replace a newer one.
        let earlier = try store.log(
            dune.id, on: CalendarDate(parsing: "2021-01-01"), ViewingDraft(rating: .poor), today: Self.today)
        #expect(earlier.after.ratingWord == .excellent && earlier.viewing.rating == .poor)
        // A rewatch is another viewing even when the only one has no day.
        let heat = try store.add(MovieDraft(title: "Heat", word: .seen), today: Self.today)
        let rewatch = try store.log(
            heat.id, on: CalendarDate(parsing: "2024-05-01"), ViewingDraft(isRewatch: true), today: Self.today
        )
        #expect(!rewatch.datedTheUndatedViewing && rewatch.after.watchCount == 2)
    }

    @Test("a viewing's rating cleared gives the film its latest other rated viewing's, or none; rate's stays")
    func clearedRatingIsWithdrawn() throws {
        let dune = try store.add(MovieDraft(title: "Dune"), today: Self.today)
        try store.log(
            dune.id, on: CalendarDate(parsing: "2021-10-22"), ViewingDraft(rating: .poor), today: Self.today)
        let latest = try store.log(
            dune.id, on: CalendarDate(parsing: "2024-03-01"), ViewingDraft(stars: StarRating(stars: 4.5)),
            today: Self.today)
        #expect(latest.after.ratingWord == .excellent)
        let cleared = try store.editViewing(
            id: latest.viewing.id, ViewingChanges(rating: .clear), today: Self.today)
        #expect(cleared.after.rating == .notSeen)
        let film = try #require(try store.movie(id: dune.id))
        #expect(film.ratingWord == .poor && film.ratedOn == CalendarDate(parsing: "2021-10-22"))
        let first = try #require(try store.viewings(ofMovie: dune.id).last)
        try store.editViewing(id: first.id, ViewingChanges(rating: .clear), today: Self.today)
        #expect(try store.movie(id: dune.id)?.ratingWord == .seen)
        // A rating given with rate is the film's own: clearing a viewing's rating leaves it.
        try store.rate(id: dune.id, .good, today: Self.today)
        try store.editViewing(id: first.id, ViewingChanges(rating: .set(.good)), today: Self.today)
        try store.editViewing(id: first.id, ViewingChanges(rating: .clear), today: Self.today)
        #expect(try store.movie(id: dune.id)?.ratingWord == .good)
    }

    @Test("an undated viewing with a review is not dated by a viewing with another review: both are kept")
    func undatedReviewIsKept() throws {
        let alien = try store.add(MovieDraft(title: "Alien", word: .seen), today: Self.today)
        let undated = try #require(try store.viewings(ofMovie: alien.id).first)
        try store.editViewing(id: undated.id, ViewingChanges(review: .set("first")), today: Self.today)
        let logged = try store.log(
            alien.id, on: CalendarDate(parsing: "2024-03-01"), ViewingDraft(review: "second"),
            today: Self.today)
        #expect(!logged.datedTheUndatedViewing && logged.after.watchCount == 2)
        #expect(Set(try store.viewings(ofMovie: alien.id).compactMap(\.review)) == ["first", "second"])
        // The same review, or none, dates it.
        let heat = try store.add(MovieDraft(title: "Heat", word: .seen), today: Self.today)
        let dated = try store.log(heat.id, on: CalendarDate(parsing: "2024-03-02"), today: Self.today)
        #expect(dated.datedTheUndatedViewing)
    }

    @Test(
        "back on the watchlist, bare viewings go; one with a review or tags is kept, and the change refused")
    func unwatchKeepsWhatWasWritten() throws {
        let dune = try store.add(MovieDraft(title: "Dune"))
        try store.log(dune.id, on: CalendarDate(parsing: "2024-03-01"), today: Self.today)
        let reviewed = try store.log(
            dune.id, on: CalendarDate(parsing: "2024-04-01"), ViewingDraft(review: "Sand."), today: Self.today
        )
        let before = try DirectSQL.dump(database.path)
        #expect(throws: MovieError.viewingsWouldBeLost(reviewed.after, viewingIDs: [reviewed.viewing.id])) {
            try store.unwatch(id: dune.id)
        }
        #expect(try DirectSQL.dump(database.path) == before)
        try store.removeViewings(ids: [reviewed.viewing.id])
        let back = try store.unwatch(id: dune.id).after
        #expect(back.ratingWord == .notSeen && back.watchCount == nil && back.watchedOn == nil)
        #expect(try store.viewings(ofMovie: dune.id).isEmpty)
    }

    @Test("--sort rating: best first, by stars within a word, then seen without a rating, then the watchlist")
    func ratingOrder() throws {
        let drafts = [
            MovieDraft(title: "Good 3.5", stars: StarRating(stars: 3.5)),
            MovieDraft(title: "Watchlist"),
            MovieDraft(title: "Excellent 4.5", stars: StarRating(stars: 4.5)),
            MovieDraft(title: "Seen", word: .seen),
            MovieDraft(title: "Excellent 5", stars: StarRating(stars: 5)),
            MovieDraft(title: "Good", rating: .good),
            MovieDraft(title: "Terrible 0.5", stars: StarRating(stars: 0.5)),
        ]
        for draft in drafts { try store.add(draft) }
        let best = try store.list(MovieQuery(sort: .rating)).map(\.title)
        #expect(
            best == ["Excellent 5", "Excellent 4.5", "Good", "Good 3.5", "Terrible 0.5", "Seen", "Watchlist"])
        let worst = try store.list(MovieQuery(sort: .rating, reversed: true)).map(\.title)
        #expect(worst == best.reversed())
    }

    @Test("one title in every form is one movie; accents make another, which add points out")
    func titleIdentity() throws {
        let amelie = try store.add(MovieDraft(title: "Amélie", year: 2001))
        for other in ["AMÉLIE", "Ame\u{301}lie", "amélie ", "ＡＭÉＬＩＥ"] {
            #expect(throws: MovieError.duplicate(existing: amelie), "\(other)") {
                try store.add(MovieDraft(title: other, year: 2001))
            }
        }
        let plain = try store.add(MovieDraft(title: "Amelie", year: 2001))
        #expect(try store.similar(to: plain).map(\.id) == [amelie.id])
        let heat = try store.add(MovieDraft(title: "Heat", year: 1995))
        let undated = try store.add(MovieDraft(title: "Heat"))
        #expect(try store.similar(to: undated).map(\.id) == [heat.id])
        let remake = try store.add(MovieDraft(title: "Heat", year: 1986))
        #expect(try store.similar(to: remake).map(\.id) == [undated.id], "another year tells two films apart")
        let abyss = try store.add(MovieDraft(title: "The Abyss", year: 1989))
        #expect(try store.similar(to: try store.add(MovieDraft(title: "Abyss"))).map(\.id) == [abyss.id])
        // The stored title is composed, whatever was typed.
        let decomposed = try store.add(MovieDraft(title: "E\u{301}clair"))
        #expect(Array(decomposed.title.unicodeScalars) == Array("\u{C9}clair".unicodeScalars))
    }

    @Test("--sort title files accents with base letters and sets articles aside")
    func titleOrder() throws {
        for title in ["Zorro", "Éclair", "Über", "ábc", "The Abyss", "Abyss 2", "Les Misérables"] {
            try store.add(MovieDraft(title: title))
        }
        #expect(
            try store.list(MovieQuery(sort: .title)).map(\.title) == [
                "ábc", "The Abyss", "Abyss 2", "Éclair", "Les Misérables", "Über", "Zorro",
            ])
    }
}
