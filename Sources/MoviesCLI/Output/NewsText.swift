import Foundation
import MoviesCore

/// How news items and feeds read for people at a terminal.
enum NewsText {
    /// `2026-11-30 10:20` in the local time zone.
    static func shortDate(_ date: Date) -> String {
        let parts = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return CalendarDate.pad(parts.year ?? 0, 4) + "-" + CalendarDate.pad(parts.month ?? 0, 2) + "-"
            + CalendarDate.pad(parts.day ?? 0, 2) + " " + CalendarDate.pad(parts.hour ?? 0, 2) + ":"
            + CalendarDate.pad(parts.minute ?? 0, 2)
    }

    /// `●` for unread, `★` for starred.
    static func flags(_ item: NewsItem) -> String {
        (item.isRead ? " " : "●") + (item.isStarred ? "★" : " ")
    }

    /// The items as an aligned table: id, flags, date, source, title (long ones cut with an ellipsis).
    static func table(_ items: [NewsItem], terminal: Terminal) -> String {
        var table = Table(columns: [
            Table.Column(title: "#", alignRight: true), Table.Column(title: ""),
            Table.Column(title: "PUBLISHED"),
            Table.Column(title: "SOURCE"), Table.Column(title: "TITLE"),
        ])
        table.rows = items.map { item in
            [
                String(item.id), flags(item), shortDate(item.publishedAt),
                TerminalText.truncated(item.source ?? "", to: 24), TerminalText.truncated(item.title, to: 72),
            ]
        }
        return table.render(header: terminal.bold)
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
        lines.append("  published  \(shortDate(item.publishedAt))")
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

    /// The subscriptions as a table: id, title, last fetch, last error.
    static func feedTable(_ feeds: [Feed], terminal: Terminal) -> String {
        var table = Table(columns: [
            Table.Column(title: "#", alignRight: true), Table.Column(title: "FEED"),
            Table.Column(title: "LAST FETCH"),
            Table.Column(title: "STATUS"),
        ])
        table.rows = feeds.map { feed in
            [
                String(feed.id), TerminalText.truncated(feed.displayName, to: 40),
                feed.lastFetchedAt.map(shortDate) ?? "never",
                feed.lastError.map { "error: " + TerminalText.truncated($0, to: 60) }
                    ?? (feed.lastFetchedAt == nil ? "" : "ok"),
            ]
        }
        return table.render(header: terminal.bold)
    }
}
