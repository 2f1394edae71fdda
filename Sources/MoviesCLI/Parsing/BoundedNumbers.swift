import Basics

/// A whole number an option takes within a range its type declares (`--max-size`, `--timeout`):
/// checked where the word is read, so every sum or product made from it afterwards (megabytes to
/// bytes, seconds to milliseconds) stays far from overflowing, and a value past the range is a usage
/// error that names the option and the range, not a trap in the middle of the command (issue 40).
///
/// One type per quantity rather than a range on the declaration: the conversion the range protects
/// lives beside it, in the type, so no caller can multiply the raw value itself.
protocol BoundedWholeNumber: ExpressibleByArgument {
    /// The values accepted.
    static var range: ClosedRange<Int> { get }
    /// What the number counts, in the plural (`megabytes`), for the error's "expected ...".
    static var unit: String { get }
    /// The number, within `range`.
    var value: Int { get }
    /// `value`, which the caller knows to be within `range` (a default).
    init(within value: Int)
}

extension BoundedWholeNumber {
    init?(argument: String) {
        guard let value = Int(argument), Self.range.contains(value) else { return nil }
        self.init(within: value)
    }

    static var expectedDescription: String {
        "a whole number of \(unit) from \(range.lowerBound) to \(range.upperBound)"
    }

    var defaultValueDescription: String { String(value) }
}

/// `news download --max-size`: megabytes (10^6 bytes), up to a million (a terabyte), so that the size
/// in bytes fits an `Int64` with room to spare.
struct Megabytes: BoundedWholeNumber, Hashable {
    static let range = 1...1_000_000
    static var unit: String { "megabytes" }
    let value: Int

    init(within value: Int) {
        self.value = min(max(value, Self.range.lowerBound), Self.range.upperBound)
    }

    /// The size in bytes: at most 10^12, so the product cannot overflow.
    var bytes: Int64 { Int64(value) * 1_000_000 }
}

/// `--timeout` of `news download` and `news refresh`: seconds, up to 2,147,483 (24 days), the most
/// whose milliseconds a 32-bit `int` holds, as libcurl's and poll(2)'s timeouts are.
struct Seconds: BoundedWholeNumber, Hashable {
    static let range = 1...2_147_483
    static var unit: String { "seconds" }
    let value: Int

    init(within value: Int) {
        self.value = min(max(value, Self.range.lowerBound), Self.range.upperBound)
    }

    var duration: Duration { .seconds(value) }
}

/// `news ignore --older-than`: days, up to 36,500 (100 years), as `news prune --older-than` takes them.
struct Days: BoundedWholeNumber, Hashable {
    static let range = 1...36_500
    static var unit: String { "days" }
    let value: Int

    init(within value: Int) {
        self.value = min(max(value, Self.range.lowerBound), Self.range.upperBound)
    }
}
