import App
import Basics
import FoundationEssentials
import MoviesCore
import UserFacing
import ViewModels

/// What a running command can use: its output streams, the terminal, the environment, and the
/// database, opened (and migrated) on first use.
@MainActor
final class CommandContext {
    let environment: [String: String]
    let output: OutputStream
    let errors: OutputStream
    let terminal: Terminal
    /// How stars are drawn for people: `★★★½` in a UTF-8 locale, `***1/2` otherwise.
    let glyphs: Glyphs
    /// `--db` when given.
    let databasePathOption: String?
    /// The command's names from the root (`["movies", "news", "list"]`), for messages and hints.
    let commandPath: [String]
    private var openedDatabase: AppDatabase?
    /// Whether long output may go through the pager: not with `--no-pager`, nor inside `movies shell`.
    var allowsPager = true
    /// Whether the database is opened with one connection (see `databaseOptions`): not by the commands
    /// that stay and watch the file (`movies shell`, `list --watch`), whose observers read while
    /// changes are written, and keep their own reader. Set before the database is first used.
    var isOneShot = true
    /// The pager the output goes through, once started.
    private var pager: Pager?
    /// The database's change count once opened and migrated: what the command itself writes is counted
    /// from here.
    private var changeCountWhenOpened = 0

    /// The shell the command runs in, when it runs in `movies shell`: what its screens show (the filter
    /// `list` keeps, the news list the marks go through) and how to move between them.
    weak var shell: ShellSession?

    /// The shell, for a command that only the shell has; refuses to run it anywhere else.
    func inShell() throws -> ShellSession {
        guard let shell else {
            throw CommandFailure(message: "This command runs in movies shell only", exitCode: .usage)
        }
        return shell
    }

    /// Asks the person at the terminal a yes-or-no question (`rm` of several movies); nil when nobody
    /// can be asked (a pipe, a script), and the command goes ahead. `movies shell` asks through its
    /// own line editor.
    var askYesNo: ((String) async -> Bool)?

    init(
        environment: [String: String], output: OutputStream, errors: OutputStream, terminal: Terminal,
        databasePath: String?, commandPath: [String] = []
    ) {
        self.commandPath = commandPath
        self.environment = environment
        self.output = output
        self.errors = errors
        self.terminal = terminal
        glyphs = Glyphs(environment: environment)
        self.databasePathOption = databasePath
        if terminal.isInputInteractive && terminal.isErrorInteractive {
            askYesNo = { [errors] question in
                errors.write(question)
                errors.flush()
                return Self.isYes(readLine(strippingNewline: true))
            }
        }
    }

    /// Whether an answer means yes: `y` or `yes`, in any case; anything else (and no answer) is no.
    nonisolated static func isYes(_ answer: String?) -> Bool {
        guard let answer else { return false }
        return ["y", "yes"].contains(answer.trimmingWhitespace().lowercased())
    }

    /// The file this command works on: `--db`, else `$MOVIES_DB`, else the XDG default, with a leading
    /// `~/` expanded; an empty path, or one with a control character, is a usage error (see
    /// `DatabaseLocation`). Thrown only by commands that use the database, so `movies --db "" help`
    /// still helps.
    var databasePath: String {
        get throws { try DatabaseLocation.path(option: databasePathOption, environment: environment) }
    }

    /// Whether `openedDatabase` may be written (it was not opened by `readingDatabase()`).
    private var openedForWriting = false

    /// The database for a command that writes, opened and migrated on first use: every command that
    /// writes to the store applies pending migrations first. Where there was no file, it is created, and
    /// the command says so when it succeeds (`createdList`): a mistyped `--db` or a wrong `HOME` would
    /// otherwise start a new list without a word.
    func database() throws -> AppDatabase {
        if let openedDatabase, openedForWriting { return openedDatabase }
        let database = try AppDatabase(path: try databasePath, options: databaseOptions)
        if database.createdFile {
            createdList = database.path
        }
        openedForWriting = true
        return opened(database)
    }

    /// The path of the list this command created, which it reports on standard error as it ends well
    /// ("Created a new list at …", after its own output, so a refusal's `Error:` still comes first).
    var createdList: String?

    /// The database for a command that only reads it (`list`, `search`, `stats`, `export`, `backup`):
    /// opened read-only, changing nothing about the file, or a migrated copy of it where its migrations
    /// are pending (`AppDatabase.reading`); with `asItIs`, never migrated. A path with no list is
    /// `NoListError`, and nothing is created.
    func readingDatabase(asItIs: Bool = false) throws -> AppDatabase {
        if let openedDatabase { return openedDatabase }
        return opened(
            try AppDatabase.reading(path: try databasePath, options: databaseOptions, asItIs: asItIs))
    }

    /// The database a dry run writes to and throws away (`AppDatabase.rehearsing`): nothing is written
    /// or created at the list's path.
    func rehearsalDatabase() throws -> AppDatabase {
        opened(try AppDatabase.rehearsing(path: try databasePath, options: databaseOptions))
    }

    /// Keeps `database` as the command's, counting its writes from now on.
    private func opened(_ database: AppDatabase) -> AppDatabase {
        openedDatabase = database
        changeCountWhenOpened = (try? database.changeCount()) ?? 0
        return database
    }

    /// True when the command has written to the database (and, having succeeded, committed it).
    var hasSavedChanges: Bool {
        guard let openedDatabase, let count = try? openedDatabase.changeCount() else { return false }
        return count > changeCountWhenOpened
    }

