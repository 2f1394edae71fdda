import Basics

/// A podcast episode's length as `<itunes:duration>` gives it, in seconds.
///
/// Apple's podcast specification (https://podcasters.apple.com/support/823-podcast-requirements) asks
/// for seconds (`3600`), and feeds also write `HH:MM:SS` and `MM:SS` (`1:02:03`, `62:03`), sometimes
/// with a fraction of a second. Anything else (words, negative numbers, a minute of 60 or more after
/// hours) is no duration. A value from a stranger's feed is bounded before any arithmetic: at most 8
/// digits a part, so nothing overflows.
enum PodcastDuration {
    /// The seconds `text` says, or nil.
    static func seconds(_ text: String) -> Int? {
        var trimmed = Substring(text.trimmingWhitespace())
        // A fraction of a second is dropped (`3600.5`).
        if let dot = trimmed.firstIndex(of: ".") {
            let fraction = trimmed[trimmed.index(after: dot)...]
            guard fraction.allSatisfy(isDigit) else { return nil }
            trimmed = trimmed[..<dot]
        }
        let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.count <= 8 && $0.allSatisfy(isDigit) })
        else { return nil }
        let values = parts.compactMap { Int($0) }
        guard values.count == parts.count else { return nil }
        // After the first part, minutes and seconds are below 60.
        guard values.dropFirst().allSatisfy({ $0 < 60 }) else { return nil }
        return values.reduce(0) { $0 * 60 + $1 }
    }

    private static func isDigit(_ character: Character) -> Bool { ("0"..."9").contains(character) }
}
