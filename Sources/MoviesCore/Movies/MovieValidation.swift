import Basics

/// The rules a movie must meet before it is stored; the schema's CHECK constraints say the same where
/// SQL can (a watched date in the future depends on the day, which a CHECK cannot read).
///
/// Checking in Swift first gives a message that names the problem; the CHECKs guard against writes that
/// bypass this code (a person with `sqlite3`). This is the one check in Swift: it returns a
/// `ValidMovieDraft`, the only kind of draft the store writes, so a caller that validates early (the
/// command line, before it opens the file) and the store never check the same draft twice.
public enum MovieValidation {
    /// Years a movie can have: from the first motion pictures to well past anything announced.
    public static let yearRange = 1870...2100
    /// The longest title, in characters (the schema's `length(title) <= 500`).
    public static let maximumTitleLength = 500
    /// The longest note, in characters.
    public static let maximumNoteLength = 10_000
    /// The most viewings a film's count may stand for (the schema's CHECK): a row inserted with a count
    /// gets that many viewings.
    public static let maximumWatchCount = 10_000
    /// A film's length in minutes, as the schema's CHECK allows (IMDb lists films of 1 to 14,400+).
    public static let runtimeRange = 1...100_000
    /// The longest genres and directors texts (comma-separated), in characters.
    public static let maximumGenresLength = 1000
    public static let maximumDirectorsLength = 2000
    /// The highest id a file may give a film it brings (the own formats keep their ids): 2⁵³ − 1, the
    /// largest whole number every JSON reader holds exactly (RFC 7493, I-JSON), and far below SQLite's
    /// highest rowid, 2⁶³ − 1. An `AUTOINCREMENT` table hands out ids above the highest ever used and
    /// fails for good once that one is 2⁶³ − 1 (https://www.sqlite.org/autoinc.html), so an id given
    /// by a file must leave room for the films added after it.
    public static let highestGivenID: Int64 = 9_007_199_254_740_991

    /// The draft as it is stored (title trimmed and in NFC, watch state, stars and rating made to
    /// agree), or the first rule it breaks. `today` bounds the watched date, which is checked unless
    /// `checkingWatchedDate` is false (an edit that does not change a date stored before).
    public static func validated(
        _ draft: MovieDraft, today: CalendarDate = .today(), checkingWatchedDate: Bool = true
    ) throws(MovieError) -> ValidMovieDraft {
        var draft = draft
        draft.title = TitleKeys.stored(draft.title)
        try checkTitle(draft.title)
        if let year = draft.year {
            try checkYear(year)
        }
        if let note = draft.note {
            // Notes may span lines; every other control character is refused.
            if let scalar = note.unicodeScalars.first(where: {
                $0.isControlCharacter && $0 != "\n" && $0 != "\t"
            }) {
                throw .controlCharacter(field: .note, scalar: scalar)
            }
            // SQLite's length() counts code points, so count the same way.
            let length = note.unicodeScalars.count
            if length > maximumNoteLength { throw .noteTooLong(length: length) }
            if note.isEmpty { draft.note = nil }
        }
        try normalizeWatchState(&draft)
        if checkingWatchedDate, let watchedOn = draft.watchedOn {
            try checkWatchedDate(watchedOn, today: today)
        }
        if let imdbID = draft.imdbID, !isIMDbID(imdbID) {
            throw .invalidIMDbID(imdbID)
        }
        if let uri = draft.letterboxdURI {
            guard let stored = letterboxdAddress(uri) else { throw .invalidLetterboxdURI(uri) }
            draft.letterboxdURI = stored
        }
        if let minutes = draft.runtimeMinutes, !runtimeRange.contains(minutes) {
            throw .runtimeOutOfRange(minutes)
        }
        for (field, names) in [(MovieField.genres, draft.genres), (.directors, draft.directors)] {
            let text = names.joined(separator: ", ")
            if let scalar = text.unicodeScalars.first(where: \.isControlCharacter) {
                throw .controlCharacter(field: field, scalar: scalar)
            }
            let limit = field == .genres ? maximumGenresLength : maximumDirectorsLength
            if text.unicodeScalars.count > limit {
                throw .namesTooLong(field: field, length: text.unicodeScalars.count)
            }
        }
        return ValidMovieDraft(checked: draft)
    }

