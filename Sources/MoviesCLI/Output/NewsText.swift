import FoundationEssentials
import MoviesCore
import News

/// How news items and feeds read for people at a terminal.
enum NewsText {
    /// `2026-11-30 10:20` in the local time zone, for a table's column.
    static func shortDate(_ date: Date) -> String {
        LocalTime(date).text
    }

    /// `●` for unread, `★` for starred.
    static func flags(_ item: NewsItem) -> String {
        (item.isRead ? " " : "●") + (item.isStarred ? "★" : " ")
    }

    /// The items as an aligned table: id, flags, date, the feed's id (what `--feed` takes), the source
    /// (the feed's name, from `feedNames`: `feed_title` in the machine formats; for an item without a
    /// feed, its own source, `author`) and title;
    /// at a terminal, sources and titles are cut with an ellipsis to fit its width.
    /// A page with a podcast's episodes has a LENGTH column too (`1:02:03`, `itunes:duration`).
    static func table(_ items: [NewsItem], feedNames: [Int64: String], terminal: Terminal) -> String {
        let hasLengths = items.contains { $0.durationSeconds != nil }
        var columns = [
            Table.Column(title: "#", alignRight: true), Table.Column(title: ""),
            Table.Column(title: "PUBLISHED", dropRank: 3),
            Table.Column(title: "FEED", alignRight: true, dropRank: 1),
            Table.Column(title: "SOURCE", isShortenable: true, dropRank: 2),
        ]
        if hasLengths { columns.append(Table.Column(title: "LENGTH", alignRight: true, dropRank: 4)) }
        columns.append(Table.Column(title: "TITLE", isShortenable: true))
        return Table.render(
            columns: columns,
            rows: items.map { item in
                var row = [
                    String(item.id), flags(item), shortDate(item.publishedAt),
                    item.feedID.map(String.init) ?? "",
                    item.feedID.flatMap { feedNames[$0] } ?? item.source ?? "",
                ]
                if hasLengths { row.append(item.durationSeconds.map(duration) ?? "") }
                row.append(item.title)
                return row
            },
            width: terminal.columns, header: terminal.bold)
    }

