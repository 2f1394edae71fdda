import Basics

/// A C library the news commands load when they first need it is missing or unusable on this machine:
/// libcurl to fetch feeds, libxml2 to read XML. Not bad input, whatever was being read: the command
/// could not be carried out (exit 1), as for libzip.
public struct LibraryUnavailable: Error, Sendable, Hashable, CustomStringConvertible {
    /// The whole sentence, starting lower case (`cannot fetch feeds: libcurl.so.4 is not installed …`).
    public let reason: String

    public init(reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}

/// The libraries fetching and reading feeds need, checked before anything is fetched or written, so
/// that a machine without them gets one clear error instead of every feed recorded as failed.
public enum FeedLibraries {
    /// Throws when feeds cannot be fetched (libcurl) or read (libxml2) here; loads both.
    public static func checkFetchingAndReading() throws(LibraryUnavailable) {
        if let message = CurlLibrary.unavailableMessage {
            throw LibraryUnavailable(reason: message)
        }
        try checkReading()
    }

    /// Throws when XML (feeds, OPML files) cannot be read here; loads libxml2.
    public static func checkReading() throws(LibraryUnavailable) {
        if let message = LibXML2.unavailableMessage {
            throw LibraryUnavailable(reason: message)
        }
    }
}

extension FeedParseError {
    /// The library that is missing when the error is that one could not be loaded (`.xmlUnavailable`):
    /// a problem of the machine, not of the document. nil for every other error.
    public var unavailableLibrary: LibraryUnavailable? {
        guard case .xmlUnavailable(let message) = self else { return nil }
        return LibraryUnavailable(reason: message)
    }
}
