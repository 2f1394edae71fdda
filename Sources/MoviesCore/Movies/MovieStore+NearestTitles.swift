import Basics
import Storage

/// "Did you mean" for a title no film has (`movies show Haet`), and the titles Tab offers in the shell.
extension MovieStore {
    /// The titles that start with `prefix` (ASCII letters in any case: SQLite's `LIKE`,
    /// https://sqlite.org/lang_expr.html#like), in title order, at most `limit`, each once.
    public func titles(startingWith prefix: String, limit: Int = 100) throws -> [String] {
        let escaped = prefix.replacing("\\", with: "\\\\").replacing("%", with: "\\%").replacing(
            "_", with: "\\_")
        return try database.read { connection in
            try connection.cachedStatement(
                "SELECT DISTINCT title FROM movies WHERE title LIKE ? ESCAPE '\\' ORDER BY title LIMIT ?"
            ).fetchAll([escaped + "%", limit]) { $0.string(at: 0) }
        }
    }

    /// The titles and years of the films whose titles start with `prefix` in any case, non-ASCII
    /// letters too, in title order, at most `limit`: what the shells' completion scripts offer
    /// (`movies __complete films`). SQLite's `LIKE` folds ASCII letters only
    /// (https://sqlite.org/lang_expr.html#like), so each code point of another character of the prefix
    /// is any one there (`_`), and the case of the rest is compared here.
    public func titlesAndYears(startingWith prefix: String, limit: Int = 100) throws -> [(
        title: String, year: Int?
    )] {
        var pattern = ""
        for character in prefix {
            switch character {
            case "\\", "%", "_": pattern += "\\" + String(character)
            case _ where character.isASCII: pattern.append(character)
            default: pattern += String(repeating: "_", count: character.unicodeScalars.count)
            }
        }
        let lowered = prefix.lowercased()
        // Exact in SQL for an ASCII prefix; otherwise every candidate is read, then checked here.
        let rows = prefix.allSatisfy(\.isASCII) ? limit : -1
        let found = try database.read { connection in
            try connection.cachedStatement(
                "SELECT title, year FROM movies WHERE title LIKE ? ESCAPE '\\' ORDER BY title, year LIMIT ?"
            ).fetchAll([pattern + "%", rows]) { row in
                (title: row.string(at: 0), year: row.optionalInt(at: 1))
            }
        }
        return Array(found.lazy.filter { $0.title.lowercased().hasPrefix(lowered) }.prefix(limit))
    }

    /// The films whose titles are nearest `title`, for a person who named a film the list does not
    /// have: those a few edits from it (`EditDistance` over title keys, so case and runs of spaces
    /// aside), closest first, then those whose titles hold its words (`search`); at most `limit`.
    ///
    /// Only titles of about its length are read and compared (SQLite's `length` counts characters,
    /// https://sqlite.org/lang_corefunc.html#length), one pass over the table: this runs once, on a
    /// refusal, never on a command that succeeds.
    public func nearestFilms(to title: String, limit: Int = 3) throws -> [Movie] {
        let key = TitleKeys.identity(TitleKeys.stored(title))
        let tolerance = max(1, min(3, key.count / 3))
        let candidates = try database.read { connection in
            try connection.cachedStatement(
                "SELECT id, title_key FROM movies WHERE length(title_key) BETWEEN ? AND ? ORDER BY id"
            ).fetchAll([key.count - tolerance, key.count + tolerance]) { row in
                (id: row.int64(at: 0), key: row.string(at: 1))
            }
        }
        let close =
            candidates
            .map { (id: $0.id, distance: EditDistance.between(key, $0.key)) }
            .filter { $0.distance <= tolerance }
            .sorted { ($0.distance, $0.id) < ($1.distance, $1.id) }
            .prefix(limit).map(\.id)
        var films = try movies(ids: Array(close))
        // The words of the title (`Dune` for `Dune: Part Two`); text with no words finds nothing.
        if films.count < limit, let found = try? search(title, limit: limit) {
            for film in found where films.count < limit && !films.contains(where: { $0.id == film.id }) {
                films.append(film)
            }
        }
        return films
    }
}
