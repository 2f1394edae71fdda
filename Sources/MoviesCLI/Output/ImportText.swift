import Interchange

/// How an import's report names the kinds of file it read, in words a person recognises.
enum ImportText {
    /// `Letterboxd diary`, `IMDb ratings`, `this program's CSV`; for a file read as Letterboxd's import
    /// layout (what `--from letterboxd` makes of any CSV with a Title column), what it was read as.
    static func kind(of reader: MovieImportReader) -> String {
        if let kind = reader.letterboxdKind {
            switch kind {
            case .ratings: return "Letterboxd ratings"
            case .watched: return "Letterboxd watched films"
            case .watchlist: return "Letterboxd watchlist"
            case .diary: return "Letterboxd diary"
            case .reviews: return "Letterboxd reviews"
            case .importLayout: return "a CSV with a Title column, read as Letterboxd's import format"
            }
        }
        switch reader.format {
        case .letterboxd: return "Letterboxd"
        case .imdb: return "IMDb ratings"
        case .csv: return "this program's CSV"
        case .tsv: return "this program's TSV"
        case .json: return "this program's JSON"
        case .ndjson: return "this program's NDJSON"
        }
    }
}
