import Feeds
/// libFuzzer target for the feed readers: `FeedParser.parse` (RSS, RDF and Atom through the encoding
/// normalizer, the sanitizer and libxml2's SAX2 parser, and its recovery mode for a document that is
/// not well-formed; JSON Feed through `JSONDecoder`; the HTML of
/// titles, summaries and articles through libxml2's HTML parser), `OPML.parse`, `FeedDate.parse` and
/// `HTMLText`.
///
/// Input layout: the first byte picks the entry point (its value modulo 4), the rest is its input:
/// - 0: `FeedParser.parse` with a base URL (a document starting with `{` is read as JSON Feed);
/// - 1: `OPML.parse`; 2: `FeedDate.parse` of the bytes as UTF-8 text; 3: `HTMLText`'s functions.
///
/// The oracle beyond "never traps, never leaks": what the readers promise to return is safe to print
/// on a terminal (no control characters but line feed and tab, no bidirectional overrides), and the
/// one-line fields hold no line break.
import Foundation

/// The base URL relative links are resolved against, as if the feed had been fetched from it.
private let baseURL = URL(string: "https://example.org/blog/feed.xml")

/// Whether a terminal would act on `scalar` (what every string the readers return is free of).
private func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x09: false
    case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
}

/// Traps when `text` breaks the promise of being printable (and, if `singleLine`, on one line).
private func check(_ text: String?, _ what: String, singleLine: Bool = false) {
    guard let text else { return }
    if let bad = text.unicodeScalars.first(where: isUnsafe) {
        fatalError(
            "\(what) holds U+\(String(bad.value, radix: 16, uppercase: true)): \(text.debugDescription)")
    }
    if singleLine, text.unicodeScalars.contains("\n") {
        fatalError("\(what) is not on one line: \(text.debugDescription)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data + 1, count: size - 1)
    switch data[0] % 4 {
    case 0:
        do {
            let feed = try FeedParser.parse(Data(buffer: bytes), baseURL: baseURL)
            check(feed.title, "feed title", singleLine: true)
            check(feed.siteURL, "site URL")
            check(feed.selfURL, "self URL", singleLine: true)
            check(feed.recoveredFrom, "recovered from", singleLine: true)
            for item in feed.items {
                check(item.guid, "guid")
                check(item.title, "item title", singleLine: true)
                check(item.link, "link")
                check(item.summary, "summary")
                check(item.content?.text, "content")
                check(item.content?.textWithLinkList, "content with links")
                for link in item.content?.links ?? [] {
                    check(link.url, "content link", singleLine: true)
                }
                for enclosure in item.enclosures {
                    check(enclosure.url, "enclosure URL", singleLine: true)
                    check(enclosure.mimeType, "enclosure type", singleLine: true)
                }
                check(item.author, "author")
                check(item.imageURL, "image URL")
            }
        } catch {
            _ = error.description
        }
    case 1:
        do {
            for outline in try OPML.parse(Data(buffer: bytes)) {
                check(outline.title, "outline title", singleLine: true)
                check(outline.xmlURL, "outline xmlUrl")
                check(outline.htmlURL, "outline htmlUrl")
                _ = outline.problem?.description
            }
        } catch {
            _ = error.description
        }
    case 2:
        _ = FeedDate.parse(String(decoding: bytes, as: UTF8.self))
    default:
        let text = String(decoding: bytes, as: UTF8.self)
        check(HTMLText.plainText(fromHTML: text), "plainText(fromHTML:)")
        check(HTMLText.singleLine(fromHTML: text), "singleLine(fromHTML:)", singleLine: true)
        check(HTMLText.plainText(fromText: text), "plainText(fromText:)")
        check(HTMLText.plainText(fromText: text, singleLine: true), "plainText(fromText:)", singleLine: true)
        let article = HTMLText.article(fromHTML: text, baseURL: baseURL)
        check(article.textWithLinkList, "article(fromHTML:)")
        for link in article.links {
            check(link.url, "article link", singleLine: true)
        }
    }
    return 0
}
