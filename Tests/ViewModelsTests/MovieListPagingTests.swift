import AppTestSupport
import MoviesCore
import Testing
import ViewModels

/// The list view model's pages: by the cursor of the page's last movie in the current order, and read
/// whole, streamed, or streamed twice, the same movies.
@MainActor
@Suite("Movie list pages")
struct MovieListPagingTests {
    let fixture: TestDatabase

    init() throws {
        fixture = try TestDatabase()
        for (title, year) in [
            ("Heat", 1995), ("alien", 1979), ("Brazil", 1985), ("Zodiac", 2007), ("Cats", 2019),
        ] {
            try fixture.store.add(MovieDraft(title: title, year: year))
        }
    }

    @Test(
        "pages continue from the cursor of the last movie, in the list's order", arguments: MovieSort.allCases
    )
    func pages(sort: MovieSort) throws {
        let whole = MovieListViewModel(store: fixture.dependencies.movies)
        whole.sort = sort
        try whole.load()

        let list = MovieListViewModel(store: fixture.dependencies.movies)
        list.sort = sort
        list.limit = 2
        var seen: [Movie] = []
        repeat {
            try list.load()
            seen += list.movies
            guard list.movies.count == 2, let last = list.movies.last else { break }
            list.after = list.cursor(after: last)
            #expect(list.after?.sort == sort)
        } while true
        #expect(seen == whole.movies)
    }

    @Test("streamed once or twice, the list is the one load() reads")
    func streaming() throws {
        let list = MovieListViewModel(store: fixture.dependencies.movies)
        list.sort = .title
        try list.load()
        var once: [Movie] = []
        try list.forEachMovie { once.append($0) }
        var first: [Movie] = []
        var second: [Movie] = []
        try list.forEachMovieTwice(first: { first.append($0) }, second: { second.append($0) })
        #expect(once == list.movies)
        #expect(first == list.movies && second == list.movies)
    }
}
