import FoundationEssentials

/// Reads JSON Feed 1.0 and 1.1 documents (https://www.jsonfeed.org/version/1.1/) into a `ParsedFeed`,
/// with the same cleaning as RSS and Atom: text through `HTMLText`, links resolved, dates checked.
///
/// JSON from strangers is read leniently, as XML is: a field of the wrong type (a number for a title,
/// a string for `items`) counts as absent and an item that is not an object is skipped, rather than
/// failing the whole feed; only invalid JSON (which includes nesting deeper than `JSONDecoder`'s 512
/// levels) and a document that does not say it is a JSON Feed are refused.
enum JSONFeedReader {
    /// Whether the document is JSON rather than XML: its first character, after white space and a
    /// byte order mark, is `{` or `[`.
    static func looksLikeJSON(_ data: Data) -> Bool {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            bytes = bytes.dropFirst(3)
        }
        let first = bytes.first { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    /// The feed in `data`; `baseURL` (the address it was fetched from) resolves relative links, item
    /// dates after `latestDate` count as none, and laying out the items' HTML stops when `budget` is
    /// spent.
    static func parse(_ data: Data, baseURL: URL?, latestDate: Date, budget: ReadingBudget)
        throws(FeedParseError) -> ParsedFeed
    {
        var bytes = data
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            bytes = bytes.dropFirst(3)
        }
        let document: JSONFeedDocument
        do {
            document = try JSONDecoder().decode(JSONFeedDocument.self, from: bytes)
        } catch DecodingError.typeMismatch {
            throw .notAJSONFeed  // valid JSON, but not an object
        } catch {
            throw .malformedJSON("the document is not valid JSON, or is nested more than 512 levels deep")
        }
        // A document without a version that still has items is read as one: feeds (and the reference
        // parsers' test suites) leave the version out, and nothing else reads such a document.
        if let version = document.version {
            guard version.contains("jsonfeed.org/version/") else { throw .notAJSONFeed }
        } else if !document.hasItems {
            throw .notAJSONFeed
        }
        let siteURL = document.homePageURL.flatMap { URLText.resolve($0, against: baseURL) }
        let base = baseURL ?? URLText.baseURL(siteURL)
        let feedAuthor = JSONFeedReader.author(document.authors)
        var items: [ParsedFeedItem] = []
        items.reserveCapacity(document.items.count)
        for item in document.items {
            items.append(
                try build(item, base: base, feedAuthor: feedAuthor, latestDate: latestDate, budget: budget))
        }
        let title = document.title.map { HTMLText.plainText(fromText: $0, singleLine: true) }
        return ParsedFeed(title: title.flatMap { $0.isEmpty ? nil : $0 }, siteURL: siteURL, items: items)
    }

    private static func build(
        _ source: JSONFeedItem, base: URL?, feedAuthor: String?, latestDate: Date, budget: ReadingBudget
    ) throws(FeedParseError) -> ParsedFeedItem {
        var draft = ItemDraft()
        draft.guid = source.id
        draft.guidCanBeLink = true
        if let title = source.title {
            draft.title = .text(title)
        }
        if let url = source.url ?? source.externalURL {
            draft.link = RawLink(text: url, base: base)
        }
        if let summary = source.summary {
            draft.description = .text(summary)
        }
        if let html = source.contentHTML {
            draft.content = .html(html)
        } else if let text = source.contentText {
            draft.content = .text(text)
        }
        draft.author = author(source.authors)
        draft.published = source.datePublished.map { [$0] } ?? []
        draft.updated = source.dateModified.map { [$0] } ?? []
        if let image = source.image ?? source.bannerImage {
            draft.image = RawLink(text: image, base: base)
        }
        for attachment in source.attachments {
            draft.enclosures.append(
                RawEnclosure(
                    link: RawLink(text: attachment.url, base: base), type: attachment.mimeType,
                    length: attachment.size.map(String.init)))
            if draft.image == nil, attachment.mimeType?.lowercased().hasPrefix("image/") == true {
                draft.image = RawLink(text: attachment.url, base: base)
            }
        }
        return try draft.build(
            fallbackBase: base, feedAuthor: feedAuthor, latestDate: latestDate, budget: budget)
    }

    /// The first author with a name.
    private static func author(_ authors: [JSONFeedAuthor]) -> String? {
        authors.lazy.compactMap { ItemDraft.authorName($0.name) }.first
    }
}

