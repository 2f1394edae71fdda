import MoviesCore

/// A value read for one column of one row, before it is interpreted.
enum FieldValue: Hashable {
    /// A CSV/TSV field or a JSON string.
    case text(String)
    /// A JSON number, as written (`1995`, `3.5`), so nothing is lost to floating point.
    case number(String)
    /// A JSON `true` or `false`.
    case bool(Bool)
    /// A JSON array or object, skipped; the text names which (`an array`).
    case composite(String)
}

/// A column a row mapping reads; the raw value is its slot in `ImportRow.values`.
protocol ImportColumn: CaseIterable, RawRepresentable<Int> {
    /// The header name, normalized (see `ImportHeader.key(_:)`).
    var key: String { get }
    /// How messages name it (`watched date`).
    var label: String { get }
}

extension ImportColumn {
    /// The keys of all columns, in slot order.
    static var keys: [String] { allCases.map(\.key) }
}

/// One row's values in a mapping's column order, with the line it starts on.
struct ImportRow {
    let line: Int
    /// One value per column of the mapping; nil when absent, empty (CSV) or null (JSON).
    var values: [FieldValue?]

    /// The text of `column`, nil when it is absent or empty; refuses a JSON boolean, array or object.
    func text<Column: ImportColumn>(_ column: Column) throws(ImportRowProblem) -> String? {
        guard values.indices.contains(column.rawValue), let value = values[column.rawValue] else {
            return nil
        }
        switch value {
        case .text(let text), .number(let text): return text.isEmpty ? nil : text
        case .bool(let flag): throw .wrongType(column: column.label, found: flag ? "true" : "false")
        case .composite(let kind): throw .wrongType(column: column.label, found: kind)
        }
    }
}

/// Header names and where each column a mapping reads sits in a CSV/TSV record.
enum ImportHeader {
    /// `Letterboxd URI`, `LetterboxdURI` and `letterboxd_uri` all become `letterboxduri`: ASCII letters
    /// and digits, lowercased. One rule matches Letterboxd's export and import spellings, IMDb's old and
    /// new ones, and this program's snake_case names.
    static func key(_ name: String) -> String {
        var key = ""
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                key.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                key.unicodeScalars.append(Unicode.Scalar(byte + 0x20))
            default:
                break
            }
        }
        return key
    }

    /// The normalized keys of a header record.
    static func keys(_ header: [String]) -> [String] {
        header.map(key)
    }
}

/// Where each of a mapping's columns is in the records of one CSV/TSV file, found once from the header.
struct ColumnLayout {
    /// For each slot, the index of its field in a record, or nil when the file lacks the column.
    let fieldIndexes: [Int?]
    /// How many columns the header has.
    let headerCount: Int

    /// The layout of `header` for the columns `keys` (in slot order); the first column of a repeated
    /// name wins.
    init(header: [String], keys: [String]) {
        let headerKeys = ImportHeader.keys(header)
        fieldIndexes = keys.map { key in headerKeys.firstIndex(of: key) }
        headerCount = header.count
    }

    /// Whether the file has the column in `slot`.
    func has(slot: Int) -> Bool {
        fieldIndexes.indices.contains(slot) && fieldIndexes[slot] != nil
    }

    /// The row of `record`; an empty field is absent. More fields than the header has is an error
    /// (usually an unquoted comma that shifted every later field); fewer means the rest are absent.
    func row(_ record: CSVRecord) throws(ImportRowProblem) -> ImportRow {
        let fields = record.fields
        if fields.count > headerCount { throw .extraFields(count: fields.count, columns: headerCount) }
        var values: [FieldValue?] = []
        values.reserveCapacity(fieldIndexes.count)
        for index in fieldIndexes {
            if let index, index < fields.count, !fields[index].isEmpty {
                values.append(.text(fields[index]))
            } else {
                values.append(nil)
            }
        }
        return ImportRow(line: record.line, values: values)
    }
}
