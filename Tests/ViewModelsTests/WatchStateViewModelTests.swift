import AppTestSupport
import Basics
import Foundation
import MoviesCore
import TestSupport
import Testing
import ViewModels

/// The view models show watched apart from rated: the list's seen/watchlist filter, the detail's
/// viewings, the add form's stars and its note of a similar title.
@MainActor
@Suite("Movie view models: watch state, stars, similar titles")
struct WatchStateViewModelTests {
    let fixture: TestDatabase

    init() throws {
        fixture = try TestDatabase()
    }

    @Test("the list filters seen and watchlist movies, and follows a viewing logged in the detail")
    func seenFilter() async throws {
        let store = fixture.dependencies.movies
        let dune = try store.add(MovieDraft(title: "Dune"))
        try store.add(MovieDraft(title: "Heat", rating: .good))
        let seen = MovieListViewModel(store: store)
        seen.watchStateFilter = .seen
        seen.startObserving()
        #expect(await waitUntil { seen.state == .loaded && seen.movies.map(\.title) == ["Heat"] })
        let detail = MovieDetailViewModel(id: dune.id, store: store)
        let logged = try detail.log(
            ViewingValidation.validated(ViewingDraft(watchedOn: CalendarDate(parsing: "2024-03-09"))))
        #expect(logged.after.ratingWord == .seen && detail.movie?.watchCount == 1)
        #expect(detail.viewings.map(\.watchedOn) == [CalendarDate(parsing: "2024-03-09")])
        #expect(await waitUntil { seen.movies.map(\.title) == ["Dune", "Heat"] })
        try detail.unwatch()
        #expect(await waitUntil { seen.movies.map(\.title) == ["Heat"] })
        seen.stopObserving()
        let watchlist = MovieListViewModel(store: store)
        watchlist.watchStateFilter = .watchlist
        try watchlist.load()
        #expect(watchlist.movies.map(\.title) == ["Dune"])
        // Rated with stars through the list: the word follows.
        let rated = try watchlist.rate(id: dune.id, nil, stars: StarRating(stars: 4.5))
        #expect(rated.after.ratingWord == .excellent && rated.after.isSeen)
    }

    @Test("the add form takes stars and names a similar title after saving")
    func addForm() throws {
        let store = fixture.dependencies.movies
        let heat = try store.add(MovieDraft(title: "Heat", year: 1995))
        let form = AddMovieViewModel(store: store)
        form.title = "Heat"
        form.stars = StarRating(stars: 3.5)
        let saved = try form.save()
        #expect(saved.ratingWord == .good && saved.stars == StarRating(stars: 3.5))
        #expect(form.similarMovies.map(\.id) == [heat.id])
        form.reset()
        #expect(form.similarMovies.isEmpty && form.stars == nil && form.rating == .notSeen)
        form.title = "Dune"
        form.rating = .seen
        #expect(try form.save().ratingWord == .seen)
        #expect(form.similarMovies.isEmpty)
    }
}
