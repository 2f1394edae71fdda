import Basics

/// How old an item must be for `news prune --older-than`: a whole number of days (`90d`) or weeks
/// (`12w`); a bare number is days.
struct ItemAge: ExpressibleByArgument, Hashable {
    let days: Int

    init?(argument: String) {
        let text = argument.trimmingWhitespace().lowercased()
        let multiplier = text.hasSuffix("w") ? 7 : 1
        let digits = text.hasSuffix("w") || text.hasSuffix("d") ? text.dropLast() : Substring(text)
        // Up to 100 years: enough for any feed, and far from overflowing a time interval.
        guard let count = Int(digits), count > 0, count <= 36_500 / multiplier else { return nil }
        days = count * multiplier
    }

    static var expectedDescription: String { "a number of days or weeks such as 90d or 12w" }

    var defaultValueDescription: String { "\(days)d" }

    /// The age in seconds.
    var seconds: Double { Double(days) * 86_400 }
}