    /// Makes the watch state, rating, stars and dates say one thing: stars without a word give the
    /// word, stars that disagree with the word are refused, anything rated, dated or counted is seen,
    /// and only a rated movie has a rating date.
    static func normalizeWatchState(_ draft: inout MovieDraft) throws(MovieError) {
        if let stars = draft.stars {
            if draft.rating == .notSeen { draft.rating = stars.rating }
            if stars.rating != draft.rating {
                throw .starsDoNotFitRating(RatingWord(watchState: .seen, rating: draft.rating), stars)
            }
        }
        if let count = draft.watchCount, count < 1 { draft.watchCount = nil }
        if draft.rating != .notSeen || draft.watchedOn != nil || draft.watchCount != nil {
            draft.watchState = .seen
        }
        if draft.rating == .notSeen { draft.ratedOn = nil }
    }

    /// Refuses a blank, overlong or control-character title (pass it trimmed).
    public static func checkTitle(_ title: String) throws(MovieError) {
        if title.isEmpty { throw .blankTitle }
        if let scalar = title.unicodeScalars.first(where: \.isControlCharacter) {
            throw .controlCharacter(field: .title, scalar: scalar)
        }
        let length = title.unicodeScalars.count
        if length > maximumTitleLength { throw .titleTooLong(length: length) }
    }

    /// Refuses a year outside `yearRange`.
    public static func checkYear(_ year: Int) throws(MovieError) {
        if !yearRange.contains(year) { throw .yearOutOfRange(year) }
    }

    /// Refuses a watched date before the first films (1870) or after `today`.
    public static func checkWatchedDate(_ date: CalendarDate, today: CalendarDate = .today())
        throws(MovieError)
    {
        if date < CalendarDate.earliestWatched || date > today {
            throw .watchedDateOutOfRange(date, today: today)
        }
    }

    /// The Letterboxd hosts an address may name, as stored (lower case, after `https://`).
    public static let letterboxdHosts = ["letterboxd.com/", "www.letterboxd.com/", "boxd.it/"]
    /// The longest Letterboxd address, in characters (code points, as SQLite's `length()` counts).
    public static let maximumAddressLength = 500
    /// The digits of an IMDb title id: seven (`tt0113277`, the oldest ids are padded to seven) to ten
    /// (IMDb's newest have eight; two more leave room for years to come).
    public static let imdbIDDigits = 7...10

    /// A film's or a diary entry's Letterboxd address as it is stored, or nil when `text` is not one:
    /// `https://` (or `http://`, which early exports wrote: the same page, kept as https) on
    /// letterboxd.com, www.letterboxd.com or boxd.it (scheme and host in any case, kept in lower
    /// case), something after the host, at most `maximumAddressLength` characters of printable ASCII
    /// without spaces (Letterboxd's addresses are ASCII; a `CHECK` tests that in one cheap `GLOB`). The one rule `add`, `edit`, `log`, an import and the schema's `CHECK`s (migration
    /// 12) apply, so every address stored exports and imports back.
    public static func letterboxdAddress(_ text: String) -> String? {
        let scalars = text.unicodeScalars
        guard scalars.count <= maximumAddressLength, scalars.allSatisfy({ (0x21...0x7E).contains($0.value) })
        else { return nil }
        for scheme in ["https://", "http://"] {
            for host in letterboxdHosts {
                let prefix = scheme + host
                let start = text.utf8.prefix(prefix.utf8.count)
                guard text.utf8.count > prefix.utf8.count,
                    start.elementsEqual(prefix.utf8, by: { Self.asciiLowercased($0) == $1 })
                else { continue }
                return "https://" + host
                    + String(decoding: text.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
            }
        }
        return nil
    }

    /// `tt` followed by `imdbIDDigits` digits, as the schema's CHECK says (migration 12).
    public static func isIMDbID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return imdbIDDigits.contains(bytes.count - 2) && bytes[0] == UInt8(ascii: "t")
            && bytes[1] == UInt8(ascii: "t")
            && bytes[2...].allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}

/// A draft that passed `MovieValidation.validated`, as it is stored: the only kind the store writes.
///
/// The check is made once, by whoever holds the draft first (the command line validates before it opens
/// the file, so a refused `add` creates nothing), and the type carries the result down: the store, the
/// view models and the binder take a `ValidMovieDraft` and never check it again.
public struct ValidMovieDraft: Sendable, Hashable {
    /// The fields, in stored form.
    public let draft: MovieDraft

    /// Only `MovieValidation` makes one.
    fileprivate init(checked draft: MovieDraft) {
        self.draft = draft
    }
}
