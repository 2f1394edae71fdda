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
        switch argument.lowercased() {
        case "today": self.init(localDayOf: now)
        case "yesterday": self.init(localDayOf: now.addingTimeInterval(-86_400))
        default: self.init(parsing: argument)
        }
    }

    package static var expectedDescription: String { "a date as YYYY-MM-DD (or today, yesterday)" }

    /// The calendar day `date` falls on in the local time zone.
    private init?(localDayOf date: Date) {
        guard let day = LocalTime(date).calendarDate else { return nil }
        self = day
    }
}

/// `--sort title`.
extension MovieSort: ExpressibleByArgument {}
