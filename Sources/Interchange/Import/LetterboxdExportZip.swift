#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A Letterboxd export `.zip`, read in place with libzip: no child process, no temporary folder, no
/// password prompt, nothing written anywhere.
///
/// Only the files the import reads (`LetterboxdExportFolder.fileOrder`, and the list exports in its
/// `lists/`) are touched, at the zip's top level or in the one folder that holds them (a zipped export
/// folder); the rest of an export (likes, deleted, profile) is never inflated. Entries that are not regular files (symbolic links,
/// devices, folders) are skipped. A name that leads out of the archive (`../`, an absolute path) makes
/// the whole zip suspect, so it is refused.
///
/// Sizes are counted as the data inflates, never taken from the zip's headers (which a zip bomb
/// fills in as it likes): before anything is imported, each chosen file is inflated once, without
/// keeping its bytes, and refused past `Limits.file`, or the files together past `Limits.total`.
/// The import then inflates them again straight into the CSV reader, one buffer at a time, and any
/// byte beyond what was measured (the file changed meanwhile) stops it.
package struct LetterboxdExportZip {
    /// Caps on the uncompressed size of the files read.
    package struct Limits: Sendable {
        /// One file. Letterboxd's largest files (a diary of thousands of films, years of reviews) are a
        /// few megabytes: 128 MiB leaves a margin of more than ten times that.
        package var file: Int
        /// All the files read, together.
        package var total: Int

        package static let standard = Limits(file: 128 << 20, total: 256 << 20)

        package init(file: Int, total: Int) {
            self.file = file
            self.total = total
        }
    }

    /// One file the import reads: its entry, its full name in the archive, its measured size, and
    /// whether it is a list export (`lists/…csv`).
    private struct Part {
        let index: Int
        let name: String
        let size: Int
        var isList = false
    }

    private let path: String
    private let archive: ZipArchive
    private let parts: [Part]

    /// Readers over the export's files in `path`, in import order, once libzip is loaded and every
    /// file was found within the caps.
    package static func readers(of path: String, limits: Limits = .standard) throws(InputFileError)
        -> [MovieImportReader]
    {
        try open(path, limits: limits).readers()
    }

    /// Opens the zip at `path`, picks the export's files and measures them.
    package static func open(_ path: String, limits: Limits = .standard) throws(InputFileError)
        -> LetterboxdExportZip
    {
        if let reason = ZipLibrary.unavailableReason {
            throw .unsupported(
                path: path,
                reason: "zip files are read with libzip, which could not be loaded (\(reason)); install it "
                    + "(Debian and Ubuntu: apt-get install libzip4), or unzip the file and import its folder")
        }
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw .missing(path: path, reason: String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw .badData(path: path, reason: "it is not a regular file, so it cannot be read as a zip file")
        }
        let archive: ZipArchive
        do {
            archive = try ZipArchive(path: path)
        } catch {
            throw .badData(path: path, reason: Self.openingProblem(error))
        }
        return try LetterboxdExportZip(path: path, archive: archive, limits: limits)
    }

    /// Picks and measures the export's files in `archive`; `path` names it in messages.
    package init(path: String, archive: ZipArchive, limits: Limits) throws(InputFileError) {
        self.path = path
        self.archive = archive
        var parts: [Part] = []
        var total = 0
        for (file, index) in try Self.choose(in: archive, path: path) {
            let name = archive.name(at: index) ?? file
            let size = try Self.measure(
                index, name: name, in: archive, path: path, limit: min(limits.file, limits.total - total),
                limits: limits)
            total += size
            parts.append(
                Part(
                    index: index, name: name, size: size,
                    isList: file.hasPrefix(LetterboxdExportFolder.listsFolder + "/")))
        }
        self.parts = parts
    }

    /// Readers over the chosen files, in import order, inflating as they are read.
    package func readers() throws(InputFileError) -> [MovieImportReader] {
        var readers: [MovieImportReader] = []
        for part in parts {
            let name = path + "/" + part.name
            do {
                let entry = try archive.open(at: part.index)
                let input = ZipEntryInput(entry: entry, name: name, expectedSize: part.size)
                let source = ByteSource(input: input, name: name, size: part.size)
                readers.append(
                    try MovieImportReader(
                        source: source, format: part.isList ? .letterboxdList : .letterboxd, limits: .standard
                    ))
            } catch let error as ZipError {
                throw .badData(path: path, reason: Self.readingProblem(error, name: part.name))
            } catch let error as ImportFileError {
                throw InputFileError(opening: name, error)
            } catch {
                throw .badData(path: path, reason: "\(error)")
            }
        }
        return readers
    }

    // MARK: - Choosing the files

    /// The export's files (file name → entry index): those at the top level, else those of the one
    /// folder that holds any.
    private static func choose(in archive: ZipArchive, path: String) throws(InputFileError) -> [(String, Int)]
    {
        let wanted = Set(LetterboxdExportFolder.fileOrder)
        var folders: [String: [String: Int]] = [:]
        for index in 0..<archive.entryCount {
            guard let name = archive.name(at: index) else { continue }
            if let problem = unsafeNameProblem(name) {
                throw .badData(
                    path: path,
                    reason: "it holds an entry named '\(name)', \(problem); a Letterboxd export never does, "
                        + "so nothing was imported")
            }
            var components = name.split(separator: "/").filter { $0 != "." }.map(String.init)
            // A list export, lists/NAME.csv, is filed under that path.
            if components.count >= 2, components[components.count - 2] == LetterboxdExportFolder.listsFolder,
                let last = components.last, last.lowercased().hasSuffix(".csv")
            {
                components.removeLast(2)
                components.append(LetterboxdExportFolder.listsFolder + "/" + last)
            }
            guard let file = components.last, components.count <= 2,
                wanted.contains(file) || file.hasPrefix(LetterboxdExportFolder.listsFolder + "/"),
                archive.kind(at: index) == .regularFile
            else { continue }
            let folder = components.count == 2 ? components[0] : ""
            if folders[folder]?[file] != nil {
                throw .badData(path: path, reason: "it holds two entries named '\(name)'")
            }
            folders[folder, default: [:]][file] = index
        }
        let chosen: [String: Int]
        if let topLevel = folders[""] {
            chosen = topLevel
        } else if folders.count == 1, let only = folders.first {
            chosen = only.value
        } else if folders.isEmpty {
            throw LetterboxdExportFolder.noExportFiles(in: path)
        } else {
            throw .badData(
                path: path,
                reason: "it holds Letterboxd export files in several folders ("
                    + folders.keys.sorted().joined(separator: ", ")
                    + "); an export has them at its top level or in one folder")
        }
        let lists = chosen.keys.filter { $0.hasPrefix(LetterboxdExportFolder.listsFolder + "/") }.sorted()
        return (LetterboxdExportFolder.fileOrder + lists).compactMap { file in chosen[file].map { (file, $0) }
        }
    }

    /// Why an entry's name must not be in an export (it leads out of the archive's folder), or nil.
    /// Both separators count, since zip tools on Windows write backslashes.
    package static func unsafeNameProblem(_ name: String) -> String? {
        if name.hasPrefix("/") || name.hasPrefix("\\") {
            return "an absolute path"
        }
        if let colon = name.firstIndex(of: ":"), name.distance(from: name.startIndex, to: colon) == 1 {
            return "an absolute path (with a drive letter)"
        }
        let components = name.split(whereSeparator: { $0 == "/" || $0 == "\\" })
        if components.contains("..") {
            return "which leads out of the zip's folder (../)"
        }
        return nil
    }

    // MARK: - Measuring

    /// Inflates entry `index` without keeping it and returns its size; refused past `limit`.
    private static func measure(
        _ index: Int, name: String, in archive: ZipArchive, path: String, limit: Int, limits: Limits
    ) throws(InputFileError) -> Int {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)
        defer { buffer.deallocate() }
        var size = 0
        do {
            let entry = try archive.open(at: index)
            while true {
                let count = try entry.read(into: buffer)
                if count == 0 { return size }
                size += count
                guard size <= limit else {
                    let reason =
                        limit < limits.file
                        ? "its files unpack to more than \(Malformation.size(limits.total)) together"
                        : "its \(name) unpacks to more than \(Malformation.size(limits.file))"
                    throw InputFileError.badData(
                        path: path,
                        reason: reason + ", far more than a Letterboxd export holds; nothing was imported")
                }
            }
        } catch let error as ZipError {
            throw .badData(path: path, reason: readingProblem(error, name: name))
        } catch let error as InputFileError {
            throw error
        } catch {
            throw .badData(path: path, reason: "\(error)")
        }
    }

    // MARK: - Messages

    private static func openingProblem(_ error: ZipError) -> String {
        if error.isNotZip { return "it is not a zip file" }
        if error.isInconsistent { return "the zip file is damaged (\(error.message))" }
        return "it cannot be read as a zip file (\(error.message))"
    }

    private static func readingProblem(_ error: ZipError, name: String) -> String {
        if error.isEncrypted {
            return "its \(name) is encrypted (password-protected), and movies reads no encrypted zip files; "
                + "unzip it with the password and import the folder"
        }
        if error.isUnsupportedCompression {
            return "its \(name) is compressed with a method libzip cannot read here (\(error.message))"
        }
        return "its \(name) cannot be read (\(error.message)); the zip file may be damaged"
    }
}

/// One zip entry as a `ByteInput`, inflated as the reader asks; stops at any byte beyond the size
/// measured before the import began.
private final class ZipEntryInput: ByteInput {
    private let entry: ZipEntryReader
    private let name: String
    private let expectedSize: Int
    private var size = 0

    init(entry: ZipEntryReader, name: String, expectedSize: Int) {
        self.entry = entry
        self.name = name
        self.expectedSize = expectedSize
    }

    func read(into target: UnsafeMutablePointer<UInt8>, count: Int) throws(ImportFileError) -> Int {
        let read: Int
        do {
            read = try entry.read(into: UnsafeMutableRawBufferPointer(start: target, count: count))
        } catch {
            throw .damaged(path: name, reason: "it cannot be read (\(error.message))")
        }
        size += read
        if size > expectedSize || (read == 0 && size != expectedSize) {
            throw .damaged(path: name, reason: "the zip file changed while it was imported")
        }
        return read
    }
}
