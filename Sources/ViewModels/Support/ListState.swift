/// Where a paged list is in its life, following the seed's list semantics.
public enum ListState: Sendable, Hashable {
    /// Nothing asked yet.
    case idle
    /// The first page (or a refresh) is being fetched.
    case loading
    /// The next page is being fetched; the items shown stay.
    case loadingMore
    /// Items are shown and more pages may follow.
    case loaded
    /// The list has no items.
    case empty
    /// The last request failed; the message is for a person. Items already shown stay.
    case error(String)
    /// Items are shown and the last page was short: there is nothing more to load.
    case noMoreData
}
