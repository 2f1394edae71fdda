import App
import AppTestSupport
import Foundation
import MoviesCore
import TestSupport
import Testing
import ViewModels

extension TestDatabase {
    /// The dependencies view models are built from, over this database.
    var dependencies: Dependencies { Dependencies(database: app) }
}

/// Waits on the main actor until `condition` holds (the view models update asynchronously).
///
/// The wait is counted in polls (`timeout` worth of 5 ms sleeps), not read off a clock: in a full
/// `swift test` on two cores, tests waiting for processes can hold the cooperative pool, stalling the
/// view model and this poll alike, and a deadline would pass before the view model had run.
@MainActor
func waitUntil(timeout: Duration = .seconds(30), _ condition: () -> Bool) async -> Bool {
    let polls = Int(timeout / .milliseconds(5))
    for _ in 0..<polls where !condition() {
        try? await Task.sleep(for: .milliseconds(5))
    }
    return condition()
}

@MainActor
@Suite("Movie view models against a real database")
struct MovieViewModelTests {
    let fixture: TestDatabase

    init() throws {
        fixture = try TestDatabase()
    }

    @Test("a new list starts idle and empty, then loads")
    func initialState() async throws {
        let list = MovieListViewModel(store: fixture.dependencies.movies)
        #expect(list.state == .idle)
        #expect(list.movies.isEmpty)
        list.startObserving()
        #expect(await waitUntil { list.state == .loaded })
        #expect(list.isEmpty)
        #expect(list.lastError == nil)
    }

    @Test("saving in the add form shows up in the list through the store alone")
    func addUpdatesList() async throws {
        let list = MovieListViewModel(store: fixture.dependencies.movies)
        var feed: [MovieChange] = []
        list.onChanges = { feed += $0 }
        list.startObserving()
        #expect(await waitUntil { list.state == .loaded })

        let form = AddMovieViewModel(store: fixture.dependencies.movies)
        #expect(form.rating == .notSeen)
        #expect(form.validationError == .blankTitle)
        form.title = "Heat"
        form.year = 1995
        form.rating = .excellent
        #expect(form.validationError == nil)
        let saved = try form.save()
        #expect(await waitUntil { list.movies == [saved] })
        #expect(feed == [.added(saved)])
    }

    @Test("a write from a second connection updates the list")
    func externalWrite() async throws {
        let list = MovieListViewModel(store: fixture.dependencies.movies)
        list.startObserving()
        #expect(await waitUntil { list.state == .loaded })
        let other = try AppDatabase(path: fixture.path)
        try other.movies.add(MovieDraft(title: "Alien", year: 1979, rating: .good))
        #expect(await waitUntil { list.movies.map(\.title) == ["Alien"] })
    }

    @Test("a write from the sqlite3 command updates the list")
    func otherProcessWrite() async throws {
        let list = MovieListViewModel(store: fixture.dependencies.movies)
        list.startObserving()
        #expect(await waitUntil { list.state == .loaded })
        try SQLiteShell.run(fixture.path, "INSERT INTO movies (title, rating) VALUES ('Heat', 'good')")
        #expect(await waitUntil { list.movies.map(\.title) == ["Heat"] })
    }

    @Test("the form refuses a blank title, a bad year and a duplicate with readable errors")
    func validation() throws {
        let form = AddMovieViewModel(store: fixture.dependencies.movies)
        form.title = "   "
        #expect(form.validationError == .blankTitle && form.validationError?.field == .title)
        #expect(throws: MovieError.blankTitle) { try form.save() }
        #expect(form.lastError == "The title is blank; a movie needs a title")

        form.title = "Heat"
        form.year = 1500
        #expect(form.validationError?.field == .year)
        #expect(throws: MovieError.yearOutOfRange(1500)) { try form.save() }

        form.year = 1995
        let heat = try form.save()
        #expect(form.lastError == nil)
        #expect(throws: MovieError.duplicate(existing: heat)) { try form.save() }
        #expect(form.lastError == "Heat (1995) is already on the list as #1")
        #expect(form.title == "Heat", "a failed save keeps the fields for correction")
        form.reset()
        #expect(form.title.isEmpty && form.rating == .notSeen && form.year == nil)
    }

    @Test("rate and remove go through the store, and the feed reports them")
    func rateAndRemove() async throws {
        let store = fixture.dependencies.movies
        let heat = try store.add(MovieDraft(title: "Heat", rating: .good))
        let list = MovieListViewModel(store: store)
        var feed: [MovieChange] = []
        list.onChanges = { feed += $0 }
        list.startObserving()
        #expect(await waitUntil { list.movies.count == 1 })

        let change = try list.rate(id: heat.id, .excellent)
        #expect(await waitUntil { list.movies.first?.rating == .excellent })
        #expect(feed == [.changed(before: heat, after: change.after)])

        try list.remove(id: heat.id)
        #expect(await waitUntil { list.movies.isEmpty })
        #expect(feed.last == .removed(change.after))

        #expect(throws: MovieError.notFound(id: heat.id)) { try list.remove(id: heat.id) }
        #expect(list.lastError == "No movie with id \(heat.id)")
    }

    @Test("filter and sort re-query without reporting the new list as changes")
    func filterAndSort() async throws {
        let store = fixture.dependencies.movies
        for (title, rating) in [("B", Rating.good), ("A", .poor), ("C", .excellent)] {
            try store.add(MovieDraft(title: title, rating: rating))
        }
        let list = MovieListViewModel(store: store)
        var feed: [MovieChange] = []
        list.onChanges = { feed += $0 }
        list.startObserving()
        #expect(await waitUntil { list.movies.count == 3 })
        list.sort = .title
        #expect(await waitUntil { list.movies.map(\.title) == ["A", "B", "C"] })
        list.ratingFilter = [.good, .excellent]
        list.sort = .rating
        #expect(await waitUntil { list.movies.map(\.title) == ["C", "B"] })
        list.textFilter = "c"
        #expect(await waitUntil { list.movies.map(\.title) == ["C"] })
        #expect(feed.isEmpty)
    }

    @Test("the detail view model loads, edits, and reports an unknown id")
    func detail() throws {
        let store = fixture.dependencies.movies
        let heat = try store.add(MovieDraft(title: "Heat"))
        let detail = MovieDetailViewModel(id: heat.id, store: store)
        try detail.load()
        #expect(detail.movie == heat)
        let edited = try detail.edit(MovieChanges(year: .set(1995))).after
        #expect(detail.movie == edited && edited.year == 1995)
        let missing = MovieDetailViewModel(id: 99, store: store)
        #expect(throws: MovieError.notFound(id: 99)) { try missing.load() }
        #expect(missing.lastError == "No movie with id 99")
    }

    @Test("stopping the list releases the store's observer")
    func stopReleases() async throws {
        let list = MovieListViewModel(store: fixture.dependencies.movies)
        list.startObserving()
        #expect(await waitUntil { list.state == .loaded })
        #expect(fixture.app.observerCount == 1)
        list.stopObserving()
        #expect(await waitUntil { fixture.app.observerCount == 0 })
    }
}