    /// Takes back the list this command created when it failed before writing anything of its own to
    /// it (a refused `news add` on a mistyped `--db`): bad input creates nothing. A list the command
    /// wrote to stays, with what it wrote.
    func removeCreatedListIfUnused() {
        guard createdList != nil, let openedDatabase, !hasSavedChanges else { return }
        self.openedDatabase = nil
        createdList = nil
        openedDatabase.removeCreatedFile()
    }

    /// Forgets the writes so far, for a command that rolled them back on purpose (a dry run), so they
    /// are not reported as saved.
    func discardChangeCount() {
        changeCountWhenOpened = openedDatabase.flatMap { try? $0.changeCount() } ?? 0
    }

    /// The movie store for a command about something already listed; `missing` is thrown where there is
    /// no database file yet, without creating one.
    func existingMovies(orElse missing: @autoclosure () -> any Error, reading: Bool = false) throws
        -> MovieStore
    {
        guard let store = try existingMoviesIfAny(reading: reading) else { throw missing() }
        return store
    }

    /// The movie store of the database file, or nil where there is none yet (which is then not created):
    /// for a command to which no file is an empty list. Any other failure to open it (a newer
    /// version's file, a damaged one) is thrown as it is. With `reading`, for a command that only reads
    /// (`show`, `diary`, `lists`), the file is opened as `readingDatabase()` opens it.
    func existingMoviesIfAny(reading: Bool = false) throws -> MovieStore? {
        if let openedDatabase { return openedDatabase.movies }
        if reading {
            do {
                return try readingDatabase().movies
            } catch is NoListError {
                return nil
            }
        }
        guard let database = try AppDatabase.existing(path: try databasePath, options: databaseOptions) else {
            return nil
        }
        return opened(database).movies
    }

    /// The film `reference` names, in the list that must exist: by id, or by a title that names one
    /// film. The one resolver of every command that takes a film (`show`, `rate`, `edit`, `rm`, `log`,
    /// `unwatch`, `lists add`...): an unknown id is `MovieError.notFound`, a title several films have
    /// `.ambiguousTitle` (naming each with its id and year), and a title none has `UnknownTitle`, with
    /// the nearest titles listed.
    func existingFilm(_ reference: FilmReference, reading: Bool = false) throws -> (
        store: MovieStore, movie: Movie
    ) {
        switch reference {
        case .id(let id):
            let store = try existingMovies(orElse: MovieError.notFound(id: id), reading: reading)
            guard let movie = try store.movie(id: id) else { throw MovieError.notFound(id: id) }
            return (store, movie)
        case .title(let title, let year):
            let store = try existingMovies(
                orElse: UnknownTitle(title: title, year: year, nearest: []), reading: reading)
            do {
                return (store, try store.film(titled: title, year: year))
            } catch MovieError.noFilmTitled {
                throw UnknownTitle(title: title, year: year, nearest: try store.nearestFilms(to: title))
            }
        }
    }

    /// What view models are built from, over the opened database.
    func dependencies() throws -> Dependencies {
        Dependencies(database: try database())
    }

    /// What view models are built from, for a command that only reads (see `readingDatabase()`).
    func readingDependencies() throws -> Dependencies {
        Dependencies(database: try readingDatabase())
    }

    /// The options the database is opened with; `MOVIES_BUSY_TIMEOUT_MS` overrides the busy timeout.
    /// One connection for a one-shot command: it reads and writes in turn, and opening the file twice
    /// would cost `movies list` more than its query.
    var databaseOptions: AppDatabase.Options {
        var options = AppDatabase.Options()
        options.usesOneConnection = isOneShot
        if let text = environment["MOVIES_BUSY_TIMEOUT_MS"], let milliseconds = Int(text), milliseconds >= 0 {
            options.busyTimeoutMilliseconds = milliseconds
        }
        return options
    }

    /// Sends what the command prints from now on through the pager (see `Pager`), when standard output
    /// is a terminal and paging is allowed; called by listing commands just before their first line.
    func startPager() {
        guard allowsPager, pager == nil, terminal.isOutputInteractive, environment["TERM"] != "dumb",
            let command = Pager.command(environment: environment)
        else { return }
        output.flush()
        pager = Pager.start(
            command: command, environment: environment, includingErrors: terminal.isErrorInteractive)
    }

    /// Hands the rest of the output to the pager and waits until the person leaves it; the terminal is
    /// the command's again afterwards (for an error to report). Does nothing when no pager runs.
    /// Returns how the pager failed, when it did (see `Pager.finish`).
    @discardableResult
    func finishPager() -> PagerFailure? {
        guard let pager else { return nil }
        output.flush()
        self.pager = nil
        return pager.finish()
    }

    /// A hint for a person on stderr (e.g. "No movies yet"); scripts never see it.
    func hint(_ text: String) {
        if terminal.isErrorInteractive {
            errors.line(terminal.dim(text))
        }
    }
}

/// Ends a command with an exit code after it has already reported why.
struct ExitStatus: Error {
    var code: ExitCode
}

/// A refusal with its own message and exit code, for failures that need the command's context (a file
/// name) around a lower layer's error.
struct CommandFailure: UserFacingError, CustomStringConvertible {
    var message: String
    var exitCode: ExitCode
    var description: String { message }
}
