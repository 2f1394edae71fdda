/// An article's HTML as text for a terminal, laid out the way newsboat shows one: paragraphs, line
/// breaks, bullets, and links numbered in the text (`…with a link[1].`) and listed under it.
///
/// Every string in it is plain text without control characters or terminal escape sequences.
public struct ArticleText: Sendable, Equatable {
    /// The text. A link's text is followed by its number in brackets (`link[1]`); an image is written
    /// where it stands as `[image 2: its alt text]` (or `[image 2]`). Numbers refer to `links`.
    public var text: String
    /// The links and images of the text, in the order of their numbers (the first is number 1). The same
    /// address linked twice has one number.
    public var links: [ArticleLink]

    /// Creates an article text; used by the parser and by tests that compare results.
    public init(text: String, links: [ArticleLink] = []) {
        self.text = text
        self.links = links
    }

    /// The text followed, when it has links, by a blank line and the list of them, ready to print:
    ///
    ///     Links:
    ///     [1]: https://example.org/more (link)
    ///     [2]: https://example.org/photo.jpg (image)
    public var textWithLinkList: String {
        guard !links.isEmpty else { return text }
        let list = links.map { "[\($0.number)]: \($0.url) (\($0.kind.rawValue))" }
        return ((text.isEmpty ? [] : [text, ""]) + ["Links:"] + list).joined(separator: "\n")
    }

    /// The same text with `address` at the end of its list of links, unless it is there already: an
    /// entry's own link that is not a web address (see `WebAddress`), kept as text to read rather than
    /// as the link a browser opens.
    public func listing(_ address: String) -> ArticleText {
        guard !links.contains(where: { $0.url == address && $0.kind == .link }) else { return self }
        return ArticleText(
            text: text, links: links + [ArticleLink(number: links.count + 1, url: address, kind: .link)])
    }
}

/// A link or an image of an article, with the number its text refers to it by.
public struct ArticleLink: Sendable, Equatable {
    /// What the address points to.
    public enum Kind: String, Sendable {
        /// An `<a href>`.
        case link
        /// An `<img src>`.
        case image
    }

    /// The number in brackets in the text, from 1.
    public var number: Int
    /// The absolute address (resolved against the item's or the feed's base URL where it was relative).
    public var url: String
    public var kind: Kind

    /// Creates a link.
    public init(number: Int, url: String, kind: Kind) {
        self.number = number
        self.url = url
        self.kind = kind
    }
}
