import Storage

/// Reads one dataset file and inserts the rows a film diary needs, through statements prepared once.
enum DatasetInserter {
    /// How many rows a file had (its header left out), and how many the catalog kept.
    struct Counts {
        var read = 0
        var kept = 0
    }

    /// How often progress is reported: every this many lines.
    private static let progressInterval = 1 << 15

    static func insert(
        _ file: DatasetFile, into connection: Connection, state: inout LoadState,
        progress: CatalogLoader.Progress
    ) throws -> Counts {
        let reader: GzipReader
        do {
            reader = try GzipReader(path: file.path, inflating: file.isGzip)
        } catch {
            throw problem(.gzip(error), in: file)
        }
        let lines = DatasetLines(reader: reader, fieldCount: file.kind.columns.count)
        var counts = Counts()
        let header = file.kind.columns.joined(separator: "\t")
        var insert = try RowInsert(kind: file.kind, connection: connection)
        do {
            try lines.readEach { fields, lineNumber in
                if lineNumber == 1 {
                    let found = (0..<file.kind.columns.count).map { fields.text($0) }.joined(separator: "\t")
                    guard found == header else { throw wrongHeader(file) }
                    return
                }
                counts.read += 1
                do {
                    if try insert.insert(fields, state: &state, line: lineNumber, file: file) {
                        counts.kept += 1
                    }
                } catch let error as StorageError where error.isSQLite(.constraint) {
                    throw refusedRow(error, id: fields.text(0), line: lineNumber, in: file)
                }
                if counts.read % progressInterval == 0 {
                    progress(file.kind, reader.compressedBytesRead, reader.compressedSize)
                }
            }
        } catch let error as DatasetLines.Problem {
            throw problem(error, in: file)
        }
        if lines.lineNumber == 0 {
            throw CatalogError.badData(file: file.path, line: 0, reason: "it is empty (no header line)")
        }
        progress(file.kind, reader.compressedBytesRead, reader.compressedSize)
        return counts
    }

    /// A first line that is not the file's published header: another file under its name, or not a
    /// dataset at all.
    private static func wrongHeader(_ file: DatasetFile) -> CatalogError {
        .badData(
            file: file.path, line: 1,
            reason: "the header is not \(file.kind.fileName)'s (\(file.kind.columns.joined(separator: ", ")))"
        )
    }

    /// A line the catalog's constraints refuse, as bad data at that line like any other bad row: an id
    /// listed twice (a key of `titles`, `names`, `ratings` or `directors` taken already; IMDb lists each
    /// once), or a value the schema does not take. Without this it ended the load as a bare SQLite error.
    private static func refusedRow(_ error: StorageError, id: String, line: Int, in file: DatasetFile)
        -> CatalogError
    {
        let reason =
            error.isSQLite(.constraintPrimaryKey) || error.isSQLite(.constraintUnique)
            ? "'\(id)' is listed on an earlier line too; \(file.kind.fileName) lists each id once"
            : "the catalog cannot hold this line (\(error))"
        return .badData(file: file.path, line: line, reason: reason)
    }

    /// The user's words for a problem reading `file`.
    private static func problem(_ problem: DatasetLines.Problem, in file: DatasetFile) -> CatalogError {
        switch problem {
        case .gzip(.zlibUnavailable(let reason)): .zlibUnavailable(reason)
        case .gzip(.unreadable(let reason)): .missing(file: file.path, reason: reason)
        case .gzip(.damaged(let reason)):
            .badData(file: file.path, line: 0, reason: "not gzip or damaged (\(reason))")
        case .gzip(.truncated):
            .badData(
                file: file.path, line: 0,
                reason: "the gzip data ends too soon (the file is cut short; download it again)")
        case .fieldCount(line: 1, _, _): wrongHeader(file)
        case .fieldCount(let line, let found, let expected):
            .badData(
                file: file.path, line: line,
                reason: "\(found) fields where \(file.kind.fileName) has \(expected)")
        case .lineTooLong(let line, let limit):
            .badData(file: file.path, line: line, reason: "longer than \(limit) bytes")
        case .unterminatedLastLine(let line):
            .badData(
                file: file.path, line: line, reason: "the last line has no line break (the file is cut short)"
            )
        }
    }
}

/// The statements one kind of file inserts with, and how a line becomes their parameters.
private struct RowInsert {
    let kind: DatasetKind
    let primary: Statement
    let form: Statement?
    /// The alternative titles already stored for the film being read (title.akas lists a film's titles
    /// together, once per region; each distinct one is stored once).
    var formsOfFilm: (id: Int, titles: Set<[UInt8]>) = (-1, [])