// MARK: - The document

/// A JSON Feed's top level: the fields this reader uses, each absent when missing or of the wrong type.
private struct JSONFeedDocument: Decodable {
    var version: String?
    var title: String?
    var homePageURL: String?
    var authors: [JSONFeedAuthor]
    var items: [JSONFeedItem]
    /// Whether the document has an `items` list (maybe empty).
    var hasItems: Bool

    private enum Key: String, CodingKey {
        case version, title, author, authors, items
        case homePageURL = "home_page_url"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        version = container.lenientString(.version)
        title = container.lenientString(.title)
        homePageURL = container.lenientString(.homePageURL)
        authors = container.authors(list: .authors, single: .author)
        let items = try? container.decodeIfPresent([Lenient<JSONFeedItem>].self, forKey: .items)
        self.items = items?.compactMap(\.value) ?? []
        hasItems = items != nil
    }
}

/// One item; `id` may be a number, which JSON Feed says to read as a string.
private struct JSONFeedItem: Decodable {
    var id: String?
    var url: String?
    var externalURL: String?
    var title: String?
    var contentHTML: String?
    var contentText: String?
    var summary: String?
    var image: String?
    var bannerImage: String?
    var datePublished: String?
    var dateModified: String?
    var authors: [JSONFeedAuthor]
    var attachments: [JSONFeedAttachment]

    private enum Key: String, CodingKey {
        case id, url, title, summary, image, author, authors, attachments
        case externalURL = "external_url"
        case contentHTML = "content_html"
        case contentText = "content_text"
        case bannerImage = "banner_image"
        case datePublished = "date_published"
        case dateModified = "date_modified"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        id =
            container.lenientString(.id)
            ?? (try? container.decodeIfPresent(Int64.self, forKey: .id)).map(String.init)
        url = container.lenientString(.url)
        externalURL = container.lenientString(.externalURL)
        title = container.lenientString(.title)
        contentHTML = container.lenientString(.contentHTML)
        contentText = container.lenientString(.contentText)
        summary = container.lenientString(.summary)
        image = container.lenientString(.image)
        bannerImage = container.lenientString(.bannerImage)
        datePublished = container.lenientString(.datePublished)
        dateModified = container.lenientString(.dateModified)
        authors = container.authors(list: .authors, single: .author)
        let attachments = try? container.decodeIfPresent(
            [Lenient<JSONFeedAttachment>].self, forKey: .attachments)
        self.attachments = attachments?.compactMap(\.value) ?? []
    }
}

/// An author (JSON Feed 1.1 `authors` entries, 1.0 `author`).
private struct JSONFeedAuthor: Decodable {
    var name: String?

    private enum Key: String, CodingKey {
        case name
    }

    init(from decoder: any Decoder) throws {
        name = try decoder.container(keyedBy: Key.self).lenientString(.name)
    }
}

/// An attachment; one without a `url` is skipped.
private struct JSONFeedAttachment: Decodable {
    var url: String
    var mimeType: String?
    var size: Int64?

    private enum Key: String, CodingKey {
        case url
        case mimeType = "mime_type"
        case size = "size_in_bytes"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        guard let url = container.lenientString(.url) else {
            throw DecodingError.keyNotFound(Key.url, .init(codingPath: [], debugDescription: "no url"))
        }
        self.url = url
        mimeType = container.lenientString(.mimeType)
        size = try? container.decodeIfPresent(Int64.self, forKey: .size)
    }
}

/// A value that is nil when it does not decode, so that one bad entry of an array does not fail it.
private struct Lenient<Value: Decodable>: Decodable {
    var value: Value?

    init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}

extension KeyedDecodingContainer {
    /// The string at `key`; nil when missing, null or not a string.
    fileprivate func lenientString(_ key: Key) -> String? {
        (try? decodeIfPresent(String.self, forKey: key)) ?? nil
    }

    /// The authors of JSON Feed 1.1 (`list`), else the one author of 1.0 (`single`).
    fileprivate func authors(list: Key, single: Key) -> [JSONFeedAuthor] {
        if let many = try? decodeIfPresent([Lenient<JSONFeedAuthor>].self, forKey: list) {
            return many.compactMap(\.value)
        }
        if let one = try? decodeIfPresent(JSONFeedAuthor.self, forKey: single) {
            return [one]
        }
        return []
    }
}
