import Basics
import Foundation
import TestSupport
import Testing

@testable import Feeds

/// Real-world date spellings from RSS, Atom and Dublin Core, and garbage.
@Suite("FeedDate")
struct FeedDateTests {
    /// Each text with the Unix time it denotes (checked against Python's datetime).
    static let variants: [(String, Double)] = [
        ("Tue, 10 Jun 2003 04:00:00 GMT", 1_055_217_600),
        ("Tue, 10 Jun 2003 04:00:00 +0200", 1_055_210_400),
        ("Tue, 10 Jun 2003 04:00:00 -0500", 1_055_235_600),
        ("10 Jun 2003 04:00:00 GMT", 1_055_217_600),
        ("Tue, 10 Jun 2003 04:00 GMT", 1_055_217_600),
        ("Tue, 10 Jun 03 04:00:00 GMT", 1_055_217_600),
        ("Fri, 01 Jan 99 12:00:00 GMT", 915_192_000),
        ("Tue, 10 Jun 2003 04:00:00 UT", 1_055_217_600),
        ("Tue, 10 Jun 2003 04:00:00 UTC", 1_055_217_600),
        ("Tue, 10 Jun 2003 04:00:00 Z", 1_055_217_600),
        ("Tue, 10 Jun 2003 04:00:00 EST", 1_055_235_600),
        ("Tue, 10 Jun 2003 04:00:00 EDT", 1_055_232_000),
        ("Tue, 10 Jun 2003 04:00:00 CST", 1_055_239_200),
        ("Tue, 10 Jun 2003 04:00:00 CDT", 1_055_235_600),
        ("Tue, 10 Jun 2003 04:00:00 MST", 1_055_242_800),
        ("Tue, 10 Jun 2003 04:00:00 MDT", 1_055_239_200),
        ("Tue, 10 Jun 2003 04:00:00 PST", 1_055_246_400),
        ("Tue, 10 Jun 2003 04:00:00 PDT", 1_055_242_800),
        ("Tue, 10 Jun 2003 04:00:00 A", 1_055_217_600),
        ("Tue, 10 Jun 2003 04:00:00 y", 1_055_217_600),
        ("Tue, 10 Jun 2003 04:00:00", 1_055_217_600),
        ("  Tue,   10  Jun   2003   04:00:00   GMT  ", 1_055_217_600),
        ("Tuesday, 10 June 2003 04:00:00 GMT", 1_055_217_600),
        ("tue, 10 jun 2003 04:00:00 gmt", 1_055_217_600),
        ("TUE, 10 JUN 2003 04:00:00 GMT", 1_055_217_600),
        ("Tue, 1 Jun 2003 4:05:06 GMT", 1_054_440_306),
        ("Tue,10 Jun 2003 04:00:00 GMT", 1_055_217_600),
        ("Tue, 10-Jun-2003 04:00:00 GMT", 1_055_217_600),
        ("Tue, 10 Jun 2003 04:00:00 +02:00", 1_055_210_400),
        ("Tue, 10 Jun 2003 04:00:00 +0530", 1_055_197_800),
        ("Tue, 10 Jun 2003 04:00:00 +0000 (UTC)", 1_055_217_600),
        ("Tue, 10 Jun 2003 04:00:00 GMT+0200", 1_055_210_400),
        ("Sun, 07 Jan 2018 4:05:06 PM EST", 1_515_359_106),
        ("Sun, 07 Jan 2018 12:05:06 AM GMT", 1_515_283_506),
        ("Tue Jun 10 04:00:00 2003", 1_055_217_600),
        ("Tue Jun 10 04:00:00 UTC 2003", 1_055_217_600),
        ("June 10, 2003", 1_055_203_200),
        ("10 Jun 2003", 1_055_203_200),
        ("Thu, 29 Feb 2024 23:59:60 GMT", 1_709_251_200),
        ("Sat, 10 Sept 2005 10:00:00 CEST", 1_126_339_200),
        ("2003-12-13T18:30:02Z", 1_071_340_202),
        ("2003-12-13T18:30:02.25Z", 1_071_340_202.25),
        ("2003-12-13T18:30:02.123456789+01:00", 1_071_336_602.123_456_789),
        ("2003-12-13T18:30:02+01:00", 1_071_336_602),
        ("2003-12-13T18:30:02-05:00", 1_071_358_202),
        ("2003-12-13T18:30:02+0100", 1_071_336_602),
        ("2003-12-13T18:30:02+01", 1_071_336_602),
        ("2003-12-13 18:30:02Z", 1_071_340_202),
        ("2003-12-13 18:30:02 +01:00", 1_071_336_602),
        ("2003-12-13T18:30Z", 1_071_340_200),
        ("2003-12-13T18:30:02", 1_071_340_202),
        ("2003-12-13", 1_071_273_600),
        ("2003-12-13t18:30:02z", 1_071_340_202),
        ("20031213T183002Z", 1_071_340_202),
        ("2003-12-13T18:30:02,5Z", 1_071_340_202.5),
        ("1970-01-01T00:00:00Z", 0),
        ("1969-12-31T23:59:59Z", -1),
        ("2000-02-29T12:00:00Z", 951_825_600),
        ("2003-12-13T24:00:00Z", 1_071_360_000),
        ("2003-12", 1_070_236_800),
        ("2003-12-13T18:30", 1_071_340_200),
    ]

