import Basics
import MoviesCore

/// Writes a list in Letterboxd's list export layout, as `movies import` and Letterboxd read it:
///
/// ```
/// Letterboxd list export v7
/// Date,Name,Tags,URL,Description
/// 2024-01-02,Heists,"crime, favourites",https://letterboxd.com/someone/list/heists/,Who stole what
///
/// Position,Name,Year,URL,Description
/// 1,Heat,1995,https://letterboxd.com/film/heat-1995/,The diner scene
/// ```
public enum LetterboxdListWriter {
    /// Writes `list` and its `entries` into `sink`.
    public static func write(_ list: MovieList, entries: [MovieListEntry], to sink: any TextSink) throws {
        func line(_ fields: [String?]) -> String {
            fields.map { $0.map(FieldEncoding.csv) ?? "" }.joined(separator: ",") + "\n"
        }
        try sink.write("Letterboxd list export v7\n")
        try sink.write("Date,Name,Tags,URL,Description\n")
        let day = String(Timestamp.string(from: list.createdAt).prefix(10))
        try sink.write(line([day, list.name, list.tags.stored, list.letterboxdURI, list.description]))
        try sink.write("\nPosition,Name,Year,URL,Description\n")
        for entry in entries {
            try sink.write(
                line([
                    String(entry.position), entry.movie.title, entry.movie.year.map(String.init),
                    entry.movie.letterboxdURI, entry.note,
                ]))
        }
    }
}
