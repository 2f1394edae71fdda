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
    /// More than one feed has the title a command was given (the first of them, up to three).
    case feedTitleShared(String, ids: [Int64])
    /// No feed is filed under this folder.
    case folderNotFound(String)
    /// No news item has this id.
    case itemNotFound(id: Int64)
    /// An ignore rule with no condition would keep every item out.
    case emptyIgnoreRule
    /// An ignore rule's substring is blank.
    case blankIgnoreText(field: String)
    /// No ignore rule has this id.
    case ignoreRuleNotFound(id: Int64)
    /// A saved search's name is blank.
    case blankSearchName
    /// A search is saved under this name already.
    case searchAlreadySaved(String)
    /// No search is saved under this name.
    case searchNotFound(String)
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
        case .invalidFeedURL, .blankTitle, .controlCharacter, .tooLong, .notAWebAddress, .emptyIgnoreRule,
            .blankIgnoreText, .blankSearchName, .feedTitleShared:
            true
        case .alreadySubscribed, .feedNotFound, .folderNotFound, .itemNotFound, .ignoreRuleNotFound,
            .searchAlreadySaved, .searchNotFound:
            false
        }
    }

    public var description: String {
        switch self {
        case .invalidFeedURL(let url):
            "'\(url)' is not a feed address; give an http:// or https:// URL"
        case .alreadySubscribed(let feed):
            "already subscribed to \(feed.url) as feed \(feed.id)"
        case .feedNotFound(let reference):
            "no subscribed feed \(reference)"
        case .feedTitleShared(let title, let ids):
            "more than one feed is titled '\(title)' (\(ids.map(String.init).joined(separator: ", "))); give its number"
        case .folderNotFound(let folder):
            "no feed is filed under the folder '\(folder)' (news feeds --format json lists each feed's folder)"
        case .itemNotFound(let id):
            "no news item with id \(id)"
        case .emptyIgnoreRule:
            "an ignore rule needs a condition: --feed, --title, --author or --older-than"
        case .blankIgnoreText(let field):
            "the \(field) is blank; a rule with it would match every item"
        case .ignoreRuleNotFound(let id):
            "no ignore rule \(id) (news ignores lists them)"
        case .blankSearchName:
            "the search's name is blank"
        case .searchAlreadySaved(let name):
            "a search is saved as '\(name)' already (news forget-search removes it)"
        case .searchNotFound(let name):
            "no search is saved as '\(name)' (news searches lists them)"
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
