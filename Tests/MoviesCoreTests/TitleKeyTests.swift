import AppTestSupport
import MoviesCore
import TestSupport
import Testing

/// Titles in every script: how they are stored, when two are the same, and how they sort.
@Suite("Title keys: NFC, NFKC_Casefold and sort keys in every script")
struct TitleKeyTests {
    @Test(
        "one title whatever its case, width, composition or invisible characters",
        arguments: [
            ("AMÉLIE", "Amélie"),  // Latin with an accent, upper and lower case
            ("Ame\u{301}lie", "Amélie"),  // decomposed (NFD, as a Mac writes it) and composed
            ("ＨＥＡＴ", "heat"),  // fullwidth forms
            ("Stra\u{DF}e", "STRASSE"),  // ß folds to ss
            ("ﬁve", "five"),  // the fi ligature
            ("Rocky Ⅱ", "rocky ii"),  // Roman numeral II
            ("Hea\u{AD}t", "Heat"),  // soft hyphen, default-ignorable
            ("ВОЙНА И МИР", "Война и мир"),  // Cyrillic
            ("ΖΟΡΜΠΑΣ", "Ζορμπας"),  // Greek, final sigma
            ("Οδύσσεια", "ΟΔΎΣΣΕΙΑ"),  // Greek with tonos, both cases
            ("千と千尋の神隠し", "千と千尋の神隠し"),  // CJK, unchanged
            ("ｶﾞﾒﾗ", "ガメラ"),  // halfwidth katakana
            ("الرسالة", "الرسالة"),  // Arabic, unchanged
        ])
    func sameIdentity(_ pair: (String, String)) {
        #expect(TitleKeys.identity(pair.0) == TitleKeys.identity(pair.1), "\(pair)")
    }

    @Test(
        "accents, letters and scripts keep titles apart",
        arguments: [
            ("Amélie", "Amelie"), ("Año", "Ano"), ("Müde", "Mude"), ("Война", "Воина"), ("Heat", "Heat 2"),
            ("الرسالة", "الرساله"), ("千と千尋", "千と千"),
        ])
    func differentIdentity(_ pair: (String, String)) {
        #expect(TitleKeys.identity(pair.0) != TitleKeys.identity(pair.1), "\(pair)")
    }

    @Test("stored titles are trimmed and composed (NFC)")
    func storedForm() {
        let decomposed = "  Ame\u{301}lie \n"
        let stored = TitleKeys.stored(decomposed)
        #expect(Array(stored.unicodeScalars) == Array("Am\u{E9}lie".unicodeScalars))
        // Storing is idempotent, byte for byte (Swift's == would take canonical equivalents as equal).
        #expect(TitleKeys.stored(stored).utf8.elementsEqual(stored.utf8))
        #expect(!TitleKeys.stored("Ame\u{301}lie").utf8.elementsEqual("Ame\u{301}lie".utf8))
        // Hangul jamo compose into syllables.
        #expect(TitleKeys.stored("\u{1100}\u{1161}") == "\u{AC00}")
    }

    @Test(
        "a run of spaces counts as one space, in ASCII titles and in others; a single space stays as it is",
        arguments: [
            ("Two  words", "Two words"), ("a   b  c", "a b c"), ("Heat ", "Heat "), (" Heat", " Heat"),
            ("Heat  ", "Heat "), ("Two\u{3000}\u{3000}words", "Two words"),
            ("Amélie  Poulain", "Amélie Poulain"),
            ("Two\u{3000}words", "Two\u{3000}words"), ("No runs", "No runs"), ("", ""),
        ])
    func spaceRuns(_ pair: (String, String)) {
        #expect(TitleKeys.collapsingSpaceRuns(pair.0) == pair.1, "\(pair)")
    }

    @Test("keys are stable: folding a key again changes nothing")
    func idempotent() {
        for title in ["AMÉLIE", "Ame\u{301}lie", "ﬁve Ⅱ", "ΣΊΣΥΦΟΣ", "ｶﾞﾒﾗ", "Straße", "ǅemal", "İstanbul"] {
            let key = TitleKeys.identity(title)
            #expect(TitleKeys.identity(key) == key, "\(title)")
        }
    }