    @Test("real-world variants give the right instant", arguments: variants)
    func variant(text: String, expected: Double) throws {
        let date = try #require(FeedDate.parse(text))
        #expect(abs(date.timeIntervalSince1970 - expected) < 0.000_001)
    }

    static let garbage: [String] = [
        "", "   ", "yesterday", "not a date", "Tue, 32 Jun 2003 04:00:00 GMT",
        "Tue, 10 Foo 2003 04:00:00 GMT",
        "Tue, 10 Jun 2003 25:00:00 GMT", "Tue, 10 Jun 2003 04:61:00 GMT", "31 Feb 2003", "29 Feb 2003",
        "2003-13-01", "2003-02-30", "2003-12-13T18:30:02+25:00", "2003-12-13T18:30:02 banana", "2003-12-13X",
        "Jun 2003", "10 2003", "12:00", "2003-1", "2003-13", "Tue, 10 Jun 2003 04:00:00 GMT GMT",
        "10 Jun 2003 04:00 05:00",
        "99999999999999999999", "2003-12-13T18:30:02.Z", "2003-12-13T", "Tue, 10 Jun 2003 04:00:00 NOPENOPE",
        "Tue, 10 Jun 2003 04:00:00 +9900", "٢٠٠٣-١٢-١٣", "Tue, 10 Jun 2003 13:00 PM", "0000-01-01",
        String(repeating: "1 ", count: 200),
    ]

    @Test("garbage gives nil", arguments: garbage)
    func garbageIsNil(text: String) {
        #expect(FeedDate.parse(text) == nil)
    }

    /// Random text, and random text near the edges of what a date can be, parses into nil or into a
    /// date the store can write (`Timestamp.isStorable`): no input reaches the table's CHECK or comes
    /// back as another date.
    @Test("random strings parse into nothing or into a date the store can write")
    func fuzz() {
        var generator = SeededGenerator(seed: 42)
        var parsed = 0
        func check(_ text: String) {
            guard let date = FeedDate.parse(text) else { return }
            parsed += 1
            #expect(Timestamp.isStorable(date), "\(text.debugDescription) parsed into \(date)")
        }
        let alphabet = Array("0123456789 :+-.,TZtzJunMayGMTESTPDT()/\u{0}é\t\n")
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...40, using: &generator)
            check(
                String(
                    (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
            )
        }
        for _ in 0..<5_000 {
            let bytes = (0..<Int.random(in: 0...30, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            check(String(decoding: bytes, as: UTF8.self))
        }
        // Dates at the ends of the years a feed can name, moved by zones, leap seconds and 24th hours.
        let days = ["01 Jan 0001", "31 Dec 9999", "01 Jan 1970", "29 Feb 2024"]
        let times = ["00:00:00", "23:59:59", "23:59:60", "24:00:00"]
        let zones = ["+0000", "+1800", "-1800", "+2359", "-2359", "GMT", "Z"]
        for day in days {
            for time in times {
                for zone in zones {
                    check("Mon, \(day) \(time) \(zone)")
                    check("\(day.split(separator: " ").reversed().joined(separator: "-"))T\(time)\(zone)")
                }
            }
        }
        #expect(parsed > 50, "so few inputs parsed that the checks above prove little")
    }
}
