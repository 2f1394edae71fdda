import App
import AppTestSupport
import Foundation
import MoviesCore
import Observation
import TestSupport
import Testing
import ViewModels

extension TestDatabase {
    /// The dependencies view models are built from, over this database.
    var dependencies: Dependencies { Dependencies(database: app) }
}

/// Waits on the main actor until `condition` holds, woken by each change to the observable state it
/// reads (`withObservationTracking`), never by a clock; false only after the hang limit (`timeout`).
///
/// `condition` must read `@Observable` state (a view model's): a change to anything else wakes nobody.
@MainActor
func waitUntil(timeout: Duration = HangLimit.standard, _ condition: () -> Bool) async -> Bool {
    let changes = Waitable(0)
    while true {
        let seen = changes.current
        let holds = withObservationTracking(condition) { changes.update { $0 += 1 } }
        if holds { return true }
        guard await changes.wait(limit: timeout, until: { $0 > seen }) != nil else { return condition() }
    }
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

    @Test("a write from the sqlite3 command updates the list", .requires(.sqlite3))
    func otherProcessWrite() async throws {
        let list = MovieListViewModel(store: fixture.dependencies.movies)
        list.startObserving()
        #expect(await waitUntil { list.state == .loaded })
        // Another process: its commit is seen through the file (PRAGMA data_version), not a hook here.
        let insert = try await BackgroundProcess.run(
            SQLiteShell.path,
            ["-bail", fixture.path, "INSERT INTO movies (title, rating) VALUES ('Heat', 'good')"])
        #expect(insert.status == 0, "\(insert)")
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
        #expect(form.lastError == "Heat (1995) is already on the list as id 1")
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

    /// A list view model over three movies added as B (good), A (poor) and C (excellent).
    private func listOfBAC() throws -> MovieListViewModel {
        let store = fixture.dependencies.movies
        for (title, rating) in [("B", Rating.good), ("A", .poor), ("C", .excellent)] {
            try store.add(MovieDraft(title: title, rating: rating))
        }
        return MovieListViewModel(store: store)
    }

    @Test("filter and sort re-query without reporting the new list as changes")
    func filterAndSort() async throws {
        let list = try listOfBAC()
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

    @Test("the list the last query selects is the one shown, however fast the query changes")
    func lastQueryWins() async throws {
        let list = try listOfBAC()
        list.startObserving()
        #expect(await waitUntil { list.movies.count == 3 })
        // Each change starts a new read; a read of an earlier query that ends after a later one's
        // must not be shown.
        for round in 0..<40 {
            list.sort = round.isMultiple(of: 2) ? .title : .rating
            list.isReversed = round.isMultiple(of: 3)
            await Task.yield()
        }
        list.sort = .title
        list.isReversed = false
        #expect(await waitUntil { list.movies.map(\.title) == ["A", "B", "C"] })
        // Nothing earlier arrives after it.
        for _ in 0..<20 { await Task.yield() }
        #expect(list.movies.map(\.title) == ["A", "B", "C"])
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
        // The observation's task waits for the next value, so cancelling it ends the stream (and the
        // observer) at once.
        list.stopObserving()
        #expect(fixture.app.observerCount == 0)
    }
}
