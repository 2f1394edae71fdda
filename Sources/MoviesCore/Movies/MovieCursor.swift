/// Where a page of the movie list ends: the last movie's sort key and id.
///
/// The next page starts strictly after (key, id) in the list's order, so page 1,000 costs what page 1
/// costs, and a cursor stays valid when its movie is removed or changed since: the page goes on from
/// where that movie stood. (Continuing from an id alone would need the movie to look its key up.)
///
/// A person copies a cursor from one page's hint into the next command, so its text is made to be
/// pasted into a shell as it is, and to say which order it continues:
///
/// - `212` (or `#212`) in the order added, whose key is the id itself: a plain id, as it always was;
/// - `title:blade%20runner:212`: the title's sort key (`TitleKeys.sort`) with every byte but ASCII
///   letters, digits, `-`, `.` and `_` percent-encoded (so no quoting, globbing or word splitting can
///   touch it);
/// - `rating:good:212` (a word, or `seen`, `not-seen`), or `rating:3.5:212` for a lower half-star, which
///   sorts below its word (`Movie.ratingRank`);
/// - `year:1982:212`, or `year:none:212` for a movie without a year.
///
/// A sort name comes first, so no cursor of a sorted list reads as an id.
import Basics

public struct MovieCursor: Sendable, Hashable, LosslessStringConvertible {
    /// The sort key of the movie the page ended with.
    public enum Key: Sendable, Hashable {
        /// The order added: the id is the key.
        case added
        /// The title's sort key.
        case title(String)
        /// The place in `--sort rating` (`Movie.ratingRank`).
        case rating(Int)
        /// The release year; nil for a movie without one (listed last).
        case year(Int?)
    }

    public let key: Key
    /// The id of the movie the page ended with; it breaks ties between equal keys.
    public let id: Int64

    /// The cursor just after `movie` in a list sorted by `sort`.
    public init(after movie: Movie, sort: MovieSort) {
        switch sort {
        case .added: key = .added
        case .title: key = .title(TitleKeys.sort(movie.title))
        case .rating: key = .rating(movie.ratingRank)
        case .year: key = .year(movie.year)
        }
        id = movie.id
    }

    /// The cursor after the movie with `id` in the order added.
    public init(id: Int64) {
        key = .added
        self.id = id
    }

    /// The order this cursor continues.
    public var sort: MovieSort {
        switch key {
        case .added: .added
        case .title: .title
        case .rating: .rating
        case .year: .year
        }
    }

    /// Parses the forms above; nil for anything else (a positive id is required in each).
    public init?(_ description: String) {
        let parts = description.split(separator: ":", omittingEmptySubsequences: false)
        guard let last = parts.last else { return nil }
        let idText = parts.count == 1 && last.hasPrefix("#") ? last.dropFirst() : last
        guard let id = Int64(idText), id > 0 else { return nil }
        self.id = id
        switch parts.count {
        case 1:
            key = .added
        case 3:
            let value = parts[1]
            switch parts[0] {
            case "title":
                // Sort keys are case-folded (`TitleKeys.sort`): `title:Heat:12`, typed, is `title:heat:12`.
                guard let title = Self.percentDecoded(value) else { return nil }
                key = .title(UnicodeFolding.nfkcCasefold(title))
            case "rating":
                guard let rank = Self.ratingRank(value) else { return nil }
                key = .rating(rank)
            case "year":
                if value == "none" {
                    key = .year(nil)
                } else {
                    guard value.count == 4, let year = Int(value), year >= 0 else { return nil }
                    key = .year(year)
                }
            default:
                return nil
            }
        default:
            return nil
        }
    }

    public var description: String {
        switch key {
        case .added: String(decimal: id)
        case .title(let title): "title:\(Self.percentEncoded(title)):" + String(decimal: id)
        case .rating(let rank): "rating:\(Self.ratingText(rank)):" + String(decimal: id)
        case .year(let year): "year:\(year.map { Timestamp.pad($0, 4) } ?? "none"):" + String(decimal: id)
        }
    }

    // MARK: - Ratings

    /// A rank as a cursor writes it: the word, or the stars of a lower half-star.
    private static func ratingText(_ rank: Int) -> String {
        switch rank {
        case ...0: RatingWord.notSeen.rawValue
        case 1: RatingWord.seen.rawValue
        case let rank where rank % 2 == 1:
            RatingWord(Rating.allCases.first { $0.rank == (rank - 1) / 2 } ?? .excellent).rawValue
        default: StarRating(halfStars: rank - 1)?.description ?? RatingWord.excellent.rawValue
        }
    }

    /// The rank a cursor's rating text names: a word (its upper place) or stars (their place).
    private static func ratingRank(_ text: Substring) -> Int? {
        if let word = RatingWord(rawValue: String(text)) {
            switch word {
            case .notSeen: return 0
            case .seen: return 1
            default: return 2 * word.rating.rank + 1
            }
        }
        guard let stars = StarRating(parsing: String(text)) else { return nil }
        return stars.halfStars + 1
    }

    // MARK: - Percent-encoding

    /// The bytes a title keeps as they are in a cursor; every other byte is written `%XX`.
    private static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    static func percentEncoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isKept(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text `encoded` spells, or nil when it holds a byte that should have been encoded, a broken
    /// `%XX`, or bytes that are not UTF-8.
    static func percentDecoded(_ encoded: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = encoded.utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.next().flatMap(hexValue),
                    let low = iterator.next().flatMap(hexValue)
                else { return nil }
                bytes.append(high << 4 | low)
            } else {
                guard isKept(byte) else { return nil }
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
