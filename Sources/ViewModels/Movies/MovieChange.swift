import MoviesCore

/// One difference between two versions of a movie list: what the shell's change feed prints.
public enum MovieChange: Sendable, Hashable {
    /// A film that was not in the database before: added, imported, written by hand.
    case added(Movie)
    /// A film that was in the database before and now matches the list's filter (it was changed into
    /// it), or moved onto its page.
    case entered(Movie)
    case changed(before: Movie, after: Movie)
    case removed(Movie)

    /// The id of the movie concerned.
    public var id: Int64 {
        switch self {
        case .added(let movie), .entered(let movie), .removed(let movie): movie.id
        case .changed(_, let after): after.id
        }
    }

    /// The changes that turn `old` into `new`, compared by id: removals first, then changes and
    /// additions in the new list's order.
    ///
    /// A film new to the list is `added` when its id is above `highestIDBefore`, the highest id the
    /// database held when `old` was read (ids are handed out in increasing order and never reused), and
    /// `entered` otherwise: it was there, outside the list. What a film's timestamps say cannot tell
    /// them apart, since an import writes a film's `created_at` from its file.
    public static func differences(from old: [Movie], to new: [Movie], highestIDBefore: Int64)
        -> [MovieChange]
    {
        let oldByID = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let newIDs = Set(new.map(\.id))
        var changes = old.filter { !newIDs.contains($0.id) }.map(MovieChange.removed)
        for movie in new {
            if let before = oldByID[movie.id] {
                if before != movie {
                    changes.append(.changed(before: before, after: movie))
                }
            } else {
                changes.append(movie.id > highestIDBefore ? .added(movie) : .entered(movie))
            }
        }
        return changes
    }
}
