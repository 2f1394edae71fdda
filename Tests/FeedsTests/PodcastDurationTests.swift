import Foundation
import Testing

@testable import Feeds

/// `itunes:duration` read into seconds (issue 45, point 7): the spellings podcast feeds use, and
/// nothing from text that is no duration.
@Suite("podcast durations")
struct PodcastDurationTests {
    @Test(
        "seconds, MM:SS and HH:MM:SS are read; anything else is no duration",
        arguments: [
            ("3600", 3600), ("1:02:03", 3723), ("42:05", 2525), (" 0:59 ", 59), ("3600.5", 3600),
            ("01:00:00", 3600), ("90:00", 5400),
        ] as [(String, Int)])
    func readable(text: String, seconds: Int) {
        #expect(PodcastDuration.seconds(text) == seconds)
    }

    @Test(
        "words, negative numbers, minutes or seconds of 60 and more, and huge numbers are no duration",
        arguments: [
            "", "about an hour", "-5", "1:60:00", "1:00:60", "1:2:3:4", "1::3", "999999999999", "1.5.5",
            "٣٦٠٠",
        ])
    func unreadable(text: String) {
        #expect(PodcastDuration.seconds(text) == nil)
    }

    @Test("an item's itunes:duration, in any case of its namespace's address, is the item's length")
    func inAFeed() throws {
        let feed = try FeedParser.parse(
            Data(
                """
                <rss version="2.0" xmlns:itunes="http://www.itunes.com/DTDs/Podcast-1.0.dtd"><channel><title>P</title>
                <item><title>One</title><guid>1</guid><itunes:duration>1:02:03</itunes:duration></item>
                <item><title>Two</title><guid>2</guid></item>
                <item><title>Three</title><guid>3</guid><duration>60</duration></item>
                </channel></rss>
                """.utf8))
        #expect(feed.items.map(\.durationSeconds) == [3723, nil, nil])
    }
}
