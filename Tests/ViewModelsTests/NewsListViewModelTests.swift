import AppTestSupport
import FeedServer
import Feeds
import Foundation
import MoviesCore
import News
import TestSupport
import Testing
import ViewModels

@MainActor
@Suite("NewsListViewModel against a real database and a local feed server", .serialized)
struct NewsListViewModelTests {
    let fixture: TestDatabase
    let server: FeedServer
    var dependencies: Dependencies {
        Dependencies(database: fixture.app, feedFetcher: FeedFetcher(timeout: .seconds(60)))
    }

    init() throws {
        fixture = try TestDatabase()
        server = try FeedServer()
    }

    private func subscribe(_ path: String, items: [FeedXML.Item]) throws {
        server.set(path, .feed(FeedXML.rss(items: items)))
        try fixture.app.news.subscribe(url: server.url(path))
    }

    @Test("idle, then loading, then loaded; a short last page means no more data")
    func pagesToTheEnd() async throws {
        try subscribe("/a.xml", items: FeedXML.numberedItems(25))
        let list = NewsListViewModel(dependencies: dependencies, pageSize: 10)
        #expect(list.state == .idle && list.items.isEmpty && list.hasMoreData)

        await list.loadData(isRefreshing: true)
        #expect(list.state == .loaded)
        #expect(list.items.map(\.title) == (1...10).map { "Item \($0)" })
        #expect(list.lastRefresh?.newItemCount == 25)

        await list.loadMore()
        #expect(list.items.count == 20 && list.state == .loaded)
        await list.loadMore()
        #expect(list.items.count == 25)
        #expect(list.state == .noMoreData && !list.hasMoreData)
        let requests = list.requestCount
        await list.loadMore()
        #expect(list.requestCount == requests, "no request once there is no more data")
        #expect(Set(list.items.map(\.id)).count == 25)
    }

    @Test("a first load without refresh reads the stored page; nothing stored is .empty")
    func firstLoadAndEmpty() async throws {
        let list = NewsListViewModel(dependencies: dependencies, pageSize: 10)
        await list.loadData(isRefreshing: false)
        #expect(list.state == .empty)
        #expect(server.http.observed.requests.isEmpty, "a first load does not fetch")
        try fixture.app.news.add(NewsItemDraft(title: "Hand-written"))
        await list.loadData(isRefreshing: false)
        #expect(list.state == .noMoreData)
        #expect(list.items.map(\.title) == ["Hand-written"])
    }

    @Test("two refreshes at once make one request per feed")
    func inFlightGuard() async throws {
        // The feed is held until the server has seen its request: the second call comes while the first
        // refresh is in flight, whatever the machine's speed.
        let gate = FeedGate()
        defer { gate.open() }
        server.set("/slow.xml", .held(FeedXML.rss(items: FeedXML.numberedItems(3)), gate: gate))
        try fixture.app.news.subscribe(url: server.url("/slow.xml"))
        let list = NewsListViewModel(dependencies: dependencies, pageSize: 10)
        async let first: Void = list.loadData(isRefreshing: true)
        async let second: Void = list.loadData(isRefreshing: true)
        #expect(await server.waitForRequests(to: "/slow.xml"))
        gate.open()
        _ = await (first, second)
        #expect(server.requestCount("/slow.xml") == 1)
        #expect(list.requestCount == 1)
        #expect(list.items.count == 3)
    }

    @Test("items are deduplicated by id when an item moves into the next page")
    func dedupAcrossPages() async throws {
        var items = FeedXML.numberedItems(6)
        try subscribe("/a.xml", items: items)
        let list = NewsListViewModel(dependencies: dependencies, pageSize: 3)
        await list.loadData(isRefreshing: true)
        #expect(list.items.map(\.title) == ["Item 1", "Item 2", "Item 3"])
        // The feed re-dates item 2 to the oldest: it now sorts into the next page too.
        items[1].date = Date(timeIntervalSince1970: 1_000_000_000)
        server.set("/a.xml", .feed(FeedXML.rss(items: items)))
        _ = try await NewsRefresher(repository: fixture.app.news, fetcher: FeedFetcher()).refresh()
        await list.loadMore()
        #expect(list.items.map(\.title) == ["Item 1", "Item 2", "Item 3", "Item 4", "Item 5", "Item 6"])
        #expect(Set(list.items.map(\.id)).count == list.items.count)
    }

