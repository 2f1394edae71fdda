import FoundationEssentials

/// Reads RSS 0.90–2.0, RDF, Atom 0.3 and 1.0 (a feed, or a standalone entry) and JSON Feed 1.0/1.1
/// documents into a `ParsedFeed`.
///
/// A document that is not well-formed XML (an unclosed `<img>` in an Atom feed's XHTML) is read again
/// in libxml2's recovery mode, as other feed readers do, and kept when that gives items; the feed then
/// says so (`ParsedFeed.recoveredFrom`). A truncated document is not recovered: its last item would be
/// stored half-written, under an identity of its own.
///
/// Input is untrusted: the document is size-capped, read by libxml2 without network access, DTDs or
/// entity expansion after `XMLSanitizer` has removed its DOCTYPE, bounded in attributes, namespaces and
/// processor time, and every string that comes out is plain text without terminal controls. Bad input
/// is a `FeedParseError`, never a crash.
public enum FeedParser {
    /// The largest document accepted, in bytes; larger input is refused with `.tooLarge`.
    public static let maximumFeedBytes = 10 * 1024 * 1024

    /// The processor time one document may take by default: the fetcher's default timeout, so that
    /// reading a feed never costs more than fetching it may. It covers the whole reading: libxml2's
    /// parse and the layout of every item's HTML as text.
    public static let defaultProcessorTime: Duration = .seconds(15)

    /// How far in the future an item's date may be before it counts as no date: a day covers clocks
    /// and time zones that are off, not a feed that dates itself years ahead to stay on top.
    public static let futureDateTolerance: TimeInterval = 24 * 60 * 60

    /// Parses a feed document.
    ///
    /// - Parameters:
    ///   - baseURL: normally the URL the feed was fetched from; it makes relative links absolute
    ///     (without it they are resolved against the feed's site URL when possible).
    ///   - contentType: the HTTP `Content-Type` the document came with; its `charset` is used when
    ///     the document itself declares no encoding, and `application/feed+json` marks JSON.
    ///   - now: the time of reading; item dates more than `futureDateTolerance` after it count as none.
    ///   - processorTime: the processor time reading may take before it is stopped with `.tooSlow`.
    ///     Cancelling the calling task stops it too, with `.cancelled`.
    public static func parse(
        _ data: Data, baseURL: URL? = nil, contentType: String? = nil, now: Date = Date(),
        processorTime: Duration = defaultProcessorTime
    ) throws(FeedParseError) -> ParsedFeed {
        let latestDate = now.addingTimeInterval(futureDateTolerance)
        let budget = ReadingBudget(processorTime: processorTime)
        if JSONFeedReader.looksLikeJSON(data) {
            guard data.count <= maximumFeedBytes else {
                throw .tooLarge(bytes: data.count, limit: maximumFeedBytes)
            }
            return try JSONFeedReader.parse(data, baseURL: baseURL, latestDate: latestDate, budget: budget)
        }
        let handler = FeedDocumentHandler(baseURL: baseURL, latestDate: latestDate)
        let recovery = FeedDocumentHandler(baseURL: baseURL, latestDate: latestDate, isRecovering: true)
        let limits = XMLReadLimits(maximumBytes: maximumFeedBytes, budget: budget)
        let reading = try XMLDocumentReader.read(
            data, limits: limits, charset: ContentType.charset(of: contentType), handler: handler,
            recovery: recovery
        ) { root in
            let local = (root.split(separator: ":").last.map(String.init) ?? root).lowercased()
            return ["rss", "rdf", "feed", "entry"].contains(local) ? nil : .notAFeed(rootElement: root)
        }
        switch reading {
        case .wellFormed:
            return try handler.result(budget: budget)
        case .recovered(let strictError):
            // What recovery made of a broken document is kept only when it holds items: a title alone
            // read from a broken document is no feed to subscribe to.
            var feed = try recovery.result(budget: budget)
            guard !feed.items.isEmpty else { throw strictError }
            // Made of the document's element names: kept printable and on one line, as every field is.
            feed.recoveredFrom = HTMLText.plainText(
                fromText: OutsideText.safeToShow(strictError.description), singleLine: true)
            return feed
        }
    }
}

/// The parts of an HTTP `Content-Type` header the parser uses.
enum ContentType {
    /// The `charset` parameter (`text/xml; charset=iso-8859-1` gives `iso-8859-1`), unquoted; nil when
    /// there is none.
    static func charset(of header: String?) -> String? {
        guard let header else { return nil }
        for parameter in header.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingWhitespace().lowercased() == "charset" else { continue }
            var value = parts[1].trimmingWhitespace()
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            return value.isEmpty ? nil : value
        }
        return nil
    }
}
