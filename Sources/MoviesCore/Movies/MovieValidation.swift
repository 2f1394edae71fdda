import Basics
import Foundation

/// The rules a movie must meet before it is stored; the schema's CHECK constraints say the same.
///
/// Checking in Swift first gives a message that names the problem; the CHECKs guard against writes that
/// bypass this code (a person with `sqlite3`).
public enum MovieValidation {
    /// Years a movie can have: from the first motion pictures to well past anything announced.
    public static let yearRange = 1870...2100
    /// The longest title, in characters (the schema's `length(title) <= 500`).
    public static let maximumTitleLength = 500
    /// The longest note, in characters.
    public static let maximumNoteLength = 10_000

    /// The draft with its title trimmed, or the first rule it breaks.
    public static func validated(_ draft: MovieDraft) throws(MovieError) -> MovieDraft {
        var draft = draft
        draft.title = draft.title.trimmingWhitespace()
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
        // Stars that disagree with the word would say two things; the word wins.
        if let stars = draft.stars, stars.rating != draft.rating {
            draft.stars = nil
        }
        if let imdbID = draft.imdbID, !isIMDbID(imdbID) {
            throw .invalidIMDbID(imdbID)
        }
        if let uri = draft.letterboxdURI,
            !(uri.hasPrefix("https://") && uri.count > 8)
                || uri.unicodeScalars.contains(where: \.isControlCharacter)
        {
            throw .invalidLetterboxdURI(uri)
        }
        return draft
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

    /// `tt` followed by at least two digits, as the schema's CHECK says.
    public static func isIMDbID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count >= 4 && bytes[0] == UInt8(ascii: "t") && bytes[1] == UInt8(ascii: "t")
            && bytes[2...].allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

}
