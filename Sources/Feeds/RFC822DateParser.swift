/// RFC 822/1123 dates as used by RSS (`Tue, 10 Jun 2003 04:00:00 GMT`) and the variants feeds
/// actually publish: no weekday, no seconds, two-digit years, full or lowercase names, numeric or
/// named zones, `10-Jun-2003`, asctime order (`Tue Jun 10 04:00:00 2003`), a trailing `(comment)`,
/// the slash dates of Chinese and Japanese forums (`2020/1/10 14:03:00`, year first), day names in
/// any language (`Fr,`, `ven.`, `金,`: a word before the first number is the day of the week, which
/// RFC 822 makes optional and which says nothing the date does not), month names in the languages
/// feeds are most often written in, `GMT+0100`, `Etc/GMT`, and a zone name no table holds, which
/// RFC 2822 section 4.3 says to read as UTC (https://www.rfc-editor.org/rfc/rfc2822#section-4.3).
///
/// The text is cut into tokens (numbers, words, a time, a zone offset, a slash date) and each token
/// fills the one field it can denote; anything unknown or a field given twice makes the whole date nil.
enum RFC822DateParser {
    private enum Token {
        case number(value: Int, digits: Int)
        case word([UInt8])
        case time(hour: Int, minute: Int, second: Int, fraction: Double)
        case offset(seconds: Int)
        /// `2020/1/10`: year, month and day.
        case slashDate(year: Int, month: Int, day: Int)
    }

    /// The fields of an RFC 822-style date, or nil.
    static func parse(_ bytes: [UInt8]) -> DateFields? {
        guard let tokens = tokenize(bytes) else { return nil }
        return interpret(tokens)
    }

    // MARK: - Interpretation

    private static func interpret(_ tokens: [Token]) -> DateFields? {
        var tokens = tokens
        // A first word with a month's name after it is the day's name, whatever its language (the
        // Spanish `mar,` for martes would otherwise be read as March).
        if tokens.count > 1, case .word = tokens[0],
            tokens.dropFirst().contains(where: {
                if case .word(let word) = $0 { monthNumber(word) != nil } else { false }
            })
        {
            tokens.removeFirst()
        }
        var fields = DateFields()
        var day: Int?
        var month: Int?
        var year: Int?
        var time: (hour: Int, minute: Int, second: Int, fraction: Double)?
        var zone: Int?
        var offset: Int?
        var meridiem: UInt8?
        var sawNumber = false
        for token in tokens {
            if case .word = token {} else { sawNumber = true }
            switch token {
            case .slashDate(let y, let m, let d):
                guard day == nil, month == nil, year == nil else { return nil }
                (year, month, day) = (y, m, d)
            case .number(let value, let digits):
                if digits <= 2, day == nil {
                    day = value
                } else if year == nil, digits != 1 {
                    year = expandYear(value, digits: digits)
                } else {
                    return nil
                }
            case .word(let word):
                if isWeekday(word) || (!sawNumber && monthNumber(word) == nil) {
                    // A day name, in English or in any language before the first number.
                    continue
                } else if let number = monthNumber(word) {
                    guard month == nil else { return nil }
                    month = number
                } else if word == Array("am".utf8) || word == Array("pm".utf8) {
                    guard meridiem == nil, time != nil else { return nil }
                    meridiem = word[0]
                } else if let named = zoneOffset(named: word) {
                    guard zone == nil, offset == nil else { return nil }
                    zone = named
                } else if time != nil, zone == nil, offset == nil, isZoneLike(word) {
                    // An unknown zone name after the time: UTC, as RFC 2822 section 4.3 says.
                    zone = 0
                } else {
                    return nil
                }
            case .time(let hour, let minute, let second, let fraction):
                guard time == nil else { return nil }
                time = (hour, minute, second, fraction)
            case .offset(let seconds):
                guard offset == nil else { return nil }
                offset = seconds
            }
        }
        guard let day, let month, let year else { return nil }
        fields.day = day
        fields.month = month
        fields.year = year
        if let time {
            fields.hour = time.hour
            fields.minute = time.minute
            fields.second = time.second
            fields.fraction = time.fraction
        }
        if let meridiem {
            guard (1...12).contains(fields.hour) else { return nil }
            let isPM = meridiem == UInt8(ascii: "p")
            fields.hour = fields.hour % 12 + (isPM ? 12 : 0)
        }
        fields.offsetSeconds = (zone ?? 0) + (offset ?? 0)
        return fields
    }

