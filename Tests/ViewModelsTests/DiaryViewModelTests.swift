import AppTestSupport
import Basics
import Foundation
import MoviesCore
import TestSupport
import Testing
import ViewModels

/// The diary's view model against a real database: pages by key, refresh, load-more, retry, and the
/// change stream, whoever writes.
@MainActor
@Suite("DiaryViewModel against a real database")
struct DiaryViewModelTests {
    let fixture: TestDatabase

    init() throws {
        fixture = try TestDatabase()
    }

    /// Logs `count` viewings of one film on consecutive days of 2024 from January 1st.
    private func logDays(_ count: Int, title: String = "Heat") throws -> Movie {
        let film = try fixture.store.add(MovieDraft(title: title))
        for day in 1...count {
            _ = try fixture.store.log(
                film.id, on: CalendarDate(year: 2024, month: 1 + (day - 1) / 28, day: 1 + (day - 1) % 28))
        }
        let stored = try fixture.store.movie(id: film.id)
        return try #require(stored)
    }

    @Test("idle, then loaded a page at a time by key, newest first; a short page is the last")
    func pages() async throws {
        _ = try logDays(5)
        let diary = DiaryViewModel(dependencies: fixture.dependencies, pageSize: 2)
        #expect(diary.state == .idle)
        await diary.loadData()
        #expect(diary.state == .loaded)
        #expect(diary.entries.map(\.viewing.watchedOn?.description) == ["2024-01-05", "2024-01-04"])
        await diary.loadMore()
        await diary.loadMore()
        #expect(diary.entries.count == 5)
        #expect(diary.state == .noMoreData && diary.nextCursor == nil)
        await diary.loadMore()
        #expect(diary.entries.count == 5)
        #expect(Set(diary.entries.map(\.id)).count == 5)
    }

    @Test("an empty diary is .empty; a filter by month and tag selects its viewings")
    func emptyAndFiltered() async throws {
        let diary = DiaryViewModel(dependencies: fixture.dependencies)
        await diary.loadData()
        #expect(diary.state == .empty)
        let film = try fixture.store.add(MovieDraft(title: "Dune"))
        _ = try fixture.store.log(
            film.id, on: CalendarDate(parsing: "2024-03-09"), ViewingDraft(tags: ["cinema"]))
        _ = try fixture.store.log(film.id, on: CalendarDate(parsing: "2024-04-01"))
        diary.filter = DiaryQuery(year: 2024, month: 3)
        await diary.loadData()
        #expect(diary.entries.map(\.viewing.watchedOn?.description) == ["2024-03-09"])
        diary.filter = DiaryQuery(tag: "Cinema")
        await diary.loadData()
        #expect(diary.entries.map(\.movie.title) == ["Dune"] && diary.entries.count == 1)
    }

    @Test("the diary follows viewings logged, edited and removed by anyone, keeping the pages shown")
    func followsChanges() async throws {
        let heat = try logDays(3)
        let diary = DiaryViewModel(dependencies: fixture.dependencies, pageSize: 2)
        await diary.loadData()
        await diary.loadMore()
        #expect(diary.entries.count == 3)
        var heard: [[String?]] = []
        diary.onNewEntries = { heard.append($0.map(\.viewing.watchedOn?.description)) }
        diary.startObservingChanges()
        defer { diary.stopObservingChanges() }

        // Through the view model.
        let logged = try diary.log(
            movieID: heat.id,
            ViewingValidation.validated(ViewingDraft(watchedOn: CalendarDate(parsing: "2024-02-01"))))
        #expect(await waitUntil { diary.entries.first?.id == logged.viewing.id })
        #expect(heard == [["2024-02-01"]])
        // By another connection, as sqlite3 would write: a rename reaches the lines shown.
        try DirectSQL.run(fixture.path, "UPDATE movies SET title = 'Heat (1995)' WHERE id = \(heat.id)")
        #expect(await waitUntil { diary.entries.allSatisfy { $0.movie.title == "Heat (1995)" } })
        try DirectSQL.run(fixture.path, "DELETE FROM viewings WHERE id = \(logged.viewing.id)")
        #expect(await waitUntil { diary.entries.count == 3 && diary.entries.first?.id != logged.viewing.id })
        try diary.remove(ids: [diary.entries[0].id])
        #expect(await waitUntil { diary.entries.count == 2 })
    }

    @Test("refresh reads the entries shown again; retry after an error reads again")
    func refreshAndRetry() async throws {
        _ = try logDays(3)
        let diary = DiaryViewModel(dependencies: fixture.dependencies, pageSize: 2)
        await diary.loadData()
        await diary.loadMore()
        try DirectSQL.run(
            fixture.path, "INSERT INTO viewings (movie_id, watched_on) VALUES (1, '2025-06-01')")
        await diary.refresh()
        #expect(
            diary.entries.count == 4 && diary.entries.first?.viewing.watchedOn?.description == "2025-06-01")
        #expect(diary.state == .noMoreData)

        // A file that can no longer be read: the entries shown stay, the state says why, retry reads again.
        try DirectSQL.run(fixture.path, "ALTER TABLE viewings RENAME TO viewings_away")
        await diary.refresh()
        guard case .error = diary.state else {
            Issue.record("expected an error, got \(diary.state)")
            return
        }
        #expect(diary.entries.count == 4)
        try DirectSQL.run(fixture.path, "ALTER TABLE viewings_away RENAME TO viewings")
        await diary.retry()
        #expect(diary.state == .noMoreData || diary.state == .loaded)
        #expect(diary.entries.count >= 4)
    }

    @Test(
        "an older viewing moving into the pages shown is not heard as new; retry with all shown reads again")
    func olderIsNotNewAndRetryRereads() async throws {
        _ = try logDays(3)
        let diary = DiaryViewModel(dependencies: fixture.dependencies, pageSize: 2)
        var heard: [Int64] = []
        diary.onNewEntries = { heard += $0.map(\.id) }
        diary.startObservingChanges()
        defer { diary.stopObservingChanges() }
        await diary.loadData()
        #expect(await waitUntil { diary.entries.map(\.id) == [3, 2] })
        try DirectSQL.run(fixture.path, "DELETE FROM viewings WHERE id = 3")
        #expect(await waitUntil { diary.entries.map(\.id) == [2, 1] })
        #expect(heard.isEmpty)

        // Everything fits on the page shown: a failed read, then retry reads it again and says so.
        diary.stopObservingChanges()
        await diary.loadMore()
        #expect(diary.state == .noMoreData)
        try DirectSQL.run(fixture.path, "ALTER TABLE viewings RENAME TO viewings_away")
        await diary.refresh()
        guard case .error = diary.state else {
            Issue.record("expected an error, got \(diary.state)")
            return
        }
        try DirectSQL.run(fixture.path, "ALTER TABLE viewings_away RENAME TO viewings")
        await diary.retry()
        #expect(diary.state == .noMoreData && diary.entries.map(\.id) == [2, 1])
    }
}
