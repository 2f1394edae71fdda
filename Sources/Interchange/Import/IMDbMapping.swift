import Basics
import MoviesCore

/// Reads rows of IMDb's ratings (or watchlist) export into movies, by column name, so both the current
/// layout (`Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type,…`) and the old one
/// (`position,const,created,…,Title type,…,You rated,…`) work, in any column order.
///
/// `Your Rating` n of 10 is n half-stars, exactly; an empty rating (a watchlist row) is the watchlist.
/// `Date Rated` (or the old `created`) dates the rating and seeds `createdAt`: `2026-04-18`, or in US
/// order `4/18/2026` as exports made in the US write it; a day-first date is refused (see
/// `ImportValueParsing.ratedDay`). A `Title Type` other than a film's, in any of the languages IMDb
/// writes it in (`titleKinds`), marks the row as another kind of title (a series, an episode), which an
/// import leaves out unless asked to take TV; a type it does not know is left out too and named in the
/// summary. `Runtime (mins)`, `Genres` and `Directors` are kept on the film.
struct IMDbMapping {
    enum Column: Int, ImportColumn {
        case const, yourRating, youRated, dateRated, created, title, year, titleType, runtime, genres,
            directors

        var key: String {
            switch self {
            case .const: "const"
            case .yourRating: "yourrating"
            case .youRated: "yourated"
            case .dateRated: "daterated"
            case .created: "created"
            case .title: "title"
            case .year: "year"
            case .titleType: "titletype"
            case .runtime: "runtimemins"
            case .genres: "genres"
            case .directors: "directors"
            }
        }

        var label: String {
            switch self {
            case .const: "Const"
            case .yourRating, .youRated: "rating"
            case .dateRated: "Date Rated"
            case .titleType: "Title Type"
            case .runtime: "Runtime (mins)"
            case .created, .title, .year, .genres, .directors: key
            }
        }
    }

    /// What a title type names: a film, or another kind of title.
    enum TitleKind {
        case film, other
    }

    /// IMDb's title types as its exports write them in English, Italian, German, French, Spanish and
    /// Portuguese (the account's language), and the old export's; compared as `ImportHeader.key`
    /// normalizes them (`TV Movie` is `tvmovie`, `Película` is `pelcula`).
    static let titleKinds: [String: TitleKind] = {
        let films = [
            // English, and the old export's.
            "Movie", "TV Movie", "Video", "Short", "TV Short", "TV Special", "Feature Film", "Short Film",
            "Documentary",
            // Italian.
            "Film", "Film TV", "Corto", "Cortometraggio", "Speciale TV", "Corto TV",
            // German.
            "Fernsehfilm", "Kurzfilm", "TV-Film", "TV-Kurzfilm", "TV-Special", "Fernsehspecial",
            // French.
            "Téléfilm", "Court métrage", "Court-métrage", "Vidéo", "Spécial TV", "Émission spéciale",
            // Spanish.
            "Película", "Película de TV", "Película para televisión", "Cortometraje", "Vídeo",
            "Especial de TV",
            "Cortometraje de TV",
            // Portuguese.
            "Filme", "Filme para TV", "Filme de TV", "Telefilme", "Curta-metragem", "Curta", "Especial de TV",
        ]
        let others = [
            "TV Series", "TV Mini Series", "TV Mini-Series", "TV Episode", "Video Game", "Podcast Series",
            "Podcast Episode", "Music Video",
            "Serie TV", "Miniserie TV", "Episodio TV", "Videogioco", "Video musicale",
            "Fernsehserie", "Mini-Fernsehserie", "Miniserie", "Fernsehepisode", "Folge", "Episode",
            "Videospiel",
            "Musikvideo",
            "Série télévisée", "Série TV", "Mini-série", "Minisérie", "Épisode télévisé", "Épisode",
            "Jeu vidéo",
            "Clip vidéo",
            "Serie de TV", "Serie de televisión", "Miniserie de TV", "Episodio de TV", "Episodio",
            "Videojuego",
            "Vídeo musical",
            "Série de TV", "Série", "Minissérie", "Episódio de TV", "Episódio", "Jogo eletrônico",
            "Videogame",
            "Jogo de vídeo", "Videoclipe",
        ]
        var kinds: [String: TitleKind] = [:]
        for name in others { kinds[ImportHeader.key(name)] = .other }
        for name in films { kinds[ImportHeader.key(name)] = .film }
        return kinds
    }()

    /// What `type` names, or nil for a type this program does not know.
    static func titleKind(_ type: String) -> TitleKind? {
        titleKinds[ImportHeader.key(type)]
    }

    /// The last day a watched date may be.
    let today: CalendarDate

    /// Checks that a header has IMDb's id and title.
    static func check(_ layout: ColumnLayout, path: String) throws(ImportFileError) {
        guard layout.has(slot: Column.const.rawValue), layout.has(slot: Column.title.rawValue) else {
            throw .unknownFormat(
                path: path,
                reason: "the header lacks IMDb's 'Const' and 'Title' columns; an IMDb ratings export starts "
                    + "with Const,Your Rating,Date Rated,Title")
        }
    }

    func map(_ row: ImportRow) throws(ImportRowProblem) -> ImportedMovie {
        var stars = try ImportValueParsing.outOfTen(row.text(Column.yourRating))
        if stars == nil { stars = try ImportValueParsing.outOfTen(row.text(Column.youRated)) }
        var dateRated = try row.text(Column.dateRated)
        if dateRated == nil { dateRated = try row.text(Column.created) }
        let rated = try ImportValueParsing.ratedDay(dateRated, column: Column.dateRated.label)
        var meaning = ImportedMovie.Meaning()
        if let type = try row.text(Column.titleType), Self.titleKind(type) != .film {
            meaning.otherTitleType = type
        }
        var runtime: Int?
        if let text = try row.text(Column.runtime) {
            guard let minutes = Int(text.trimmingSpacesAndTabs()) else { throw .notARuntime(text) }
            runtime = minutes
        }
        return try ImportedMovie(
            line: row.line,
            title: row.text(Column.title) ?? "",
            year: ImportValueParsing.year(row.text(Column.year)),
            rating: stars?.rating ?? .notSeen,
            stars: stars,
            ratedOn: stars == nil ? nil : rated,
            imdbID: ImportValueParsing.imdbID(row.text(Column.const)),
            runtimeMinutes: runtime,
            genres: ImportValueParsing.names(row.text(Column.genres)),
            directors: ImportValueParsing.names(row.text(Column.directors)),
            createdAt: rated.map(ImportValueParsing.start(of:)),
            meaning: meaning
        ).validated(today: today)
    }
}
