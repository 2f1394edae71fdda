import Basics
import FoundationEssentials

/// A rating on the half-star scale Letterboxd uses: ½ to 5 stars, kept as 1 to 10 half-stars.
///
/// Imports keep the stars they read because the five `Rating` words are coarser (3½ and 4 are both
/// `good`); IMDb's 1–10 maps exactly onto half-stars. Half-stars are an integer so that equality and
/// hashing never meet floating-point rounding.
public struct StarRating: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// 1 (½ star) through 10 (5 stars).
    public let halfStars: Int

    /// The rating with this many half-stars; nil outside 1...10.
    public init?(halfStars: Int) {
        guard (1...10).contains(halfStars) else { return nil }
        self.halfStars = halfStars
    }

    /// The rating with this many stars; nil unless 0.5...5 in steps of a half.
    public init?(stars: Double) {
        guard stars.isFinite else { return nil }
        let doubled = stars * 2
        guard doubled == doubled.rounded(), let halfStars = Int(exactly: doubled) else { return nil }
        self.init(halfStars: halfStars)
    }

    /// Stars as a person types them: `3.5`, `4`, a decimal comma (`3,5`), a half sign (`3½`, `½`), or
    /// stars as this program and Letterboxd draw them (`★★★½`); surrounding white space ignored.
    public init?(typed text: String) {
        let text = text.trimmingWhitespace()
        if !text.isEmpty, text.allSatisfy({ $0 == "★" || $0 == "½" }) {
            let whole = text.count(where: { $0 == "★" })
            let halves = text.count(where: { $0 == "½" })
            guard halves <= 1, text.last == "★" || halves == 1, whole <= 5 else { return nil }
            self.init(halfStars: whole * 2 + halves)
        } else if text.hasSuffix("½") {
            let whole = text.dropLast().trimmingWhitespace()
            guard let stars = whole.isEmpty ? 0 : Int(whole), stars >= 0, stars < 5 else { return nil }
            self.init(halfStars: stars * 2 + 1)
        } else {
            self.init(parsing: text.replacing(",", with: "."))
        }
    }

    /// Reads `3.5`, `4`, `4.0` (surrounding spaces ignored); nil for anything else.
    public init?(parsing text: String) {
        let trimmed = text.trimmingSpacesAndTabs()
        // Double() would also take "0x8", "nan" and "1e0"; a rating is written in plain decimals.
        guard !trimmed.isEmpty,
            trimmed.utf8.allSatisfy({ $0 == UInt8(ascii: ".") || (0x30...0x39).contains($0) }),
            let stars = Double(trimmed)
        else { return nil }
        self.init(stars: stars)
    }

    /// The default stars for a rating word when no stars are known (for exports): terrible 1, poor 2,
    /// decent 3, good 4, excellent 5; nil for `notSeen`.
    public init?(_ rating: Rating) {
        guard rating != .notSeen else { return nil }
        self.init(halfStars: rating.rank * 2)
    }

    /// 0.5 through 5.0.
    public var stars: Double { Double(halfStars) / 2 }

    /// The word for these stars: ½–1 terrible, 1½–2 poor, 2½–3 decent, 3½–4 good, 4½–5 excellent.
    public var rating: Rating {
        switch (halfStars + 1) / 2 {
        case 1: .terrible
        case 2: .poor
        case 3: .decent
        case 4: .good
        default: .excellent
        }
    }

    /// `3.5`, or `4` for whole stars: how Letterboxd writes ratings in its CSV files.
    public var description: String {
        halfStars % 2 == 0 ? String(halfStars / 2) : "\(halfStars / 2).5"
    }

    public static func < (lhs: StarRating, rhs: StarRating) -> Bool { lhs.halfStars < rhs.halfStars }
}
