import Basics
import MoviesCore

/// Options that say opposite things of whether a film was seen: `--rating not-seen` (the watchlist)
/// beside a watched day or stars, which say it was seen. The store would settle them one way without a
/// word (the day wins), so `add` and `edit` refuse them before anything is opened.
enum WatchStateRule {
    static func check(rating: RatingWord?, stars: StarRating?, watchedOn: CalendarDate?)
        throws(CommandLineRule)
    {
        guard rating == .notSeen else { return }
        let seen =
            if watchedOn != nil { "--watched gives a day it was seen" } else if stars != nil {
                "--stars rates it"
            } else { String?.none }
        guard let seen else { return }
        throw CommandLineRule(
            "--rating not-seen puts the movie on the watchlist, but \(seen): give one or the other")
    }

    /// A note for a viewing dated before the film's year, which is more often a typing slip (`2020` for
    /// `2023`) than a festival screening; said, not refused, since both happen.
    static func beforeReleaseNote(watchedOn: CalendarDate?, movie: Movie) -> String? {
        guard let watchedOn, let year = movie.year, watchedOn.year < year else { return nil }
        return "Note: \(watchedOn) is before \(TerminalText.singleLine(movie.title))'s year (\(year))."
    }
}
