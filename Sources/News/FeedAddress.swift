import Basics
import Feeds
import FoundationEssentials

/// A feed's address as it is stored: so that the same feed typed two ways is one subscription.
///
/// Schemes and host names are case-insensitive, and a URL that names its scheme's default port says
/// nothing more than one that leaves it out (RFC 3986, section 6.2.2.1 and 6.2.3:
/// https://www.rfc-editor.org/rfc/rfc3986#section-6.2.3). So an address is stored with
/// - its scheme in lower case (`HTTP://` → `http://`; `feed://` is read as `http://`),
/// - its host in lower case (ASCII letters only, as SQLite's `lower()` in migration 0006 does),
/// - no port when it is the scheme's default (`:80` for http, `:443` for https) or empty (`host:/`),
///
/// and nothing else changed: the user name and password, the path, the query and the fragment keep their
/// case and their percent-escapes, because a server may tell them apart (`/Feed.xml` is not `/feed.xml`).
/// White space around the address is dropped.
///
/// A value made where an address enters (the command line, an OPML file, the shell, a page's announced
/// feeds) and typed through everything below, so it is normalised exactly once.
public struct FeedAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address as it is stored in `feeds.url`.
    public let text: String

    /// `text` normalised as above, or nil when it is not an absolute http(s) URL with a host and, if
    /// given, a port from 0 to 65535.
    public init?(_ text: String) {
        guard let normalised = Self.normalised(text) else { return nil }
        self.text = normalised
    }

    /// An address as a person types it: as `init(_:)`, and one written without its scheme
    /// (`example.org/feed`) taken as https (`OPML.schemeless`), with `insecureAlternative` its http
    /// form, which subscribing tries when https cannot be fetched.
    public init?(typed text: String) {
        let trimmed = text.trimmingWhitespace()
        if let address = FeedAddress(trimmed) {
            self = address
        } else if let secure = OPML.schemeless(trimmed), let address = FeedAddress(secure) {
            self = address
            isSchemeless = true
        } else {
            return nil
        }
    }

    /// True when the address was typed without a scheme and taken as https.
    public private(set) var isSchemeless = false

    /// The http form of an address typed without a scheme; nil for any other.
    public var insecureAlternative: FeedAddress? {
        guard isSchemeless, text.hasPrefix("https://") else { return nil }
        return FeedAddress("http://" + text.dropFirst("https://".count))
    }

    /// An address as the file stores it (already normalised when it was stored).
    init(stored text: String) {
        self.text = text
    }

    public var description: String { text }

    /// Two addresses are one when they are stored the same, however they were typed.
    public static func == (lhs: FeedAddress, rhs: FeedAddress) -> Bool { lhs.text == rhs.text }

    public func hash(into hasher: inout Hasher) { hasher.combine(text) }

    /// The URL to fetch.
    var url: URL? { URL(string: text) }

    /// `text` normalised as above, or nil (see `init(_:)`).
    static func normalised(_ text: String) -> String? {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.unicodeScalars.contains(where: \.isControlCharacter),
            let separator = trimmed.firstRange(of: "://")
        else { return nil }
        var scheme = trimmed[..<separator.lowerBound].asciiLowercased
        if scheme == "feed" { scheme = "http" }
        guard scheme == "http" || scheme == "https" else { return nil }
        let rest = trimmed[separator.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        let at = authority.firstIndex(of: "@")
        let user = at.map { authority[...$0] } ?? ""
        let hostAndPort = at.map { authority[authority.index(after: $0)...] } ?? authority
        guard let (host, port) = split(hostAndPort), !host.isEmpty else { return nil }
        let defaultPort = scheme == "http" ? "80" : "443"
        let keptPort = port.flatMap { $0.isEmpty || $0 == defaultPort ? nil : $0 }
        let address =
            scheme + "://" + user + host.asciiLowercased + (keptPort.map { ":" + $0 } ?? "")
            + rest[authorityEnd...]
        // What the fetcher will make of it: Foundation must read it as a URL with a host.
        guard let url = URL(string: address), let parsedHost = url.host, !parsedHost.isEmpty else {
            return nil
        }
        return address
    }

    /// The host and the port (nil when there is no `:`), or nil when the port is not a number up to
    /// 65535. An IPv6 literal keeps its brackets (`[::1]`).
    private static func split(_ hostAndPort: Substring) -> (host: Substring, port: Substring?)? {
        let portColon: Substring.Index?
        if hostAndPort.hasPrefix("[") {
            guard let close = hostAndPort.firstIndex(of: "]") else { return nil }
            let after = hostAndPort.index(after: close)
            guard after == hostAndPort.endIndex || hostAndPort[after] == ":" else { return nil }
            portColon = after == hostAndPort.endIndex ? nil : after
        } else {
            portColon = hostAndPort.lastIndex(of: ":")
        }
        guard let portColon else { return (hostAndPort, nil) }
        let port = hostAndPort[hostAndPort.index(after: portColon)...]
        guard port.allSatisfy(\.isASCIIDigit),
            port.isEmpty || (port.count <= 5 && Int(port) ?? .max <= 65_535)
        else { return nil }
        return (hostAndPort[..<portColon], port)
    }
}

extension Character {
    /// True for 0 to 9 only (not other scripts' digits, which `isNumber` accepts).
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

/// Which feed a command names: its id (`3`, `#3`, as `news feeds` shows it) or its address, in any
/// spelling of it.
public enum FeedReference: Sendable, Hashable, CustomStringConvertible {
    case id(Int64)
    case address(FeedAddress)
    /// The feed's title, as `news feeds` shows it (any case of it: `NOCASE`).
    case title(String)

    /// `text` as an id when it is one, else as an address, else as a title; nil when it is blank or
    /// the id 0.
    public init?(_ text: String) {
        let trimmed = text.trimmingWhitespace()
        let digits = trimmed.hasPrefix("#") ? trimmed.dropFirst() : Substring(trimmed)
        if !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) {
            guard let id = Int64(digits), id > 0 else { return nil }
            self = .id(id)
        } else if let address = FeedAddress(trimmed) {
            self = .address(address)
        } else if !trimmed.isEmpty {
            self = .title(trimmed)
        } else {
            return nil
        }
    }

    /// `3`, the address, or the title.
    public var description: String {
        switch self {
        case .id(let id): String(id)
        case .address(let address): address.text
        case .title(let title): title
        }
    }
}
