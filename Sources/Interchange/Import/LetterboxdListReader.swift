import Basics
import MoviesCore

/// A list as Letterboxd exports it (`lists/<name>.csv`): its name, description, tags, address and day,
/// from the block before its films.
public struct ImportedList: Sendable, Hashable {
    public var name: String
    public var description: String?
    public var tags: ViewingTags
    public var letterboxdURI: String?
    /// The day the list was made (`Date`), kept as the list's `created_at`.
    public var createdOn: CalendarDate?
}

/// Letterboxd's list export, `Letterboxd list export v7`:
///
/// ```
/// Letterboxd list export v7
/// Date,Name,Tags,URL,Description
/// 2024-01-02,Heists,"crime, favourites",https://letterboxd.com/someone/list/heists/,Who stole what
///
/// Position,Name,Year,URL,Description
/// 1,Heat,1995,https://letterboxd.com/film/heat-1995/,The diner scene
/// ```
///
/// The header block names the list; each row after the second header is a film at its position, named
/// by its film address (`URL`), with what the list says of it. A list says nothing of whether a film was
/// seen, so its rows never change that (a film new to the list of movies goes on the watchlist).
enum LetterboxdListReader {
    /// The first line of every list export.
    static let signature = "letterboxd list export"

    /// Whether the file's first bytes are a list export's first line.
    static func starts(_ prefix: UnsafeBufferPointer<UInt8>) -> Bool {
        let head = prefix.prefix(signature.utf8.count)
        return head.count == signature.utf8.count
            && String(decoding: head, as: UTF8.self).lowercased() == signature
    }

    /// Reads the header block of a list export from `reader` and returns the list and the layout of its
    /// film rows.
    static func header(_ reader: CSVReader, path: String) throws(ImportFileError) -> (
        ImportedList, ColumnLayout
    ) {
        guard let first = try reader.next(),
            ImportHeader.key(first.fields.first ?? "").hasPrefix("letterboxdlistexport")
        else {
            throw .unknownFormat(
                path: path,
                reason: "it does not start with 'Letterboxd list export', as Letterboxd's list exports do")
        }
        guard let blockHeader = try reader.next(), let block = try reader.next() else {
            throw .unknownFormat(
                path: path, reason: "the list's Date,Name,Tags,URL,Description lines are missing")
        }
        let blockLayout = ColumnLayout(header: blockHeader.fields, keys: BlockColumn.keys)
        let name: String?
        let list: ImportedList
        do {
            let row = try blockLayout.row(block)
            name = try row.text(BlockColumn.name)?.trimmingWhitespace()
            let uri = try row.text(BlockColumn.url)
            list = ImportedList(
                name: name ?? "",
                description: try row.text(BlockColumn.description),
                tags: ViewingTags(stored: try row.text(BlockColumn.tags)),
                letterboxdURI: try uri.map { text throws(ImportRowProblem) in
                    try ImportValueParsing.letterboxdURI(text) ?? text
                },
                createdOn: try ImportValueParsing.day(row.text(BlockColumn.date), column: "Date"))
        } catch {
            throw .unknownFormat(path: path, reason: "line \(block.line): \(error)")
        }
        guard let name, !name.isEmpty, name.unicodeScalars.count <= 500,
            !name.unicodeScalars.contains(where: \.isControlCharacter)
        else {
            throw .unknownFormat(path: path, reason: "line \(block.line): the list has no usable name")
        }
        guard let filmHeader = try reader.next() else {
            throw .unknownFormat(path: path, reason: "the Position,Name,Year,URL,Description line is missing")
        }
        let layout = ColumnLayout(header: filmHeader.fields, keys: Column.keys)
        guard layout.has(slot: Column.name.rawValue) else {
            throw .unknownFormat(
                path: path,
                reason: "line \(filmHeader.line): the films' header has no 'Name' column; a list export's "
                    + "films start with Position,Name,Year,URL,Description")
        }
        return (list, layout)
    }

    enum BlockColumn: Int, ImportColumn {
        case date, name, tags, url, description
        var key: String { label }
        var label: String {
            switch self {
            case .date: "date"
            case .name: "name"
            case .tags: "tags"
            case .url: "url"
            case .description: "description"
            }
        }
    }

    enum Column: Int, ImportColumn {
        case position, name, year, url, description
        var key: String { label }
        var label: String {
            switch self {
            case .position: "position"
            case .name: "name"
            case .year: "year"
            case .url: "url"
            case .description: "description"
            }
        }
    }

    /// Reads one film row of a list: a film named by its address, at its position (the row's order when
    /// the list is not ranked).
    struct Mapping {
        let today: CalendarDate
        /// The rows read so far, for a list without positions.
        var order = 0

        mutating func map(_ row: ImportRow) throws(ImportRowProblem) -> ImportedMovie {
            order += 1
            var position = order
            if let text = try row.text(Column.position) {
                guard let number = Int(text.trimmingSpacesAndTabs()), number >= 1, number <= 1_000_000 else {
                    throw .notAPosition(text)
                }
                position = number
            }
            return try ImportedMovie(
                line: row.line,
                title: row.text(Column.name) ?? "",
                year: ImportValueParsing.year(row.text(Column.year)),
                watchState: .watchlist,
                letterboxdURI: ImportValueParsing.letterboxdURI(row.text(Column.url)),
                listEntry: ImportedMovie.ListEntry(
                    list: 0, position: position, note: row.text(Column.description))
            ).validated(today: today)
        }
    }
}
