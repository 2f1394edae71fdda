import Basics
import Feeds
import UserFacing

/// Why the news repository refused a request, in words a person can act on.
public enum NewsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL is not an absolute http or https URL.
    case invalidFeedURL(String)
    /// The feed is already subscribed.
    case alreadySubscribed(Feed)
    /// No feed has this id or URL.
    case feedNotFound(String)
    /// No feed is filed under this folder.
    case folderNotFound(String)
    /// No news item has this id.
    case itemNotFound(id: Int64)
    /// The item's title is blank.
    case blankTitle
    /// A field holds a control character (a terminal escape, a NUL...).
    case controlCharacter(field: String)
    /// A field is longer than allowed.
    case tooLong(field: String, limit: Int)
    /// An item's link is not an absolute http or https address (`WebAddress`), the only kind stored as
    /// a link a browser opens.
    case notAWebAddress(String)

    /// True for refusals of what the user typed (exit code 64), as opposed to the list's state.
    public var isValidation: Bool {
        switch self {
        case .invalidFeedURL, .blankTitle, .controlCharacter, .tooLong, .notAWebAddress: true
        case .alreadySubscribed, .feedNotFound, .folderNotFound, .itemNotFound: false
        }
    }

    public var description: String {
        switch self {
        case .invalidFeedURL(let url):
            "'\(url)' is not a feed address; give an http:// or https:// URL"
        case .alreadySubscribed(let feed):
            "already subscribed to \(feed.url) as feed #\(feed.id)"
        case .feedNotFound(let reference):
            "no subscribed feed \(reference)"
        case .folderNotFound(let folder):
            "no feed is filed under the folder '\(folder)' (news feeds --format json lists each feed's folder)"
        case .itemNotFound(let id):
            "no news item with id \(id)"
        case .blankTitle:
            "the title is blank; a news item needs a title"
        case .controlCharacter(let field):
            "the \(field) contains a control character; only printable text is allowed"
        case .tooLong(let field, let limit):
            "the \(field) is longer than \(limit) characters"
        case .notAWebAddress(let url):
            "'\(url)' is not a web address; an item's link is an http:// or https:// URL"
        }
    }
}

extension NewsError: UserFacingError {
    package var message: String { description.capitalizingFirstLetter() }
    package var exitCode: ExitCode { isValidation ? .usage : .failure }
}

/// A feed library missing on this machine, in the error contract: Feeds knows no exit codes.
extension LibraryUnavailable: UserFacingError {
    package var message: String { reason.capitalizingFirstLetter() + ". Nothing was changed" }
    package var exitCode: ExitCode { .failure }
}
