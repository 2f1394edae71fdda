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
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: date)
        guard let year = parts.year, let month = parts.month, let day = parts.day else { return nil }
        self.init(year: year, month: month, day: day)
    }
}

/// `--sort title`.
extension MovieSort: ExpressibleByArgument {}

/// A field `movies edit` may clear: an empty argument clears it, anything else is the new value.
extension FieldEdit: ExpressibleByArgument where Value: ExpressibleByArgument {
    package init?(argument: String) {
        if argument.isEmpty {
            self = .clear
        } else if let value = Value(argument: argument) {
            self = .set(value)
        } else {
            return nil
        }
    }

    package static var allValueStrings: [String] { Value.allValueStrings }

    package static var expectedDescription: String { Value.expectedDescription }

    package static var defaultCompletionKind: CompletionKind { Value.defaultCompletionKind }

    package var defaultValueDescription: String { newValue?.defaultValueDescription ?? "" }

    /// The same edit of another representation of the value (a parsed year to its number).
    package func map<Other: Sendable & Hashable>(_ transform: (Value) -> Other) -> FieldEdit<Other> {
        switch self {
        case .set(let value): .set(transform(value))
        case .clear: .clear
        }
    }
}
