/// One subscription read from, or written to, an OPML file.
public struct OPMLOutline: Sendable, Equatable {
    /// The outline's `text` (or, failing that, its `title`), on one line.
    public var title: String?
    /// The feed's address (`xmlUrl`), trimmed. Empty when the outline had none (see `problem`).
    public var xmlURL: String
    /// The site's address (`htmlUrl`), when given.
    public var htmlURL: String?
    /// The folder it is filed under: the title of the nearest enclosing outline that is not a feed
    /// (`<outline text="Tech">` around it); nil at the top level.
    public var folder: String?
    /// Why this outline cannot be subscribed to, or nil when it can. OPML import reports unusable
    /// outlines this way instead of dropping them silently, so the caller can tell the user.
    public var problem: OPMLOutlineProblem?

    /// Creates an outline; `problem` is nil for a usable subscription.
    public init(
        title: String?, xmlURL: String, htmlURL: String? = nil, folder: String? = nil,
        problem: OPMLOutlineProblem? = nil
    ) {
        self.title = title
        self.xmlURL = xmlURL
        self.htmlURL = htmlURL
        self.folder = folder
        self.problem = problem
    }
}

/// Why an OPML outline is not a usable feed subscription.
public enum OPMLOutlineProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// A leaf outline without an `xmlUrl` attribute (folders with children are not reported).
    case missingFeedURL
    /// `xmlUrl` is not an http(s) address (e.g. `file:`, `ftp:`, `javascript:`); carries the scheme.
    case unsupportedScheme(String)
    /// `xmlUrl` cannot be read as an absolute URL with a host.
    case invalidURL

    /// A short, user-facing message.
    public var description: String {
        switch self {
        case .missingFeedURL:
            return "the outline has no feed address (xmlUrl)"
        case .unsupportedScheme(let scheme):
            return "the feed address uses \"\(scheme):\", only http and https are supported"
        case .invalidURL:
            return "the feed address is not a valid URL"
        }
    }
}
