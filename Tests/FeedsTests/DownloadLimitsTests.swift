import Basics
import Foundation
import Testing

@testable import Feeds

/// The edges of what a download and a date read from outside can be (issue 40, points 1, 17 and 21).
@Suite("Downloads and dates at their edges")
struct DownloadLimitsTests {
    @Test("a transfer's timeout in milliseconds is checked: any duration gives 1 to Int32.max")
    func milliseconds() {
        #expect(DownloadTransfer.milliseconds(.seconds(Int64.max)) == Int(Int32.max))
        #expect(DownloadTransfer.milliseconds(.seconds(9_223_372_036_854_776)) == Int(Int32.max))
        #expect(DownloadTransfer.milliseconds(.seconds(2_147_483)) == 2_147_483_000)
        #expect(DownloadTransfer.milliseconds(.milliseconds(1_500)) == 1_500)
        #expect(DownloadTransfer.milliseconds(.zero) == 1)
        #expect(DownloadTransfer.milliseconds(.seconds(Int64.min)) == 1)
    }

    @Test("a file name is counted in bytes; one too long gives way to the fallback and its extension")
    func fileNameInBytes() throws {
        let accents = String(repeating: "%C3%A9", count: 150)
        let plain = try #require(URL(string: "https://example.org/media/\(accents)"))
        #expect(EnclosureDownloader.fileName(for: plain, fallback: "item-9-1") == "item-9-1")
        let audio = try #require(URL(string: "https://example.org/media/\(accents).mp3"))
        #expect(EnclosureDownloader.fileName(for: audio, fallback: "item-9-1") == "item-9-1.mp3")
        // 124 × "é" (248 bytes) fits the 249 bytes a part's name leaves of 255.
        let fits = try #require(URL(string: "https://example.org/\(String(repeating: "%C3%A9", count: 124))"))
        #expect(
            EnclosureDownloader.fileName(for: fits, fallback: "x") == String(repeating: "é", count: 124))
        #expect(EnclosureDownloader.fileName(for: fits, fallback: "x", maximumBytes: 247) == "x")
        #expect(EnclosureDownloader.longestFileName(in: NSTemporaryDirectory()) == 249)
    }

    @Test("a date whose fields are in range but whose instant is past 9999-12-31 is no date")
    func pastTheLastYear() {
        for text in [
            "9999-12-31T23:59:60Z", "9999-12-31T23:59:59.9999Z", "9999-12-31T20:00:00-04:00",
            "Fri, 31 Dec 9999 23:59:60 GMT", "0001-01-01T00:00:00+01:00",
        ] {
            #expect(FeedDate.parse(text) == nil, "\(text)")
        }
        #expect(FeedDate.parse("9999-12-31T23:59:59Z").map(Timestamp.string) == "9999-12-31T23:59:59.000Z")
        #expect(FeedDate.parse("0001-01-01T00:00:00Z").map(Timestamp.string) == "0001-01-01T00:00:00.000Z")
    }
}
