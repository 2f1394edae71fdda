import Foundation
import Testing

@testable import Feeds

/// The corpus of feeds shaped like those in the wild (Fixtures/wild, see its README.md): each feed with
/// the title, link, date and text a reader should find in each item. The test reports how many items
/// agree on all four, and requires nearly all of them to.
@Suite("Wild feed corpus")
struct WildCorpusTests {
    /// What one `*.expected.json` says.
    private struct Expectation: Decodable {
        struct Item: Decodable {
            var title: String?
            var link: String?
            var date: String?
            var text: String?
        }

        var url: String
        var contentType: String?
        var items: [Item]
    }

    /// The share of items that must agree on all four fields.
    static let requiredAgreement = 0.98

    private static var directory: URL? {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)?.appendingPathComponent("wild")
    }

    /// The feeds, by name without extension.
    private static func names() throws -> [String] {
        guard let directory else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".expected.json") }
            .map { String($0.dropLast(".expected.json".count)) }
            .sorted()
    }

    /// The differences between what was expected of an item and what the parser found.
    private static func differences(_ expected: Expectation.Item, _ found: ParsedFeedItem?) -> [String] {
        guard let found else { return ["missing item"] }
        var differences: [String] = []
        if expected.title != found.title {
            differences.append(
                "title \(String(describing: found.title)), expected \(String(describing: expected.title))")
        }
        if expected.link != found.link {
            differences.append(
                "link \(String(describing: found.link)), expected \(String(describing: expected.link))")
        }
        let expectedDate = expected.date.flatMap { try? Date($0, strategy: .iso8601) }
        if expectedDate != found.publishedAt {
            differences.append(
                "date \(String(describing: found.publishedAt)), expected \(String(describing: expected.date))"
            )
        }
        let text = found.content?.textWithLinkList
        if expected.text != text {
            differences.append(
                "text \(String(describing: text)), expected \(String(describing: expected.text))")
        }
        return differences
    }

    @Test("at least 100 feeds, and nearly every item agrees on title, link, date and text")
    func agreement() throws {
        let names = try WildCorpusTests.names()
        #expect(names.count >= 100)
        let directory = try #require(WildCorpusTests.directory)
        var items = 0
        var agreeing = 0
        var report: [String] = []
        for name in names {
            let expectation = try JSONDecoder().decode(
                Expectation.self,
                from: Data(contentsOf: directory.appendingPathComponent(name + ".expected.json")))
            let feedFile = [".xml", ".feed.json"].map { directory.appendingPathComponent(name + $0) }
                .first { FileManager.default.fileExists(atPath: $0.path) }
            let data = try Data(contentsOf: try #require(feedFile))
            let parsed: ParsedFeed
            do {
                parsed = try FeedParser.parse(
                    data, baseURL: URL(string: expectation.url), contentType: expectation.contentType)
            } catch {
                items += expectation.items.count
                report.append("\(name): \(error)")
                continue
            }
            if parsed.items.count != expectation.items.count {
                report.append("\(name): \(parsed.items.count) items, expected \(expectation.items.count)")
            }
            for (index, expected) in expectation.items.enumerated() {
                items += 1
                let found = index < parsed.items.count ? parsed.items[index] : nil
                let differences = WildCorpusTests.differences(expected, found)
                if differences.isEmpty {
                    agreeing += 1
                } else {
                    report.append("\(name) item \(index + 1): " + differences.joined(separator: "; "))
                }
            }
        }
        let share = items == 0 ? 0 : Double(agreeing) / Double(items)
        let percent = (share * 1000).rounded() / 10
        print(
            "Wild feed corpus: \(agreeing) of \(items) items in \(names.count) feeds agree on title, link, date and text (\(percent) %)."
        )
        for line in report.prefix(40) {
            print("  " + line)
        }
        #expect(share >= WildCorpusTests.requiredAgreement, "\(report.count) differences")
    }
}
