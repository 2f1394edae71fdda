/// RFC 3339 / ISO 8601 dates as used by Atom and Dublin Core: `2003-12-13T18:30:02Z`,
/// `2003-12-13T18:30:02.25+01:00`, `2003-12-13 18:30`, `2003-12-13`, `20031213T183002Z`, and the
/// year or month alone that W3C-DTF (Dublin Core's `dc:date`) allows, `2003` and `2003-12`
/// (https://www.w3.org/TR/NOTE-datetime), and an hour without minutes, `2003-12-13T18Z`.
enum ISO8601DateParser {
    /// Whether `bytes` starts like an ISO date (four digits then `-`, or eight digits).
    static func looksLikeISO8601(_ bytes: [UInt8]) -> Bool {
        if bytes.count == 4 { return bytes.allSatisfy(DateScanner.isDigit) }
        guard bytes.count >= 7, bytes[0..<4].allSatisfy(DateScanner.isDigit) else { return false }
        return bytes[4] == UInt8(ascii: "-")
            || (bytes.count >= 8 && bytes[4..<8].allSatisfy(DateScanner.isDigit))
    }

    /// The fields of an ISO date, or nil when the text does not follow the format.
    static func parse(_ bytes: [UInt8]) -> DateFields? {
        var scanner = DateScanner(bytes)
        var fields = DateFields()
        guard let year = scanner.digits(minimum: 4, maximum: 4) else { return nil }
        fields.year = year.value
        if scanner.atEnd {
            fields.month = 1
            fields.day = 1
            return fields
        }
        let extended = scanner.skip(UInt8(ascii: "-"))
        guard let month = scanner.digits(minimum: extended ? 1 : 2, maximum: 2) else { return nil }
        if extended, month.count == 2, scanner.atEnd {
            fields.month = month.value
            fields.day = 1
            return fields
        }
        if extended {
            guard scanner.skip(UInt8(ascii: "-")) else { return nil }
        }
        guard let day = scanner.digits(minimum: extended ? 1 : 2, maximum: 2) else { return nil }
        fields.month = month.value
        fields.day = day.value
        if scanner.atEnd {
            return fields
        }
        guard let separator = scanner.current,
            separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") || DateScanner.isSpace(separator)
        else { return nil }
        scanner.index += 1
        scanner.skipSpaces()
        guard parseTime(&scanner, into: &fields) else { return nil }
        scanner.skipSpaces()
        guard parseZone(&scanner, into: &fields) else { return nil }
        scanner.skipSpaces()
        return scanner.atEnd ? fields : nil
    }

    private static func parseTime(_ scanner: inout DateScanner, into fields: inout DateFields) -> Bool {
        guard let hour = scanner.digits(minimum: 1, maximum: 2) else { return false }
        fields.hour = hour.value
        if scanner.atEnd
            || scanner.current.map({ !DateScanner.isDigit($0) && $0 != UInt8(ascii: ":") }) == true
        {
            return true  // the hour alone
        }
        let colons = scanner.skip(UInt8(ascii: ":"))
        guard let minute = scanner.digits(minimum: 2, maximum: 2) else { return false }
        fields.minute = minute.value
        let hasSeconds =
            colons ? scanner.skip(UInt8(ascii: ":")) : (scanner.current.map(DateScanner.isDigit) ?? false)
        if hasSeconds {
            guard let second = scanner.digits(minimum: 2, maximum: 2) else { return false }
            fields.second = second.value
            if scanner.skip(UInt8(ascii: ".")) || scanner.skip(UInt8(ascii: ",")) {
                guard scanner.current.map(DateScanner.isDigit) ?? false else { return false }
                fields.fraction = scanner.fraction()
            }
        }
        return true
    }

    private static func parseZone(_ scanner: inout DateScanner, into fields: inout DateFields) -> Bool {
        guard let byte = scanner.current else { return true }
        if byte == UInt8(ascii: "Z") || byte == UInt8(ascii: "z") {
            scanner.index += 1
            return true
        }
        if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
            scanner.index += 1
            guard let hours = scanner.digits(minimum: 2, maximum: 2) else { return false }
            var minutes = 0
            let colon = scanner.skip(UInt8(ascii: ":"))
            if let parsed = scanner.digits(minimum: 2, maximum: 2) {
                minutes = parsed.value
            } else if colon {
                return false
            }
            guard minutes < 60 else { return false }
            let offset = hours.value * 3600 + minutes * 60
            fields.offsetSeconds = byte == UInt8(ascii: "+") ? offset : -offset
            return true
        }
        var name: [UInt8] = []
        while let letter = scanner.current, DateScanner.isLetter(letter), name.count < 5 {
            name.append(letter | 0x20)
            scanner.index += 1
        }
        guard let offset = RFC822DateParser.zoneOffset(named: name) else { return false }
        fields.offsetSeconds = offset
        return true
    }
}
