import FoundationEssentials

/// A movie as a bulk insert writes it: the fields of a validated draft, plus the id and timestamps a
/// file may carry (this program's own export keeps them; other sources leave them nil).
package struct MovieRecord: Sendable, Hashable {
    /// The id to keep, or nil for the next free one.
    package var id: Int64?
    /// The validated fields (see `MovieValidation`).
    package var draft: MovieDraft
    /// When the movie went on the list; nil for the time of the insert.
    package var createdAt: Date?
    /// When it last changed; nil for the time of the insert.
    package var updatedAt: Date?

    package init(id: Int64? = nil, draft: MovieDraft, createdAt: Date? = nil, updatedAt: Date? = nil) {
        self.id = id
        self.draft = draft
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
