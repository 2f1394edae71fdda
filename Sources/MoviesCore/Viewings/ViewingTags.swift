import Basics

/// A viewing's tags, as Letterboxd keeps them: each trimmed and lower-cased, none twice, in the order
/// given, stored and exported as one text (`cinema, with sam`) the way Letterboxd's export writes its
/// `Tags` column.
///
/// Letterboxd lower-cases tags itself, so `Cinema` and `cinema` are one tag there and here; a comma
/// separates tags, so none holds one.
public struct ViewingTags: Sendable, Hashable, ExpressibleByArrayLiteral, Sequence {
    /// The longest stored text, in characters (the schema's CHECK).
    public static let maximumLength = 2000
    public static let separator = ", "

    public private(set) var tags: [String]

    /// The tags of `words`, each trimmed and lower-cased, empty ones and repeats left out. A word holding
    /// commas is split at them: `cinema,with sam` is two tags, as Letterboxd reads it.
    public init(_ words: some Sequence<String>) {
        var tags: [String] = []
        for word in words {
            for part in word.split(separator: ",", omittingEmptySubsequences: true) {
                let tag = String(part).trimmingWhitespace().lowercased()
                if !tag.isEmpty && !tags.contains(tag) { tags.append(tag) }
            }
        }
        self.tags = tags
    }

    public init(arrayLiteral elements: String...) {
        self.init(elements)
    }

    /// The tags of a stored or exported text (`cinema, with sam`); nil or empty text has none.
    public init(stored text: String?) {
        self.init(text.map { [$0] } ?? [])
    }

    /// The SQL condition true when the stored tags in `column` hold one whole tag (bound with
    /// `containsArgument`): `, cinema, ` in `, cinema, with sam, `, so `cine` does not match. Every
    /// writer through the program stores tags lower-cased and joined by `separator`.
    static func containsSQL(column: String) -> String {
        "instr('\(separator)' || \(column) || '\(separator)', ?) > 0"
    }

    /// The argument of `containsSQL` for `tag`, as the tags are stored.
    static func containsArgument(_ tag: String) -> String {
        separator + tag.trimmingWhitespace().lowercased() + separator
    }

    /// The text stored and exported; nil when there are no tags.
    public var stored: String? {
        tags.isEmpty ? nil : tags.joined(separator: Self.separator)
    }

    public var isEmpty: Bool { tags.isEmpty }

    public func contains(_ tag: String) -> Bool {
        tags.contains(tag.trimmingWhitespace().lowercased())
    }

    /// These tags and `others`', each once, these first.
    public func adding(_ others: ViewingTags) -> ViewingTags {
        ViewingTags(tags + others.tags)
    }

    public func makeIterator() -> IndexingIterator<[String]> { tags.makeIterator() }
}
