import MoviesCore

/// One difference between two versions of a movie list: what the shell's change feed prints.
public enum MovieChange: Sendable, Hashable {
    case added(Movie)
    case changed(before: Movie, after: Movie)
    case removed(Movie)

    /// The id of the movie concerned.
    public var id: Int64 {
        switch self {
        case .added(let movie), .removed(let movie): movie.id
        case .changed(_, let after): after.id
        }
    }

    /// The changes that turn `old` into `new`, compared by id: removals first, then changes and
    /// additions in the new list's order.
    public static func differences(from old: [Movie], to new: [Movie]) -> [MovieChange] {
        let oldByID = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let newIDs = Set(new.map(\.id))
        var changes = old.filter { !newIDs.contains($0.id) }.map(MovieChange.removed)
        for movie in new {
            if let before = oldByID[movie.id] {
                if before != movie {
                    changes.append(.changed(before: before, after: movie))
                }
            } else {
                changes.append(.added(movie))
            }
        }
        return changes
    }
}