    @Test("a failed refresh keeps the items shown and sets an error; retry then loads more")
    func failedRefreshKeepsItems() async throws {
        try subscribe("/a.xml", items: FeedXML.numberedItems(5))
        let list = NewsListViewModel(dependencies: dependencies, pageSize: 3)
        await list.loadData(isRefreshing: true)
        let shown = list.items
        server.set("/a.xml", .status(500))
        await list.loadData(isRefreshing: true)
        guard case .error(let message) = list.state else {
            Issue.record("expected an error, got \(list.state)")
            return
        }
        #expect(message.contains("HTTP 500"))
        #expect(list.items == shown)
        // With items shown, retry loads more.
        await list.retry()
        #expect(list.items.count == 5)
        #expect(list.state == .noMoreData)
    }

    @Test("retry after a failure with nothing shown refreshes")
    func retryRefreshesWhenEmpty() async throws {
        server.set("/a.xml", .status(503))
        try fixture.app.news.subscribe(url: server.url("/a.xml"))
        let list = NewsListViewModel(dependencies: dependencies, pageSize: 3)
        await list.loadData(isRefreshing: true)
        #expect(
            list.state
                == .error(
                    "No feed could be refreshed (\(server.url("/a.xml")): HTTP 503 Service Unavailable)"))
        #expect(list.items.isEmpty)
        server.set("/a.xml", .feed(FeedXML.rss(items: FeedXML.numberedItems(2))))
        await list.retry()
        #expect(list.state == .noMoreData)
        #expect(list.items.count == 2)
        await list.retry()  // not in error: nothing happens
        #expect(list.items.count == 2)
    }

    @Test("the list follows changes made underneath it, by anyone", .requires(.sqlite3))
    func followsChanges() async throws {
        try subscribe("/a.xml", items: FeedXML.numberedItems(2))
        let list = NewsListViewModel(dependencies: dependencies, pageSize: 10)
        await list.loadData(isRefreshing: true)
        list.startObservingChanges()
        defer { list.stopObservingChanges() }
        try fixture.app.news.add(NewsItemDraft(title: "Added elsewhere", publishedAt: Date()))
        #expect(await waitUntil { list.items.first?.title == "Added elsewhere" })
        let insert = try await BackgroundProcess.run(
            SQLiteShell.path,
            [
                "-bail", fixture.path,
                "INSERT INTO news_items (guid, title, published_at) VALUES ('by-hand', 'From sqlite3', '2099-01-01T00:00:00.000Z')",
            ])
        #expect(insert.status == 0, "\(insert)")
        #expect(await waitUntil { list.items.first?.title == "From sqlite3" })
        let first = try #require(list.items.first)
        try list.setStarred(id: first.id, true)
        #expect(list.items.first?.isStarred == true)
        #expect(list.items.count == 4)
    }

    @Test("items added elsewhere reach onNewItems; a change to an item already shown does not")
    func newItemsFeed() async throws {
        try fixture.app.news.add(
            NewsItemDraft(title: "Already here", publishedAt: Date(timeIntervalSinceNow: -60)))
        let list = NewsListViewModel(dependencies: dependencies, pageSize: 10)
        let heard = Heard()
        list.onNewItems = { heard.titles.append($0.map(\.title)) }
        list.startObservingChanges()
        defer { list.stopObservingChanges() }
        await list.loadData(isRefreshing: false)
        try list.setStarred(id: try #require(list.items.first).id, true)
        try fixture.app.news.add(NewsItemDraft(title: "Added elsewhere", publishedAt: Date()))
        #expect(await waitUntil { list.items.first?.title == "Added elsewhere" })
        #expect(heard.titles == [["Added elsewhere"]])
    }

    @Test("a refresh whose task is cancelled keeps the feeds that arrived and shows them; the rest wait")
    func cancelledRefresh() async throws {
        let gate = FeedGate()
        defer { gate.open() }
        try subscribe("/fast.xml", items: FeedXML.numberedItems(3))
        server.set(
            "/held.xml", .held(FeedXML.rss(items: FeedXML.numberedItems(2, prefix: "held")), gate: gate))
        try fixture.app.news.subscribe(url: server.url("/held.xml"))
        // The held fetch must still be in flight when the task is cancelled, however long the machine
        // takes to get there: the fetch may take longer than the gate holds a request (which only a
        // hang reaches), so it can only end by the cancellation.
        let dependencies = Dependencies(
            database: fixture.app, feedFetcher: FeedFetcher(timeout: .seconds(600)))
        let list = NewsListViewModel(dependencies: dependencies, pageSize: 10)
        // The count of stored items, read again at each commit to them.
        let news = fixture.app.news
        let stored = Recorder<Int>()
        let counting = stored.record(
            news.changes(of: NewsQuery()).map { (try? news.page(NewsQuery()).count) ?? -1 })
        defer { counting.cancel() }
        let refresh = Task { await list.loadData(isRefreshing: true) }
        #expect(await stored.wait { $0 == 3 })
        #expect(await server.waitForRequests(to: "/held.xml"))
        refresh.cancel()
        await refresh.value
        #expect(list.lastRefresh?.wasInterrupted == true)
        #expect(list.lastRefresh?.unfinished.map(\.url) == [server.url("/held.xml")])
        #expect(list.items.map(\.title) == ["Item 1", "Item 2", "Item 3"])
        #expect(list.state == .noMoreData)
    }

    @Test("a refresh asked for while the list re-reads itself after a change is run, not dropped")
    func refreshDuringReread() async throws {
        try subscribe("/a.xml", items: FeedXML.numberedItems(2))
        let list = NewsListViewModel(dependencies: dependencies, pageSize: 10)
        await list.loadData(isRefreshing: false)
        list.startObservingChanges()
        defer { list.stopObservingChanges() }
        // The observation is in place once a change shows.
        try fixture.app.news.add(NewsItemDraft(title: "First note", publishedAt: Date()))
        #expect(await waitUntil { list.items.first?.title == "First note" })

        // Hold the reader, then change the list: its re-read waits behind the holder.
        let released = Waitable(false)
        let holding = Waitable(false)
        let reader = fixture.app.news.database
        let blocker = Task.detached {
            try await reader.read { _ in
                holding.update { $0 = true }
                _ = released.wait { $0 }
            }
        }
        #expect(await holding.wait { $0 } == true)
        try fixture.app.news.add(NewsItemDraft(title: "Second note", publishedAt: Date()))
        // The change signal arrives and the re-read starts, waiting behind the holder; then the refresh.
        #expect(await waitUntil { list.isReloading })
        async let refreshed: Void = list.loadData(isRefreshing: true)
        #expect(await waitUntil { list.state == .loading })
        released.update { $0 = true }
        try await blocker.value
        await refreshed
        #expect(list.lastRefresh?.newItemCount == 2)
        #expect(server.requestCount("/a.xml") == 1)
        #expect(await waitUntil { list.items.count == 4 })
    }

    @Test("filters: unread only")
    func unreadFilter() async throws {
        try subscribe("/a.xml", items: FeedXML.numberedItems(3))
        let list = NewsListViewModel(dependencies: dependencies, pageSize: 10)
        await list.loadData(isRefreshing: true)
        try list.setRead(id: list.items[0].id, true)
        list.filter.unreadOnly = true
        await list.loadData(isRefreshing: false)
        #expect(list.items.map(\.title) == ["Item 2", "Item 3"])
    }
}

/// What a callback heard, kept on the main actor.
@MainActor
final class Heard {
    var titles: [[String]] = []
}
