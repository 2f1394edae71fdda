import Foundation

/// Many movies written into a file in one statement, as the program itself writes them: with their
/// title keys.
///
/// A row inserted without `title_key` has it derived by the trigger `movies_keys_after_insert` through
/// the view `movie_title_keys` (migration 0005), the path for rows another program writes. That view
/// spells each title's folding out in SQL, about 100 µs a row: 40 % of the time `sqlite3` took to write
/// 100,000 movies, and most of the million-title search test. `MovieStore` computes the keys in Swift
/// and writes them with the row, and so does this.
///
/// The connection's page cache is 256 MiB rather than SQLite's 2 MiB, so the indexes of a few hundred
/// thousand rows are written from memory (a quarter less time for 200,000;
/// https://www.sqlite.org/pragma.html#pragma_cache_size).
///
/// The titles must therefore be ones whose keys are their lower-case form: ASCII words separated by
/// single spaces, with no leading article or punctuation (`'Film ' || x`). Every thousandth row is
/// compared with what the view derives, so a title outside that form fails the test that wrote it.
public enum GeneratedMovies {
    /// Inserts `count` movies into the `movies` table of the file at `path`, numbered `x` from `first`:
    /// `title` and each of `columns` (column name → SQL expression) are SQL expressions of `x`.
    public static func insert(
        into path: String, count: Int, first: Int = 1, title: String,
        columns: KeyValuePairs<String, String> = [:]
    ) throws {
        let names = ["title", "title_key", "title_sort"] + columns.map(\.key)
        let values = [title, "lower(\(title))", "lower(\(title))"] + columns.map(\.value)
        try DirectSQL.run(
            path,
            """
            PRAGMA cache_size = -262144;
            WITH RECURSIVE n(x) AS (SELECT \(first) UNION ALL SELECT x + 1 FROM n WHERE x < \(first + count - 1))
            INSERT INTO movies (\(names.joined(separator: ", "))) SELECT \(values.joined(separator: ", ")) FROM n;
            """)
        let wrong = try DirectSQL.run(
            path,
            """
            SELECT m.title FROM movies AS m JOIN movie_title_keys AS k USING (id)
            WHERE m.id IN (SELECT id FROM movies WHERE id % 1000 = 1 OR id = (SELECT max(id) FROM movies))
              AND (m.title_key IS NOT k.title_key OR m.title_sort IS NOT k.title_sort)
            LIMIT 1;
            """)
        if !wrong.isEmpty {
            throw DirectSQLError(message: "a generated title's keys are not its lower-case form: \(wrong)")
        }
    }
}
