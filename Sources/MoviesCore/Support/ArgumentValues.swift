import Basics
import Foundation

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