    /// RFC 2822: two-digit years 00–49 are 20xx, 50–99 are 19xx; three-digit years count from 1900.
    private static func expandYear(_ value: Int, digits: Int) -> Int {
        switch digits {
        case 2:
            return value < 50 ? 2000 + value : 1900 + value
        case 3:
            return 1900 + value
        default:
            return value
        }
    }

    // MARK: - Tokens

    private static func tokenize(_ bytes: [UInt8]) -> [Token]? {
        var scanner = DateScanner(bytes)
        var tokens: [Token] = []
        var sawTime = false
        while let byte = scanner.current {
            guard tokens.count < 12 else { return nil }
            if DateScanner.isSpace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ".") {
                scanner.index += 1
            } else if byte == UInt8(ascii: "(") {
                while let inner = scanner.current, inner != UInt8(ascii: ")") {
                    scanner.index += 1
                }
                scanner.index += 1
            } else if DateScanner.isDigit(byte) {
                guard let token = slashDate(&scanner) ?? numberOrTime(&scanner) else { return nil }
                if case .time = token {
                    sawTime = true
                }
                tokens.append(token)
            } else if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                let followedByDigit =
                    scanner.index + 1 < bytes.count && DateScanner.isDigit(bytes[scanner.index + 1])
                if byte == UInt8(ascii: "+") || (sawTime && followedByDigit) {
                    guard let seconds = zoneOffsetToken(&scanner) else { return nil }
                    tokens.append(.offset(seconds: seconds))
                } else {
                    scanner.index += 1
                }
            } else if isWordByte(byte) {
                var word: [UInt8] = []
                while let letter = scanner.current,
                    isWordByte(letter) || (letter == UInt8(ascii: "/") && !word.isEmpty)
                {
                    guard word.count < 24 else { return nil }
                    word.append(DateScanner.isLetter(letter) ? letter | 0x20 : letter)
                    scanner.index += 1
                }
                tokens.append(.word(word))
            } else {
                return nil
            }
        }
        return tokens
    }

    /// A letter of a word: an ASCII letter, or any byte of a UTF-8 sequence beyond ASCII (day and
    /// month names in other scripts).
    private static func isWordByte(_ byte: UInt8) -> Bool {
        DateScanner.isLetter(byte) || byte >= 0x80
    }

    /// `2020/1/10` (four-digit year first); nil, with the scanner where it was, for anything else.
    private static func slashDate(_ scanner: inout DateScanner) -> Token? {
        var probe = scanner
        guard let year = probe.digits(minimum: 4, maximum: 4), probe.skip(UInt8(ascii: "/")),
            let month = probe.digits(minimum: 1, maximum: 2), probe.skip(UInt8(ascii: "/")),
            let day = probe.digits(minimum: 1, maximum: 2),
            !(probe.current.map(DateScanner.isDigit) ?? false)
        else { return nil }
        scanner = probe
        return .slashDate(year: year.value, month: month.value, day: day.value)
    }

    private static func numberOrTime(_ scanner: inout DateScanner) -> Token? {
        guard let number = scanner.digits(minimum: 1, maximum: 4) else { return nil }
        if let next = scanner.current, DateScanner.isDigit(next) {
            return nil
        }
        guard scanner.skip(UInt8(ascii: ":")) else {
            return .number(value: number.value, digits: number.count)
        }
        guard number.count <= 2, let minute = scanner.digits(minimum: 2, maximum: 2) else { return nil }
        var second = 0
        var fraction = 0.0
        if scanner.skip(UInt8(ascii: ":")) {
            guard let parsed = scanner.digits(minimum: 2, maximum: 2) else { return nil }
            second = parsed.value
            if scanner.current == UInt8(ascii: "."), scanner.index + 1 < scanner.bytes.count,
                DateScanner.isDigit(scanner.bytes[scanner.index + 1])
            {
                scanner.index += 1
                fraction = scanner.fraction()
            }
        }
        return .time(hour: number.value, minute: minute.value, second: second, fraction: fraction)
    }

    /// `+0200`, `-05:00`, `+02`, `+530`.
    private static func zoneOffsetToken(_ scanner: inout DateScanner) -> Int? {
        let negative = scanner.current == UInt8(ascii: "-")
        scanner.index += 1
        guard let first = scanner.digits(minimum: 1, maximum: 4) else { return nil }
        var hours = first.value
        var minutes = 0
        if first.count > 2 {
            hours = first.value / 100
            minutes = first.value % 100
        } else if scanner.skip(UInt8(ascii: ":")) {
            guard let parsed = scanner.digits(minimum: 2, maximum: 2) else { return nil }
            minutes = parsed.value
        }
        guard hours <= 18, minutes < 60 else { return nil }
        let seconds = hours * 3600 + minutes * 60
        return negative ? -seconds : seconds
    }

    // MARK: - Names

    private static let months: [[UInt8]] = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
        "november", "december",
    ].map { Array($0.utf8) }

    private static let weekdays: [[UInt8]] = [
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    ].map { Array($0.utf8) }

    /// 1–12 for a month name or an abbreviation of at least three letters ("jun", "sept", "june"), or a
    /// month's name or usual abbreviation in French, German, Spanish, Italian, Portuguese, Dutch or
    /// Polish.
    private static func monthNumber(_ word: [UInt8]) -> Int? {
        guard word.count >= 3 else { return nil }
        for (index, name) in months.enumerated() where name.starts(with: word) {
            return index + 1
        }
        return otherLanguagesMonths[String(decoding: word, as: UTF8.self)]
    }

    /// Month names feeds write in other languages (lower case, as the tokens are): those that are not
    /// already an English prefix.
    private static let otherLanguagesMonths: [String: Int] = {
        let names: [[String]] = [
            [
                "janv", "janvier", "januar", "jän", "jänner", "ene", "enero", "gen", "gennaio", "janeiro",
                "januari",
                "sty", "stycznia", "styczeń",
            ],
            [
                "févr", "fevr", "février", "fevrier", "februar", "fev", "fév", "febrero", "febbraio",
                "fevereiro",
                "februari", "lut", "lutego", "luty",
            ],
            ["mars", "märz", "mär", "marzo", "março", "maart", "maa", "mrt", "marca", "marzec"],
            ["avr", "avril", "abr", "abril", "aprile", "kwi", "kwietnia", "kwiecień"],
            ["mai", "mayo", "maggio", "maio", "mei", "maja", "maj"],
            ["juin", "juni", "jun", "junio", "giu", "giugno", "junho", "cze", "czerwca", "czerwiec"],
            ["juil", "juillet", "juli", "jul", "julio", "lug", "luglio", "julho", "lip", "lipca", "lipiec"],
            ["août", "aout", "ago", "agosto", "augustus", "sie", "sierpnia", "sierpień"],
            [
                "sept", "septembre", "septiembre", "set", "settembre", "setembro", "wrz", "września",
                "wrzesień",
            ],
            [
                "octobre", "okt", "oktober", "octubre", "ott", "ottobre", "out", "outubro", "paź",
                "października",
            ],
            ["novembre", "noviembre", "novembro", "lis", "listopada", "listopad"],
            [
                "déc", "décembre", "decembre", "dez", "dezember", "dic", "diciembre", "dicembre", "dezembro",
                "gru", "grudnia", "grudzień",
            ],
        ]
        var table: [String: Int] = [:]
        for (index, words) in names.enumerated() {
            for word in words where table[word] == nil {
                table[word] = index + 1
            }
        }
        return table
    }()

    /// A word that can be a zone's name: 3 to 5 ASCII letters (RFC 2822's "usually between 3 and 5"),
    /// or an `Area/City` name of the tz database.
    private static func isZoneLike(_ word: [UInt8]) -> Bool {
        guard
            word.allSatisfy({ DateScanner.isLetter($0) || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "_") }
            )
        else { return false }
        return word.contains(UInt8(ascii: "/")) || (3...5).contains(word.count)
    }

    private static func isWeekday(_ word: [UInt8]) -> Bool {
        word.count >= 3 && weekdays.contains { $0.starts(with: word) }
    }

    /// The offset of a zone name in seconds east of UTC. Single letters are the military zones,
    /// which RFC 2822 says to treat as UTC because RFC 822 defined their signs backwards.
    static func zoneOffset(named word: [UInt8]) -> Int? {
        if word.count == 1, DateScanner.isLetter(word[0]) {
            return 0
        }
        return namedZones[String(decoding: word, as: UTF8.self)].map { Int($0 * 3600) }
    }

    private static let namedZones: [String: Double] = [
        "ut": 0, "utc": 0, "gmt": 0, "z": 0, "wet": 0, "bst": 1, "cet": 1, "met": 1, "mez": 1,
        "west": 1, "cest": 2, "mest": 2, "mesz": 2, "eet": 2, "eest": 3, "msk": 3, "hkt": 8, "sgt": 8,
        "awst": 8, "jst": 9, "kst": 9, "acst": 9.5, "aest": 10, "aedt": 11, "nzst": 12, "nzdt": 13,
        "est": -5, "edt": -4, "cst": -6, "cdt": -5, "mst": -7, "mdt": -6, "pst": -8, "pdt": -7,
        "akst": -9, "akdt": -8, "hst": -10, "ast": -4, "adt": -3, "nst": -3.5, "ndt": -2.5,
    ]
}
