import Storage

/// The ids (Letterboxd film addresses, IMDb ids) new films of an import took, each with the line of the
/// film that took it: a second new film with the same id is left out, naming the first.
///
/// The record is the table of new films itself (`NewFilmStaging`): a film claims its ids as it is
/// placed and is staged right after, before the next title's films claim theirs; a film left out is
/// never staged, so the ids it claimed are free again. Nothing here follows the file's size: a fixed
/// filter in memory (`MembershipFilter`) rules out almost every id, and only the rest are looked up in
/// the table. A TEMP table of claims, one row an id, was 0.7 of a 10.6 s import of 200,000 films, and a
/// dictionary of them was 210 bytes a film (268 MiB at 1,000,000 films; movies-bench, 2026-12-03/04).
final class ImportClaims {
    private let newFilms: NewFilmStaging
    private let filter: MembershipFilter

    init(newFilms: NewFilmStaging) throws {
        self.newFilms = newFilms
        guard let filter = MembershipFilter() else {
            throw StorageError.sqlite(code: .noMemory, message: "out of memory", sql: nil)
        }
        self.filter = filter
    }

    /// Claims `id` for the film being placed, and returns the line of the new film already holding it,
    /// or nil when it was free. (Any staged film is another: the one being placed is staged after.)
    func claim(_ id: String) throws -> Int? {
        // Added to the filter either way: a film left out is never staged, and a later look finds its id
        // free in the table.
        guard filter.insert(id) else { return nil }
        return try newFilms.line(holding: id)
    }
}
