import Basics

/// How a title is stored, when two titles are the same, and how titles sort: the `title`, `title_key`
/// and `title_sort` columns of the `movies` table.
///
/// - **Stored**: trimmed and in Unicode NFC, so `Amélie` typed on a Mac (decomposed, NFD) and on Linux
///   (composed) are one string in the file, in exports and in searches.
/// - **Identity** (`title_key`): Unicode's NFKC_Casefold of the stored title, runs of spaces as one. Case, width and
///   compatibility forms (`ＨＥＡＴ`, `ﬁ`, `Ⅱ`) and default-ignorable characters (soft hyphens, zero-width
///   joiners) do not make another movie; accents do: `Amélie` and `Amelie` are two titles, as `Año` and
///   `Ano`, or `Müde` and `Mude`, are two words. Folding accents would merge different films on import
///   without a word, while a near-twin shows up in the list and `add` points it out (`similar`).
/// - **Sort** (`title_sort`): the identity with each letter filed under its base letter (`é` under `e`,
///   `ø` under `o`, `æ` as `ae`, combining marks dropped), leading punctuation dropped (`'Round Midnight`
///   under R, `(500) Days of Summer` under 5), and a leading article set aside after a tab, as music
///   and film libraries do: `The Abyss` sorts as `abyss\tthe`, next to `Abyss`. Languages cannot be
///   told from a title, so the articles of English, French, German, Spanish and Italian are all set
///   aside (`Die Hard` files under H, with `Das Boot` under B).
///
/// For titles of printable ASCII, both keys are what SQL computes (the `movie_title_keys` view of
/// migration 0005), so a row written with `sqlite3` gets them from a trigger; a test checks the two agree.
public enum TitleKeys {
    /// The articles set aside in sort keys, as they appear in the identity (lowercase), each with the
    /// text that must follow it: a space, or nothing after an elided `l'`.
    static let articles: [(prefix: String, article: String)] = [
        ("the ", "the"), ("a ", "a"), ("an ", "an"),
        ("le ", "le"), ("la ", "la"), ("les ", "les"), ("l'", "l'"), ("l\u{2019}", "l\u{2019}"),
        ("un ", "un"), ("une ", "une"),
        ("der ", "der"), ("die ", "die"), ("das ", "das"), ("ein ", "ein"), ("eine ", "eine"),
        ("el ", "el"), ("los ", "los"), ("las ", "las"), ("una ", "una"),
        ("il ", "il"), ("lo ", "lo"), ("gli ", "gli"), ("uno ", "uno"),
    ]

    /// What separates the title from its article in a sort key: a tab sorts before every printable
    /// character, so `abyss\tthe` comes right after `abyss` and before `abyss 2`.
    static let articleSeparator = "\t"

    /// The title as the file stores it: white space trimmed, each run of spaces inside made one, NFC.
    /// `Blade  Runner` (two spaces, a slip nobody sees in a table) is the `Blade Runner` already listed,
    /// not a second film; a single space of another kind (a no-break space before a French colon) stays.
    public static func stored(_ title: String) -> String {
        UnicodeFolding.nfc(collapsingSpaceRuns(title.trimmingWhitespace()))
    }

    /// `text` with each run of two or more spaces (white space other than line breaks and tabs, which a
    /// title refuses as control characters) made one ASCII space.
    package static func collapsingSpaceRuns(_ text: String) -> String {
        // ASCII text (nearly every title) has one such space, U+0020, and is done by bytes: the loop
        // below asks Unicode's property tables of every character, which an import paid three times
        // a row (`identity` and validation).
        if text.isASCII { return collapsingASCIISpaceRuns(text) }
        func isSpace(_ character: Character) -> Bool {
            character.isWhitespace && !character.unicodeScalars.contains(where: \.isControlCharacter)
        }
        var result = ""
        var run: [Character] = []
        for character in text {
            if isSpace(character) {
                run.append(character)
                continue
            }
            if !run.isEmpty {
                result += run.count == 1 ? String(run[0]) : " "
                run.removeAll()
            }
            result.append(character)
        }
        return result + (run.count == 1 ? String(run[0]) : run.isEmpty ? "" : " ")
    }

    /// `collapsingSpaceRuns` of an ASCII text: each run of two or more U+0020 made one; the same string
    /// when it has none.
    private static func collapsingASCIISpaceRuns(_ text: String) -> String {
        let space = UInt8(ascii: " ")
        var previousWasSpace = false
        var hasRun = false
        for byte in text.utf8 {
            if byte == space && previousWasSpace {
                hasRun = true
                break
            }
            previousWasSpace = byte == space
        }
        guard hasRun else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        previousWasSpace = false
        for byte in text.utf8 where !(byte == space && previousWasSpace) {
            bytes.append(byte)
            previousWasSpace = byte == space
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The identity key: NFKC_Casefold of the trimmed title.
    public static func identity(_ title: String) -> String {
        // Runs of spaces count as one, before folding and after it (NFKC makes an ideographic space an
        // ASCII one), so a title written by hand with two spaces is the title the program stores with one.
        collapsingSpaceRuns(
            UnicodeFolding.nfkcCasefold(collapsingSpaceRuns(title.trimmingWhitespace())).trimmingWhitespace())
    }

    /// The sort key of a title.
    public static func sort(_ title: String) -> String {
        sort(identity: identity(title))
    }

    /// The sort key of a title whose identity key is `identity`.
    public static func sort(identity: String) -> String {
        let primary = droppingLeadingPunctuation(Substring(baseLetters(of: identity)))
        guard !primary.isEmpty else { return identity }
        for (prefix, article) in articles where primary.hasPrefix(prefix) {
            let rest = droppingLeadingPunctuation(primary.dropFirst(prefix.count))
            if !rest.isEmpty {
                return String(rest) + articleSeparator + article
            }
        }
        return String(primary)
    }

    /// `identity` with accents folded onto base letters and other marks dropped. ASCII is its own
    /// fold, so most titles are returned as they are, without a scalar loop (sort keys were 0.33 s of an
    /// import of 200,000 ASCII titles in perf's samples; 2026-12-04).
    private static func baseLetters(of identity: String) -> String {
        if identity.utf8.allSatisfy({ $0 < 0x80 }) { return identity }
        var letters = String.UnicodeScalarView()
        for scalar in identity.unicodeScalars {
            if scalar.isASCII {
                letters.append(scalar)
            } else if let base = UnicodeFolding.baseLetters[scalar.value] {
                letters.append(contentsOf: base.compactMap(Unicode.Scalar.init))
            } else if scalar.properties.generalCategory != .nonspacingMark {
                letters.append(scalar)
            }
        }
        return String(letters)
    }

    /// `text` from its first letter or digit on.
    private static func droppingLeadingPunctuation(_ text: Substring) -> Substring {
        guard let first = text.unicodeScalars.firstIndex(where: isLetterOrDigit) else { return "" }
        return Substring(text.unicodeScalars[first...])
    }

    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}
