/// One of IMDb's dataset files (https://developer.imdb.com/non-commercial-datasets/), as the catalog
/// reads it: its published name, its header line and its number of fields.
///
/// The cases are in the order a load reads them: which films are kept is decided by `title.basics`, the
/// other title files keep only rows of those films, and `name.basics` only the people who directed one.
package enum DatasetKind: String, Sendable, CaseIterable, Comparable {
    case titleBasics = "title.basics"
    case titleAkas = "title.akas"
    case titleCrew = "title.crew"
    case titleRatings = "title.ratings"
    case nameBasics = "name.basics"

    /// `title.basics.tsv.gz`: the name IMDb publishes the file under.
    package var fileName: String { rawValue + ".tsv.gz" }

    /// `title.basics.tsv`: the name of the file once gunzipped (by `gunzip`, or a browser that
    /// inflates what it downloads), which a load reads as it is.
    package var plainFileName: String { rawValue + ".tsv" }

    /// The file's first line, column names separated by tabs, exactly as published.
    package var columns: [String] {
        switch self {
        case .titleBasics:
            [
                "tconst", "titleType", "primaryTitle", "originalTitle", "isAdult", "startYear", "endYear",
                "runtimeMinutes", "genres",
            ]
        case .titleAkas:
            ["titleId", "ordering", "title", "region", "language", "types", "attributes", "isOriginalTitle"]
        case .titleCrew: ["tconst", "directors", "writers"]
        case .titleRatings: ["tconst", "averageRating", "numVotes"]
        case .nameBasics:
            ["nconst", "primaryName", "birthYear", "deathYear", "primaryProfession", "knownForTitles"]
        }
    }

    /// The kind whose published file name, or its name once gunzipped, is the last part of `path`,
    /// or nil.
    package init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let kind = Self.allCases.first(where: { $0.fileName == name || $0.plainFileName == name })
        else { return nil }
        self = kind
    }

    /// The kinds of title IMDb calls `titleType` that a film diary holds: feature films, TV films,
    /// shorts (made for television too) and videos; not series, mini-series, pilots, episodes,
    /// specials or games. (The comment in the catalog's first migration, which predates `tvShort`,
    /// names four: a shipped migration's SQL is checksummed and stays as it was.)
    package static let keptTitleTypes: Set<String> = ["movie", "tvMovie", "short", "tvShort", "video"]

    package static func < (left: Self, right: Self) -> Bool {
        allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
    }
}
