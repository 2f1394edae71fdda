import FoundationEssentials
import MoviesCore

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

    /// The items as an aligned table: id, flags, date, source, title; at a terminal, sources and titles
    /// are cut with an ellipsis to fit its width.
    static func table(_ items: [NewsItem], terminal: Terminal) -> String {
        Table.render(
            columns: [
                Table.Column(title: "#", alignRight: true), Table.Column(title: ""),
                Table.Column(title: "PUBLISHED"), Table.Column(title: "SOURCE", isShortenable: true),
                Table.Column(title: "TITLE", isShortenable: true),
            ],
            rows: items.map { item in
                [String(item.id), flags(item), shortDate(item.publishedAt), item.source ?? "", item.title]
            },
            width: terminal.columns, header: terminal.bold)
    }

    /// `+ #15 Swift 6.3 released (Example Blog)`: an item that arrived while the news screen was shown,
    /// for the shell's change feed.
    static func newItemLine(_ item: NewsItem, terminal: Terminal) -> String {
        let source = item.source.map { " (" + TerminalText.truncated($0, to: 24) + ")" } ?? ""
        return terminal.green("+ #\(item.id) " + TerminalText.truncated(item.title, to: 72) + source)
    }

    /// One item in full, for `news show`.
    static func detail(_ item: NewsItem, feed: Feed?) -> String {
        var lines = ["#\(item.id)  \(TerminalText.singleLine(item.title))"]
        if let source = item.source ?? feed?.displayName {
            lines.append(
                "  source     \(TerminalText.singleLine(source))" + (feed.map { " (feed #\($0.id))" } ?? ""))
        }
        lines.append("  published  \(LocalTime(item.publishedAt).textWithZone)")
        if let url = item.url { lines.append("  link       \(TerminalText.singleLine(url))") }
        if let image = item.imageURL { lines.append("  image      \(TerminalText.singleLine(image))") }
        lines.append(
            "  status     " + (item.isRead ? "read" : "unread") + (item.isStarred ? ", starred" : ""))
        var text = lines.joined(separator: "\n") + "\n"
        if let summary = item.summary, !summary.isEmpty {
            text +=
                "\n"
                + summary.split(separator: "\n", omittingEmptySubsequences: false)
                .map { TerminalText.sanitized(String($0)) }.joined(separator: "\n") + "\n"
        }
        return text
    }

    /// The subscriptions as a table: id, title, last fetch, last error; at a terminal, names and errors
    /// are cut with an ellipsis to fit its width.
    static func feedTable(_ feeds: [Feed], terminal: Terminal) -> String {
        Table.render(
            columns: [
                Table.Column(title: "#", alignRight: true), Table.Column(title: "FEED", isShortenable: true),
                Table.Column(title: "LAST FETCH"), Table.Column(title: "STATUS", isShortenable: true),
            ],
            rows: feeds.map { feed in
                [
                    String(feed.id), feed.displayName, feed.lastFetchedAt.map(shortDate) ?? "never",
                    feed.lastError.map { "error: " + $0 } ?? (feed.lastFetchedAt == nil ? "" : "ok"),
                ]
            },
            width: terminal.columns, header: terminal.bold)
    }
}