    /// `1:02:03`, `42:05`: an episode's length as players show it.
    static func duration(_ seconds: Int64) -> String {
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let hours = seconds / 3600
        let minutes = seconds / 60 % 60
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(seconds % 60))" : "\(minutes):\(two(seconds % 60))"
    }

    /// Each feed's name by id, for `table` (its title, else its address); with `titlesOnly`, its title
    /// alone, for `feed_title`.
    static func feedNames(_ news: NewsRepository, titlesOnly: Bool = false) throws -> [Int64: String] {
        Dictionary(
            try news.feeds().compactMap { feed in
                (titlesOnly ? feed.title : feed.displayName).map { (feed.id, $0) }
            },
            uniquingKeysWith: { first, _ in first })
    }

    /// `+ 15  Swift 6.3 released (Example Blog)`: an item that arrived while the news screen was shown,
    /// for the shell's change feed. In parentheses is what the table's SOURCE column shows: the feed's
    /// name from `feedNames`, or for an item without a feed its own source (`author`).
    static func newItemLine(_ item: NewsItem, feedNames: [Int64: String], terminal: Terminal) -> String {
        let name = item.feedID.flatMap { feedNames[$0] } ?? item.source
        let source = name.map { " (" + TerminalText.truncated($0, to: 24) + ")" } ?? ""
        return terminal.green("+ \(item.id)  " + TerminalText.truncated(item.title, to: 72) + source)
    }

    /// One item in full, for `news show`: its fullest text, with the links numbered in it listed under
    /// it, then its enclosures with their type and size.
    static func detail(_ item: NewsItem, feed: Feed?, enclosures: [NewsEnclosure]) -> String {
        var lines = ["\(item.id)  \(TerminalText.singleLine(item.title))"]
        // The author and the feed are two things: "by Jane Critic in Film Comment Weekly (feed 3)".
        let byline = [
            item.source.map { "by " + TerminalText.singleLine($0) },
            feed.map { "in " + TerminalText.singleLine($0.displayName) + " (feed \($0.id))" },
        ].compactMap { $0 }
        if !byline.isEmpty {
            lines.append("  source     " + byline.joined(separator: " "))
        }
        lines.append("  published  \(LocalTime(item.publishedAt).textWithZone)")
        if let seconds = item.durationSeconds { lines.append("  length     \(duration(seconds))") }
        if let url = item.url { lines.append("  link       \(TerminalText.singleLine(url))") }
        if let image = item.imageURL { lines.append("  image      \(TerminalText.singleLine(image))") }
        lines.append(
            "  status     " + (item.isRead ? "read" : "unread") + (item.isStarred ? ", starred" : ""))
        var text = lines.joined(separator: "\n") + "\n"
        if let body = item.fullestText, !body.isEmpty {
            text +=
                "\n"
                + body.split(separator: "\n", omittingEmptySubsequences: false)
                .map { TerminalText.sanitized(String($0)) }.joined(separator: "\n") + "\n"
        }
        if !enclosures.isEmpty {
            text += "\nEnclosures:\n"
            for enclosure in enclosures {
                let details = [enclosure.mimeType, enclosure.length.map(byteCount)].compactMap { $0 }
                text +=
                    "  " + TerminalText.singleLine(enclosure.url)
                    + (details.isEmpty
                        ? "" : " (" + TerminalText.singleLine(details.joined(separator: ", ")) + ")")
                    + "\n"
            }
        }
        return text
    }

    /// `48.2 MB`, `512 bytes`: an enclosure's declared size, in decimal units as players show them.
    static func byteCount(_ bytes: Int64) -> String {
        if bytes < 1_000 { return "\(bytes) byte\(bytes == 1 ? "" : "s")" }
        let units = ["kB", "MB", "GB", "TB", "PB", "EB"]
        var value = Double(bytes) / 1_000
        var unit = 0
        while value >= 999.95 && unit < units.count - 1 {
            value /= 1_000
            unit += 1
        }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }

    /// The subscriptions as a table: id, title, address, unread items, last fetch, last error; at a
    /// terminal, names, addresses and errors are cut with an ellipsis to fit its width.
    static func feedTable(_ feeds: [Feed], unread: [Int64: Int], terminal: Terminal) -> String {
        Table.render(
            columns: [
                Table.Column(title: "#", alignRight: true), Table.Column(title: "FEED", isShortenable: true),
                Table.Column(title: "ADDRESS", isShortenable: true, dropRank: 3),
                Table.Column(title: "UNREAD", alignRight: true),
                Table.Column(title: "LAST FETCH", dropRank: 1),
                Table.Column(title: "STATUS", isShortenable: true, dropRank: 2),
            ],
            rows: feeds.map { feed in
                [
                    String(feed.id), feed.displayName, feed.url, String(unread[feed.id] ?? 0),
                    feed.lastFetchedAt.map(shortDate) ?? "never",
                    status(of: feed),
                ]
            },
            width: terminal.columns, header: terminal.bold)
    }

    /// `ok`, `error: …`, or `ok (recovered: malformed XML at line 103: …; 2 undated)`: how the last
    /// fetch went, with what the document needed to be read.
    static func status(of feed: Feed) -> String {
        if let error = feed.lastError { return "error: " + error }
        guard feed.lastFetchedAt != nil else { return "" }
        let notes = [
            feed.recoveredFrom.map { "recovered: " + $0 },
            feed.undatedItems > 0 ? "\(feed.undatedItems) undated" : nil,
        ].compactMap { $0 }
        return notes.isEmpty ? "ok" : "ok (" + notes.joined(separator: "; ") + ")"
    }

    /// `items of feed 3 whose title holds "sponsored", published more than 30 days before`: what an
    /// ignore rule keeps out, in words.
    static func describe(_ rule: IgnoreRule) -> String {
        var parts: [String] = []
        if let title = rule.titleContains { parts.append("whose title holds " + SearchCommand.quoted(title)) }
        if let author = rule.authorContains {
            parts.append("whose author holds " + SearchCommand.quoted(author))
        }
        if let days = rule.olderThanDays {
            parts.append("published more than \(days) day\(days == 1 ? "" : "s") before the refresh")
        }
        let whose = rule.feedID.map { "items of feed \($0)" } ?? "items of every feed"
        return ([whose] + parts).joined(separator: parts.count > 1 ? ", " : " ")
    }
}