    @Test("sort keys file accented letters with their base letter and set a leading article aside")
    func sortOrder() {
        let titles = [
            "Zorro", "Éclair", "Über", "ábc", "abd", "The Abyss", "Abyss", "Abyss 2", "Øresund", "Oasis",
            "L'Avventura", "Les Misérables", "Das Boot", "El Topo", "Il Postino", "Gli Amori",
            "'Round Midnight",
            "(500) Days of Summer", "Ællo", "Æon", "Łódź", "Lodz", "A", "The", "Γάμος", "Война", "千と千尋の神隠し",
        ]
        let sorted = titles.sorted { TitleKeys.sort($0) < TitleKeys.sort($1) }
        func position(_ title: String) -> Int { sorted.firstIndex(of: title) ?? -1 }
        #expect(position("ábc") < position("abd"))
        #expect(position("Éclair") < position("Il Postino") && position("Abyss 2") < position("Éclair"))
        #expect(position("Abyss 2") < position("Gli Amori") && position("Gli Amori") < position("Das Boot"))
        #expect(position("Über") < position("Zorro"))
        #expect(position("Abyss") < position("The Abyss") && position("The Abyss") < position("Abyss 2"))
        #expect(position("Oasis") < position("Øresund"))
        #expect(position("Ællo") < position("Æon") && position("Æon") < position("Éclair"))
        #expect(TitleKeys.sort("L'Avventura") == "avventura\tl'")
        #expect(TitleKeys.sort("L’Avventura") == "avventura\tl’")
        #expect(TitleKeys.sort("Les Misérables") == "miserables\tles")
        #expect(TitleKeys.sort("Das Boot") == "boot\tdas")
        #expect(TitleKeys.sort("'Round Midnight") == "round midnight")
        #expect(TitleKeys.sort("(500) Days of Summer") == "500) days of summer")
        #expect(TitleKeys.sort("Łódź") == TitleKeys.sort("Lodz"))
        // An article alone is a title, not an article.
        #expect(TitleKeys.sort("A") == "a" && TitleKeys.sort("The") == "the")
        // Other scripts: Greek accents folded, Cyrillic and CJK after Latin.
        #expect(TitleKeys.sort("Γάμος") == "γαμοσ", "case folding makes the final sigma σ")
        #expect(position("Zorro") < position("Γάμος") && position("Γάμος") < position("Война"))
        #expect(position("Война") < position("千と千尋の神隠し"))
        // Arabic: the short vowel marks are not letters of the sort key.
        #expect(TitleKeys.sort("مُحَمَّد") == TitleKeys.sort("محمد"))
    }

    @Test("for printable ASCII, the view movie_title_keys computes the same keys as Swift")
    func sqlAgreesForASCII() throws {
        let database = try TestDatabase()
        var titles = [
            "Heat", " Heat ", "The Abyss", "THE ABYSS", "A Clockwork Orange", "A", "An", "The", "the the",
            "L'Avventura", "l'", "The 'Burbs", "'Round Midnight", "(500) Days of Summer", "?!", "...",
            "Die Hard", "Das Boot", "El Topo", "Los Olvidados", "Las Hurdes", "Il Postino", "Lo Chiamavano",
            "Gli Ultimi", "Un Chien Andalou", "Une Femme", "Der Himmel", "Ein Tag", "Eine Liebe",
            "Una Giornata",
            "Uno Bianca", "Le Samourai", "La Haine", "Les Diaboliques", "The  Abyss", "A-ha", "A.I.",
            "the \"quoted\"", "back\\slash", "[Rec]", "{x}", "~tilde", "`tick`", "Theatre", "Aa", "the 1",
        ]
        var generator = SeededGenerator(seed: 13)
        let alphabet = Array(" !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcxyz{|}~")
        for _ in 0..<300 {
            let length = Int.random(in: 1...12, using: &generator)
            var title = ["the ", "a ", "l'", "les ", ""].randomElement(using: &generator) ?? ""
            for _ in 0..<length { title.append(alphabet.randomElement(using: &generator) ?? "x") }
            if !title.trimmingCharacters(in: .whitespaces).isEmpty { titles.append(title) }
        }
        // One sqlite3 run writes them all (with a key, so no trigger keys them), one reads the view back.
        let inserts = titles.enumerated().map { index, title in
            "INSERT INTO movies (id, title, title_key) VALUES (\(index + 1), '"
                + title.replacingOccurrences(of: "'", with: "''") + "', '\(index)');"
        }
        try DirectSQL.run(database.path, "BEGIN;" + inserts.joined() + "COMMIT;")
        let rows = try DirectSQL.run(
            database.path, "SELECT hex(title_key) || '|' || hex(title_sort) FROM movie_title_keys ORDER BY id"
        )
        let fromSQL = rows.split(separator: "\n").map(String.init)
        #expect(fromSQL.count == titles.count)
        for (title, sql) in zip(titles, fromSQL) {
            #expect(sql == hex(TitleKeys.identity(title)) + "|" + hex(TitleKeys.sort(title)), "\(title)")
        }
    }

    private func hex(_ text: String) -> String {
        text.utf8.map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }
}
