import Basics
import FoundationEssentials
import MoviesCore
import Storage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The copies `movies restore` keeps, beside the database, of the lists it replaced:
/// `movies.sqlite.before-restore-2026-12-01T201533Z`, one per restore, never one over another.
///
/// A restore of the wrong backup followed by one of the right backup must not leave the original list
/// unrecoverable, so each kept copy gets a name of its own: the moment of the restore in UTC (names sort
/// by age), with `-2`, `-3` added when two restores share a second. The copy is written beside the
/// database as a `movies backup` is, verified, and then linked into place under its new name (`link`,
/// which fails rather than replace a file that is there).
public struct ReplacedLists: Sendable {
    /// What follows the database's name in a kept copy's name, before the time.
    public static let marker = ".before-restore-"

    /// The database the copies were kept for.
    public let databasePath: String

    /// The kept copies of the database at `databasePath`.
    public init(databasePath: String) {
        self.databasePath = databasePath
    }

    /// The paths of the kept copies, oldest first (their names sort by the time of the restore), for
    /// `movies restore --list`. Temporary files of a copy being written are not kept copies.
    public func paths() -> [String] {
        let (folder, name) = FolderEntry.split(databasePath)
        let prefix = name + Self.marker
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return
            entries
            .filter { $0.hasPrefix(prefix) && !$0.hasSuffix(".tmp") && DatabaseFiles.isBaseName($0) }
            .sorted()
            .map { folder == "." && !databasePath.hasPrefix("./") ? $0 : folder + "/" + $0 }
    }

    /// The kept copy `name` names: its file name as `restore --list` prints it
    /// (`movies.sqlite.before-restore-2026-12-01T201533Z`), or only the time that follows the marker
    /// (`2026-12-01T201533Z`, `2026-12-01T201533Z-2`); nil when no kept copy has that name.
    public func path(named name: String) -> String? {
        paths().first { path in
            let file = FolderEntry.split(path).name
            return file == name || file.hasSuffix(Self.marker + name)
        }
    }

    /// Copies the list `database` holds to a new kept copy, verified, and returns its path.
    func keep(_ database: Database, now: Date = Date(), progress: (Double) -> Void) throws -> String {
        let stamp = Self.stamp(now)
        for attempt in 1...100 {
            let path = databasePath + Self.marker + stamp + (attempt == 1 ? "" : "-\(attempt)")
            guard !FileManager.default.fileExists(atPath: path) else { continue }
            let target = try AppDatabase.backupDestination(path, refusingFilesOf: databasePath)
            do {
                _ = try AppDatabase.writeVerifiedCopy(
                    of: database, to: target, displayPath: path, replacing: false, progress: progress)
                return path
            } catch let error as OutputFileError where error.alreadyExists {
                continue  // another restore took the name meanwhile
            }
        }
        throw OutputFileError(
            path: databasePath + Self.marker + stamp, problem: "a hundred kept copies share this second")
    }

    /// `2026-12-01T201533Z`: the ISO-8601 basic form of `date`'s second in UTC, with no `:` (which some
    /// file systems and `scp` read as something else).
    static func stamp(_ date: Date) -> String {
        let text = Timestamp.string(from: date)  // 2026-12-01T20:15:33.123Z
        let day = text.prefix(10)
        let time = text.dropFirst(11).prefix(8).filter { $0 != ":" }
        return "\(day)T\(time)Z"
    }
}
