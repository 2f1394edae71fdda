import Storage

/// The ids (Letterboxd film addresses, IMDb ids) new films of an import took, each with the line of the
/// film that took it: a second new film with the same id is left out, naming the first.
///
/// The record is the table of new films itself (`NewFilmStaging`), and beside it the claims of the
/// title and year being placed: its films are staged only once all of them are placed, and two of
/// them can come to share an IMDb id (a row with the id alone joins one film by title, a row with the
/// id and the other film's address joins the other). A film left out is never staged and gives back
/// what it claimed in its group, so its ids are free again. Nothing here follows the file's size: a
/// fixed filter in memory (`MembershipFilter`) rules out almost every id, and only the rest are looked
/// up. A TEMP table of claims, one row an id written in batches, cost 1.1 s of an 11.5 s import of 200,000
/// films (interleaved runs, 2026-12-04), and a dictionary of them 210 bytes a film (268 MiB at
/// 1,000,000 films; movies-bench, 2026-12-03).
final class ImportClaims {
    private let newFilms: NewFilmStaging
    /// Which file a holder's line is of, for messages.
    let places: RowPlaces
    private let filter: MembershipFilter
    /// The ids claimed by films of the group being placed, not staged yet, with each film's line.
    private var claimedInGroup: [(id: String, line: Int)] = []
    /// The listed films a group has been placed on, with the line of its film: 16 bytes a film placed
    /// (4 MiB for 200,000 listed films imported again), only for films already listed.
    private var landed: [Int64: Int] = [:]

    init(newFilms: NewFilmStaging, places: RowPlaces) throws {
        self.newFilms = newFilms
        self.places = places
        guard let filter = MembershipFilter() else {
            throw StorageError.sqlite(code: .noMemory, message: "out of memory", sql: nil)
        }
        self.filter = filter
    }

    /// Starts the claims of another title and year: those of the group before are staged by now.
    func beginGroup() {
        claimedInGroup.removeAll(keepingCapacity: true)
    }

    /// Claims `id` for the film on `line`, and returns the line of the other new film already holding
    /// it, or nil when it was free. Ids are compared byte for byte, as the unique indexes compare them.
    func claim(_ id: String, line: Int) throws -> Int? {
        // Added to the filter either way: a film left out is never staged, and a later look finds its id
        // free.
        if filter.insert(id) {
            if let holder = claimedInGroup.first(where: { $0.id.utf8.elementsEqual(id.utf8) }) {
                return holder.line
            }
            if let holder = try newFilms.line(holding: id) { return holder }
        }
        claimedInGroup.append((id, line))
        return nil
    }

    /// Places the film on `line` on the listed film `id`, and returns the line of the film of another
    /// title and year already placed on it, or nil when none was. A listed film is one title's of the
    /// file at most, as a new one is (`claim`): the first import of a file whose two titles share an id
    /// makes one film and leaves the other title out, and so does every import after it.
    func land(on id: Int64, line: Int) -> Int? {
        if let holder = landed[id] { return holder }
        landed[id] = line
        return nil
    }

    /// Gives back the ids a film left out claimed in this group.
    func release(_ ids: [String]) {
        claimedInGroup.removeAll { claim in ids.contains { $0.utf8.elementsEqual(claim.id.utf8) } }
    }
}
