/// Turns what a person typed into an FTS5 query that can never be a syntax error.
///
/// The text is split into words the way the `unicode61` tokenizer splits (letters and digits run
/// together, everything else separates), each word is quoted as an FTS5 string and made a prefix
/// (`"hea"*` finds "Heat"), and the words are joined with AND. Quotes, `*`, `NEAR`, `-`, parentheses
/// or column filters in the text are therefore just characters, never operators.
/// https://www.sqlite.org/fts5.html#full_text_query_syntax
public enum FullTextQuery {
    /// Why text cannot be searched.
    public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// The text has no letters or digits.
        case noWords(String)

        public var description: String {
            switch self {
            case .noWords(let text):
                "nothing to search for in '\(text)': give at least one word (letters or digits)"
            }
        }
    }

    /// The words of `text`, as the tokenizer would see them.
    public static func words(in text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                || scalar.properties.generalCategory == .nonspacingMark
            {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty {
            words.append(current)
        }
        return words
    }

    /// The FTS5 MATCH expression for `text`, or `.noWords` when nothing in it can be searched.
    public static func expression(for text: String) throws(Problem) -> String {
        let words = words(in: text)
        guard !words.isEmpty else { throw .noWords(text) }
        return words.map { "\"" + $0.replacing("\"", with: "\"\"") + "\"*" }.joined(
            separator: " AND ")
    }
}
