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
        return words.map { "\"" + $0.replacingEach("\"", with: "\"\"") + "\"*" }.joined(
            separator: " AND ")
    }

    /// The FTS5 MATCH expression for `text`'s words as one phrase, whole words in order (`"michael mann"`
    /// finds 'Michael Mann' and `"mann"` finds him too, but not 'Mannheim'), or `.noWords`. For a name
    /// looked up by any of its words (`list --director`).
    public static func phrase(for text: String) throws(Problem) -> String {
        let words = words(in: text)
        guard !words.isEmpty else { throw .noWords(text) }
        return "\"" + words.joined(separator: " ").replacingEach("\"", with: "\"\"") + "\""
    }

    /// The FTS5 MATCH expression for `text` in a `trigram` index (substrings of three or more
    /// characters, https://sqlite.org/fts5.html#the_trigram_tokenizer), or nil when a trigram search has
    /// nothing to add to the word search: no word is in a script written without spaces between words
    /// (`isUnspaced`), or a word is shorter than three characters, which no trigram can match.
    ///
    /// `千と千尋の神隠し` is one word to `unicode61`, so `神隠し` is found only as a substring; a word of a
    /// spaced script in the same query (`神隠し spirited`) is looked for as a substring too.
    public static func trigramExpression(for text: String) -> String? {
        let words = words(in: text)
        guard words.contains(where: { $0.unicodeScalars.contains(where: isUnspaced) }),
            words.allSatisfy({ $0.unicodeScalars.count >= 3 })
        else { return nil }
        return words.map { "\"" + $0.replacingEach("\"", with: "\"\"") + "\"" }.joined(separator: " AND ")
    }

    /// Whether `scalar` belongs to a script whose words are written without spaces between them, or
    /// joined to their particles (Chinese, Japanese, Korean, Thai, Lao, Khmer, Myanmar).
    public static func isUnspaced(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0E00...0x0EFF,  // Thai, Lao
            0x1000...0x109F,  // Myanmar
            0x1100...0x11FF,  // Hangul Jamo
            0x1780...0x17FF,  // Khmer
            0x2E80...0x2FDF,  // CJK radicals
            0x3040...0x30FF,  // Hiragana, Katakana
            0x3100...0x31FF,  // Bopomofo, Hangul compatibility Jamo, Katakana extensions
            0x3400...0x4DBF,  // CJK extension A
            0x4E00...0x9FFF,  // CJK unified ideographs
            0xAC00...0xD7AF,  // Hangul syllables
            0xF900...0xFAFF,  // CJK compatibility ideographs
            0xFF66...0xFF9F,  // half-width Katakana
            0x20000...0x3FFFF:  // CJK extensions B and later
            true
        default: false
        }
    }
}
