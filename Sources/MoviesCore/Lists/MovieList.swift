import Basics
import FoundationEssentials
import UserFacing

/// A named, ordered list of films, as Letterboxd keeps them: its description, tags and address, and
/// how many films it holds.
public struct MovieList: Sendable, Hashable, Identifiable {
    public var id: Int64
    public var name: String
    public var description: String?
    public var tags: ViewingTags
    /// The list's page on Letterboxd, when it came from there.
    public var letterboxdURI: String?
    public var createdAt: Date
    public var updatedAt: Date
    /// How many films it holds.
    public var count: Int

    /// What a list is made of, before it is stored.
    public struct Draft: Sendable, Hashable {
        public var name: String
        public var description: String?
        public var tags: ViewingTags
        public var letterboxdURI: String?
        /// The day the list was made, when it came from elsewhere (a Letterboxd list export's `Date`);
        /// nil: the day it is stored.
        public var createdOn: CalendarDate?

        public init(
            name: String, description: String? = nil, tags: ViewingTags = [], letterboxdURI: String? = nil,
            createdOn: CalendarDate? = nil
        ) {
            self.name = name
            self.description = description
            self.tags = tags
            self.letterboxdURI = letterboxdURI
            self.createdOn = createdOn
        }
    }
}

/// A film at its place on a list.
public struct MovieListEntry: Sendable, Hashable {
    /// 1, 2, 3… in the list's order.
    public var position: Int
    public var movie: Movie
    /// What the list says of the film (Letterboxd's Description column).
    public var note: String?
}

/// Why a list command was refused.
public enum MovieListError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No list has this name.
    case noList(String, known: [String])
    /// The name is blank, too long or holds a control character.
    case invalidName(String)
    /// The film is not on the list.
    case notOnList(Movie, list: String)

    public var description: String {
        switch self {
        case .noList(let name, let known):
            "there is no list named '\(name)'"
                + (known.isEmpty
                    ? "; `movies lists add NAME FILM…` makes one"
                    : " (lists: \(known.joined(separator: ", ")))")
        case .invalidName(let name):
            "'\(name)' cannot name a list: a name is 1 to 500 characters, without control characters"
        case .notOnList(let movie, let list):
            "\(movie.titleWithYear) (movies show \(movie.id)) is not on the list '\(list)'"
        }
    }
}

extension MovieListError: UserFacingError {
    package var message: String { description.capitalizingFirstLetter() }
    package var exitCode: ExitCode {
        switch self {
        case .invalidName: .usage
        case .noList, .notOnList: .failure
        }
    }
}