    init(kind: DatasetKind, connection: Connection) throws {
        self.kind = kind
        switch kind {
        case .titleBasics:
            primary = try connection.prepare(
                """
                INSERT INTO titles (id, kind, title, original_title, is_adult, year, runtime_minutes, genres)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
            form = try connection.prepare("INSERT INTO title_forms (title_id, title) VALUES (?, ?)")
        case .titleAkas:
            primary = try connection.prepare("INSERT INTO title_forms (title_id, title) VALUES (?, ?)")
            form = nil
        case .titleCrew:
            primary = try connection.prepare(
                "INSERT INTO directors (title_id, position, name_id) VALUES (?, ?, ?)")
            form = nil
        case .titleRatings:
            primary = try connection.prepare(
                "INSERT INTO ratings (title_id, average, votes) VALUES (?, ?, ?)")
            form = nil
        case .nameBasics:
            primary = try connection.prepare("INSERT INTO names (id, name) VALUES (?, ?)")
            form = nil
        }
    }

    /// Inserts what `fields` hold that the catalog keeps; false when it keeps nothing of the line.
    mutating func insert(
        _ fields: Fields, state: inout LoadState, line: Int, file: DatasetFile
    ) throws -> Bool {
        func bad(_ reason: String) -> CatalogError { .badData(file: file.path, line: line, reason: reason) }
        func title(_ index: Int) throws -> Int {
            guard let id = fields.identifier(index, prefix: (0x74, 0x74)), id < IdentifierSet.limit else {
                throw bad("'\(fields.text(index))' is not an IMDb title id (tt and digits)")
            }
            return id
        }
        // A value IMDb's files should not hold does not cost the whole load, one odd row of eleven
        // million: a year or runtime that is not a number is stored as unknown, an isAdult other than 1
        // as 0, and a title without a title, or a rating out of range or without votes, is left out.
        // What makes a line unreadable (its number of fields, an id that is not one) is refused with
        // its line.
        func number(_ index: Int) -> Int? {
            if case .value(let value) = fields.number(index) { return value }
            return nil
        }
        switch kind {
        case .titleBasics:
            let id = try title(0)
            let type = fields[1]
            guard Self.isKept(type) else { return false }
            guard !fields.isNull(2), !fields[2].isEmpty else { return false }
            let adult = number(4) == 1 ? 1 : 0
            let year = number(5)
            let runtime = number(7)
            try primary.bind(id, at: 1)
            try primary.bindText(type, at: 2)
            try primary.bindText(fields[2], at: 3)
            try primary.bindText(fields.isNull(3) ? fields[2] : fields[3], at: 4)
            try primary.bind(adult, at: 5)
            try primary.bind(year, at: 6)
            try primary.bind(runtime.flatMap { $0 > 0 ? $0 : nil }, at: 7)
            if fields.isNull(8) { primary.bindNull(at: 8) } else { try primary.bindText(fields[8], at: 8) }
            try primary.run()
            state.titles.insert(id)
            if let form {
                try form.bind(id, at: 1)
                try form.bindText(fields[2], at: 2)
                try form.run()
                if !fields.isNull(3), !fields[3].elementsEqual(fields[2]) {
                    try form.bindText(fields[3], at: 2)
                    try form.run()
                }
            }
            return true
        case .titleAkas:
            let id = try title(0)
            guard state.titles.contains(id), !fields.isNull(2), !fields[2].isEmpty else { return false }
            if formsOfFilm.id != id { formsOfFilm = (id, []) }
            guard formsOfFilm.titles.insert(Array(fields[2])).inserted else { return false }
            try primary.bind(id, at: 1)
            try primary.bindText(fields[2], at: 2)
            try primary.run()
            return true
        case .titleCrew:
            let id = try title(0)
            guard state.titles.contains(id), !fields.isNull(1) else { return false }
            var position = 0
            for person in fields[1].split(separator: 0x2C, omittingEmptySubsequences: false) {
                guard
                    let nameID = Fields.identifier(
                        UnsafeBufferPointer(rebasing: person), prefix: (0x6E, 0x6D)),
                    nameID < IdentifierSet.limit
                else { throw bad("'\(fields.text(1))' is not a list of IMDb name ids (nm and digits)") }
                position += 1
                try primary.bind(id, at: 1)
                try primary.bind(position, at: 2)
                try primary.bind(nameID, at: 3)
                try primary.run()
                state.directors.insert(nameID)
            }
            return true
        case .titleRatings:
            let id = try title(0)
            guard state.titles.contains(id) else { return false }
            guard let average = Double(fields.text(1)), (0...10).contains(average), let votes = number(2)
            else { return false }
            try primary.bind(id, at: 1)
            try primary.bind(average, at: 2)
            try primary.bind(votes, at: 3)
            try primary.run()
            return true
        case .nameBasics:
            guard let id = fields.identifier(0, prefix: (0x6E, 0x6D)), id < IdentifierSet.limit else {
                throw bad("'\(fields.text(0))' is not an IMDb name id (nm and digits)")
            }
            guard state.directors.contains(id), !fields.isNull(1) else { return false }
            try primary.bind(id, at: 1)
            try primary.bindText(fields[1], at: 2)
            try primary.run()
            return true
        }
    }

    /// Whether a `titleType` is one a diary keeps (`DatasetKind.keptTitleTypes`), compared as bytes.
    private static func isKept(_ type: UnsafeBufferPointer<UInt8>) -> Bool {
        keptTypes.contains { $0.elementsEqual(type) }
    }

    private static let keptTypes: [[UInt8]] = DatasetKind.keptTitleTypes.map { Array($0.utf8) }
}
