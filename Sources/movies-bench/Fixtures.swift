import FoundationEssentials
import Interchange
import MoviesCore

/// The files the workloads run on: a CSV in the program's own format, and databases made from it.
///
/// Every field is filled in, so the `sqlite3` command's `.import --csv` (which cannot tell an empty field
/// from NULL) loads exactly the rows `movies import` loads, into the same schema; the CSV also carries the
/// title keys `movies` computes (which its import ignores and computes again), so that both write the
/// same columns and neither pays for a trigger the other does not.
struct Fixtures {
    let folder: String
    let movies: String
    let sqlite3: String

    /// The six Greek words titles rotate through; search workloads look them up.
    static let words = ["Alpha", "Beta", "Gamma", "Delta", "Kappa", "Omega", "Sigma", "Theta"]

    /// Writes `rows` movies to `path` as own-format CSV (header included).
    static func writeCSV(rows: Int, to path: String) throws {
        let sink = try OutputFileSink(path: path)
        // In the table's column order (the keys before what IMDb says of the film), which the `sqlite3`
        // baseline's `INSERT … SELECT *` follows; movies reads the columns by name.
        var header = MovieRecordWriter.fieldNames
        header.insert(
            contentsOf: ["title_key", "title_sort"],
            at: header.firstIndex(of: "runtime_minutes") ?? header.count)
        try sink.write(header.joined(separator: ",") + "\n")
        let ratings: [Rating] = [.terrible, .poor, .decent, .good, .excellent]
        for index in 1...max(1, rows) {
            let rating = ratings[index % ratings.count]
            let stars = StarRating(halfStars: rating.rank * 2)?.description ?? "3"
            let title = "Film \(index) \(words[index % words.count]) river\(index % 100)"
            let key = TitleKeys.identity(title)
            let line =
                "\(index),\(title),\(1900 + index % 120),"
                + "\(RatingWord(rating).rawValue),2024-0\(1 + index % 9)-1\(index % 9),note \(index),"
                + "2025-01-01T00:00:00.000Z,2025-01-01T00:00:00.000Z,\(stars),tt\(1_000_000 + index),"
                + "https://boxd.it/m\(index),\(1 + index % 3),2024-12-31,\(key),\(TitleKeys.sort(identity: key)),"
                + "\(80 + index % 100),Drama,Director \(index % 500)\n"
            try sink.write(line)
        }
        try sink.commit()
    }

    /// An empty database with every migration applied, made by the `movies` binary itself.
    func migratedTemplate() throws -> String {
        let path = folder + "/template.sqlite"
        if !FileManager.default.fileExists(atPath: path) {
            try Processes.check(movies, ["--db", path, "migrate"])
        }
        return path
    }

    /// A fresh copy of the empty migrated database at `path`.
    func freshDatabase(at path: String) throws {
        try? removeDatabase(at: path)
        try FileManager.default.copyItem(atPath: try migratedTemplate(), toPath: path)
    }

    /// A database holding the first `rows` movies of `csv`, loaded by the `sqlite3` command (fast C).
    func database(rows: Int, named name: String) throws -> String {
        let path = folder + "/" + name
        if FileManager.default.fileExists(atPath: path) { return path }
        let csv = folder + "/\(rows).csv"
        if !FileManager.default.fileExists(atPath: csv) {
            try Self.writeCSV(rows: rows, to: csv)
        }
        try freshDatabase(at: path)
        try Processes.check(sqlite3, [path, ".import --csv --skip 1 \(csv) movies"])
        return path
    }

    func removeDatabase(at path: String) throws {
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            try FileManager.default.removeItem(atPath: path + suffix)
        }
    }
}
