/// Where the rows of an import are, when it reads several files (a Letterboxd export's folder or zip):
/// each file numbers its own lines, so a row's line is packed with its file's place among them into the
/// one integer the staging tables keep, and a message names the file as well as the line.
///
/// An import of one file keeps its lines as they are.
struct RowPlaces: Sendable {
    /// The files' names, in the order they are read.
    let names: [String]

    /// The bits a packed place keeps for the line; the file's place (from 1) is above them.
    private static let lineBits = 32
    private static let lineMask = (1 << lineBits) - 1

    private var packs: Bool { names.count > 1 }

    /// `line` of the file at `index`, as the staging tables keep it. A line past 2³² − 1 (no file of
    /// rows has that many) is kept unpacked: its message names no file.
    func packed(_ line: Int, file index: Int) -> Int {
        guard packs, (0...Self.lineMask).contains(line), names.indices.contains(index) else { return line }
        return ((index + 1) << Self.lineBits) | line
    }

    /// The name of the file of a packed place, or nil (one file, or a line kept unpacked).
    func file(of place: Int) -> String? {
        let index = (place >> Self.lineBits) - 1
        return packs && names.indices.contains(index) ? names[index] : nil
    }

    /// The line of a packed place within its file.
    func line(of place: Int) -> Int {
        file(of: place) == nil ? place : place & Self.lineMask
    }

    /// `line 3`, or `line 3 of diary.csv` when the import reads several files.
    func describe(_ place: Int) -> String {
        "line \(line(of: place))" + (file(of: place).map { " of \($0)" } ?? "")
    }

    /// A row error whose line is a packed place, with its file and its line within it.
    func located(_ error: ImportRowError) -> ImportRowError {
        guard let file = file(of: error.line) else { return error }
        var located = error
        located.file = file
        located.line = line(of: error.line)
        return located
    }
}
