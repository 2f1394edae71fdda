/// The namespaces feeds use, and the prefixes they conventionally carry.
enum XMLNamespaces {
    static let atom = "http://www.w3.org/2005/Atom"
    static let atom03 = "http://purl.org/atom/ns#"
    static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    static let rss10 = "http://purl.org/rss/1.0/"
    static let rss090 = "http://my.netscape.com/rdf/simple/0.9/"
    static let rss20Userland = "http://backend.userland.com/rss2"
    static let dublinCore = "http://purl.org/dc/elements/1.1/"
    static let content = "http://purl.org/rss/1.0/modules/content/"
    static let media = "http://search.yahoo.com/mrss/"
    static let xhtml = "http://www.w3.org/1999/xhtml"
    /// Apple's podcast namespace (`itunes:duration`); the spelling feeds use, any case of it.
    static let itunes = "http://www.itunes.com/dtds/podcast-1.0.dtd"

    /// Namespaces whose elements are the plain RSS vocabulary (`title`, `link`, `item`...).
    static let rssCore: Set<String> = ["", rss10, rss090, rss20Userland]

    /// Namespaces of Atom elements.
    static let atomFamily: Set<String> = [atom, atom03]

    /// Namespaces of Media RSS (some feeds omit the trailing slash).
    static let mediaFamily: Set<String> = [media, "http://search.yahoo.com/mrss"]

    /// Where a prefix used without a declaration most likely points; careless feeds write
    /// `<dc:creator>` without declaring `dc`, and the parser then reports no namespace at all.
    static let conventionalPrefixes: [String: String] = [
        "dc": dublinCore, "content": content, "media": media, "atom": atom, "rdf": rdf, "itunes": itunes,
    ]
}

/// An element name with its namespace resolved.
struct XMLName: Equatable {
    /// The namespace URI, "" for none.
    var namespace: String
    /// The local part, e.g. `encoded` for `content:encoded`.
    var local: String
    /// The name as written, e.g. `content:encoded`.
    var qualified: String

    func isRSS(_ name: String) -> Bool {
        local == name && XMLNamespaces.rssCore.contains(namespace)
    }

    func isAtom(_ name: String) -> Bool {
        local == name && XMLNamespaces.atomFamily.contains(namespace)
    }

    func isMedia(_ name: String) -> Bool {
        local == name && XMLNamespaces.mediaFamily.contains(namespace)
    }

    /// An element of Apple's podcast namespace; feeds write its address in other cases too
    /// (`http://www.itunes.com/DTDs/Podcast-1.0.dtd`).
    func isITunes(_ name: String) -> Bool {
        local == name && namespace.lowercased() == XMLNamespaces.itunes
    }

    func isDublinCore(_ name: String) -> Bool {
        local == name && namespace == XMLNamespaces.dublinCore
    }
}

/// An element's attributes keyed by their names as written (`rdf:about`, `xml:base`), with lookups
/// that ignore the prefix: feeds bind `rdf:` and the like to whatever prefix they please, or to none.
struct XMLAttributes {
    let values: [String: String]

    /// The value of the attribute whose local name is `name` (case-sensitive), first one found.
    subscript(_ name: String) -> String? {
        if let exact = values[name] {
            return exact
        }
        let suffix = ":" + name
        return values.first { $0.key.hasSuffix(suffix) }?.value
    }

    /// The value of the attribute named `name` ignoring case, for formats (OPML) written by hand.
    func caseInsensitive(_ name: String) -> String? {
        let lowered = name.lowercased()
        return values.first { $0.key.lowercased() == lowered }?.value
    }
}
