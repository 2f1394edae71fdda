import Basics
import FoundationEssentials

/// The days a person types: `YYYY-MM-DD`, or `today` and `yesterday` in the local time zone (`--watched`,
/// and the shell's form).
extension CalendarDate: ExpressibleByArgument {
    package init?(argument: String) {
        self.init(argument: argument, now: Date())
    }

    /// The day `argument` names, with `today` and `yesterday` counted from `now`.
    package init?(argument: String, now: Date) {
        let today = CalendarDate.day(of: now)
        switch argument.trimmingWhitespace().lowercased() {
        case "today": self = today
        case "yesterday": self = today.previous
        default: self.init(parsing: argument.trimmingWhitespace())
        }
    }

    package static var expectedDescription: String { "a date as YYYY-MM-DD (or today, yesterday)" }
}

/// `--sort title`.
extension MovieSort: ExpressibleByArgument {}

/// `--stars 4.5`: ½ to 5 stars in halves, as `3.5`, `4`, or with a half sign, `3½`.
extension StarRating: ExpressibleByArgument {
    package init?(argument: String) {
        let text = argument.trimmingWhitespace()
        if text.hasSuffix("½") {
            let whole = text.dropLast().trimmingWhitespace()
            guard let stars = whole.isEmpty ? 0 : Int(whole), stars >= 0, stars < 5 else { return nil }
            self.init(halfStars: stars * 2 + 1)
        } else {
            self.init(parsing: text)
        }
    }

    package static var expectedDescription: String { "stars from 0.5 to 5 in halves, such as 3.5" }
}
