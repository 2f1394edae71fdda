import Basics
import Storage
import UserFacing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opening the list for a command that only reads it, and for a dry run.
///
/// A command that only reads (`list`, `search`, `stats`, `export`, `backup`) changes nothing about the
/// file: it is opened to read only (`DatabaseConfiguration.Access.reads`), never asked to be writable,
/// so a file made read-only (`chmod 444`) reads as `sqlite3` reads it, another program's shared lock on
/// a rollback-journal file does not make it wait, its journal mode stays what it is (only a command
/// that writes switches a file to WAL), and no file, folder or log is left. A path with nothing there
/// is `NoListError`.
///
/// A file whose migrations are pending cannot be migrated without writing it. Such a command reads a
/// migrated copy instead: the file is copied, one snapshot of it, into a scratch file of this process
/// (`ScratchFile`, in the temporary folder, removed when the command ends), which is migrated and read.
/// The command shows what the file holds, as this binary shows it, and the file is left to the first
/// command that writes (or `movies migrate`), which migrates it. The copy costs what reading the file
/// costs, once per command, until then. A command that watches the file (`list --watch`) cannot read a
/// copy, which would never change: it is refused (`MigrationNeededError`), saying to migrate first.
///
/// A watching command must see other processes' commits, which an immutable handle never does: it opens
/// a file this user may write `.queryOnly`, as `.reads` does, and any other `.readOnly`, never
/// `.immutable`. On such a file in WAL mode that no other program has open, SQLite then creates the
/// `-wal` and `-shm` a reader needs, and a read-only handle leaves them when it closes
/// (https://www.sqlite.org/wal.html#readonly).
extension AppDatabase {
    /// The list at `path` for a command that only reads it: opened read-only, or, where its migrations
    /// are pending, a migrated copy of it (see the extension's comment). With `asItIs`, the file as it is,
    /// never migrated (`movies backup`, whose copy is the list as the older `movies` left it).
    public static func reading(path: String, options: Options = Options(), asItIs: Bool = false) throws
        -> AppDatabase
    {
        let (database, isCurrent) = try openForReading(path: path, options: options)
        guard !asItIs && !isCurrent else { return AppDatabase(database: database, path: path) }
        // A copy would never see the file's changes, which a watching command is for.
        guard options.usesOneConnection else { throw MigrationNeededError(path: path) }
        return try migratedCopy(of: database, path: path, options: options)
    }

    /// A list for a dry run (`import --dry-run`) to write to and throw away: a migrated copy of the list
    /// at `path`, or a new empty list where there is none. The file at `path` is only read, and nothing
    /// is created there.
    public static func rehearsing(path: String, options: Options = Options()) throws -> AppDatabase {
        guard exists(path) else { return try migratedCopy(of: nil, path: path, options: options) }
        return try migratedCopy(
            of: openForReading(path: path, options: options).database, path: path, options: options)
    }

    /// Whether something is at `path` (a file, or something `stat` cannot see into: opening says what).
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 || (errno != ENOENT && errno != ENOTDIR)
    }

    /// The file at `path` opened read-only, and whether its schema is current; checked as `init(path:)`
    /// checks it (another program's file, a newer `movies`'s, an edited migration are refused).
    private static func openForReading(path: String, options: Options) throws
        -> (database: Database, isCurrent: Bool)
    {
        let isCurrent = Locked(false)
        var configuration = options.configuration
        // One connection reads what the file holds now; a watching command's observers need a handle
        // that sees other processes' commits, which an immutable one never does.
        configuration.access =
            options.usesOneConnection ? .reads : DatabaseFile.isWritable(path) ? .queryOnly : .readOnly
        configuration.createIfMissing = false
        configuration.checkBeforeWriting = { connection in
            let pending = try migrator.checkCanMigrate(connection)
            isCurrent.withLock { $0 = pending.isEmpty }
        }
        do {
            let database = try Database(path: path, configuration: configuration)
            return (database, isCurrent.current)
        } catch StorageError.missing {
            throw NoListError(path: path)
        }
    }

    /// A scratch file holding one snapshot of `source` (or nothing), migrated, read as `path`.
    private static func migratedCopy(of source: Database?, path: String, options: Options) throws
        -> AppDatabase
    {
        var options = options
        options.scratch = try ScratchFile(named: "list.sqlite")
        options.createIfMissing = false
        if let source, let scratch = options.scratch {
            _ = try source.backup(into: scratch.path)
        }
        return try AppDatabase(
            path: options.scratch?.path ?? path, options: options, migrate: true, displayPath: path)
    }
}

/// A command that only reads was given a path with no list at it.
public struct NoListError: UserFacingError, Equatable {
    /// The path, as given.
    public var path: String

    package var message: String {
        "There is no list at \(path); nothing was created. A command that adds to it (movies add TITLE, "
            + "movies import FILE) starts one there"
    }
    package var exitCode: ExitCode { .failure }
}

/// A command that only reads and keeps watching (`list --watch`) was given a file whose migrations are
/// pending: it may not migrate it, and a migrated copy would never change.
public struct MigrationNeededError: UserFacingError, Equatable {
    /// The path, as given.
    public var path: String

    package var message: String {
        "The list at \(path) was written by an older movies and must be migrated before it can be "
            + "watched; nothing was changed. Run movies migrate (or any command that writes) first"
    }
    package var exitCode: ExitCode { .failure }
}
