import AppTestSupport
import FeedServer
import Feeds
import Foundation
import News
import Storage
import TestSupport
import Testing

/// Ignore rules applied when a feed is stored, and saved searches (issue 25, point 5), against a real
/// migrated file.
@Suite("NewsRepository filters")
struct NewsFiltersTests {
    let database: TestDatabase
    var news: NewsRepository { database.app.news }
    let now = Date(timeIntervalSince1970: 1_750_000_000)

    init() throws {
        database = try TestDatabase()
    }

    private func document() throws -> ParsedFeed {
        let xml = """
            <rss version="2.0"><channel><title>Film Comment Weekly</title>
            <item><guid>1</guid><title>Cannes: the winners</title><author>a@x.org (Jane Critic)</author>
              <pubDate>Mon, 09 Jun 2025 10:00:00 GMT</pubDate></item>
            <item><guid>2</guid><title>SPONSORED: a streaming deal</title><author>a@x.org (Jane Critic)</author>
              <pubDate>Mon, 09 Jun 2025 11:00:00 GMT</pubDate></item>
            <item><guid>3</guid><title>Venice line-up</title><author>b@x.org (Guest Writer)</author>
              <pubDate>Mon, 09 Jun 2025 12:00:00 GMT</pubDate></item>
            <item><guid>4</guid><title>An old review of Heat</title><author>a@x.org (Jane Critic)</author>
              <pubDate>Mon, 01 Jan 2024 12:00:00 GMT</pubDate></item>
            </channel></rss>
            """
        return try FeedParser.parse(Data(xml.utf8), now: now)
    }

    private func titles() throws -> [String] {
        try news.page(NewsQuery()).map(\.title).sorted()
    }

    @Test("a refresh keeps out new items a rule matches: title or author text in any ASCII case, age, feed")
    func ignoreRulesOnStore() throws {
        let feed = try news.subscribe(url: "https://example.org/feed.xml")
        let other = try news.subscribe(url: "https://example.org/other.xml")
        try news.addIgnoreRule(IgnoreRule(titleContains: "sponsored"))
        try news.addIgnoreRule(IgnoreRule(feedID: feed.id, authorContains: "guest"))
        try news.addIgnoreRule(IgnoreRule(olderThanDays: 30))
        let update = try news.store(
            try document(), feedID: feed.id, etag: nil, lastModified: nil, fetchedAt: now)
        #expect(update.inserted == 1)
        #expect(update.ignored == 3)
        #expect(try titles() == ["Cannes: the winners"])
        // The author rule is the first feed's alone.
        try news.store(try document(), feedID: other.id, etag: nil, lastModified: nil, fetchedAt: now)
        #expect(
            try news.page(NewsQuery(feedID: other.id)).map(\.title).sorted() == [
                "Cannes: the winners", "Venice line-up",
            ])
        // A rule removed lets the next refresh bring its items.
        let ageRule = try #require(try news.ignoreRules().last)
        #expect(try news.removeIgnoreRule(id: ageRule.id) == ageRule)
        let again = try news.store(
            try document(), feedID: feed.id, etag: nil, lastModified: nil, fetchedAt: now)
        #expect(again.inserted == 1)
        #expect(again.ignored == 2)
    }

    @Test("an item's source is its author, never its feed's title")
    func sourceIsTheAuthor() throws {
        let feed = try news.subscribe(url: "https://example.org/feed.xml")
        let parsed = try FeedParser.parse(
            Data(
                "<rss><channel><title>Blog</title><item><guid>1</guid><title>t</title></item></channel></rss>"
                    .utf8))
        try news.store(parsed, feedID: feed.id, etag: nil, lastModified: nil, fetchedAt: now)
        #expect(try news.page(NewsQuery()).first?.source == nil)
    }

    @Test("rules that say nothing, or a feed not subscribed, are refused and nothing is stored")
    func ruleRefusals() throws {
        #expect(throws: NewsError.emptyIgnoreRule) { try news.addIgnoreRule(IgnoreRule()) }
        #expect(throws: NewsError.blankIgnoreText(field: "title text")) {
            try news.addIgnoreRule(IgnoreRule(titleContains: "  "))
        }
        #expect(throws: NewsError.controlCharacter(field: "author text")) {
            try news.addIgnoreRule(IgnoreRule(authorContains: "a\u{1B}b"))
        }
        #expect(throws: NewsError.feedNotFound("9")) { try news.addIgnoreRule(IgnoreRule(feedID: 9)) }
        #expect(throws: NewsError.ignoreRuleNotFound(id: 1)) { try news.removeIgnoreRule(id: 1) }
        #expect(try news.ignoreRules().isEmpty)
    }

    @Test("a saved search lists like a feed, with its unread count, and is stored in the file")
    func savedSearches() throws {
        let feed = try news.subscribe(url: "https://example.org/feed.xml")
        try news.store(try document(), feedID: feed.id, etag: nil, lastModified: nil, fetchedAt: now)
        try news.saveSearch(SavedSearch(name: " festivals ", words: "cannes winners"))
        try news.saveSearch(SavedSearch(name: "unread heat", words: "heat", unreadOnly: true))
        #expect(throws: NewsError.searchAlreadySaved("festivals")) {
            try news.saveSearch(SavedSearch(name: "festivals", words: "berlin"))
        }
        #expect(throws: NewsError.blankSearchName) { try news.saveSearch(SavedSearch(name: " ", words: "x")) }
        let festivals = try news.savedSearch(named: "festivals")
        #expect(try news.page(festivals.query()).map(\.title) == ["Cannes: the winners"])
        let heat = try news.savedSearch(named: "unread heat")
        let item = try #require(try news.page(heat.query()).first)
        #expect(try news.counts(of: heat.query()) == (1, 1))
        try news.setRead(id: item.id, true)
        #expect(try news.page(heat.query()).isEmpty)
        #expect(try news.counts(of: festivals.query()) == (1, 1))
        #expect(
            try DirectSQL.run(database.path, "SELECT name FROM news_saved_searches ORDER BY name")
                == "festivals\nunread heat")
        try news.forgetSearch(named: "festivals")
        #expect(throws: NewsError.searchNotFound("festivals")) { try news.savedSearch(named: "festivals") }
    }
}
