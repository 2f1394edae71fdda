import Basics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The shell's history file beside the database (`movies.sqlite-history`), used only while it is a
/// regular file or nothing yet.
///
/// readline's `write_history` opens the path it is given and follows a symbolic link: a link planted
/// there would have the shell append the user's commands to its target and change the target's mode.
/// So a history path that is a link, a folder, a FIFO or a device is neither read nor written (the shell
/// says so once), as a symbolic link in place of the database's `-wal` is refused; and the history is
/// saved by writing a new private file beside it and renaming it over the path (`ReplacementFile`),
/// which replaces whatever is at the path instead of writing through it.
struct HistoryFile {
    /// The history's path.
    let path: String

    /// What makes the path unusable ("is a symbolic link"), or nil when it is a regular file or absent.
    var problem: String? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFLNK: return "is a symbolic link"
        case S_IFDIR: return "is a folder"
        default: return "is not a regular file"
        }
    }

    /// Reads the history into `readline`, when the path is usable.
    func load(into readline: Readline) {
        guard problem == nil else { return }
        _ = readline.readHistory(path)
    }

    /// Saves `readline`'s history to the path, private (`0600`), replacing the file whole; nothing when
    /// the path is not usable (any more).
    func save(from readline: Readline) {
        guard problem == nil, let file = try? ReplacementFile(replacing: path, displayPath: path) else {
            return
        }
        file.closeDescriptor()
        guard readline.writeHistory(file.temporaryPath) == 0 else { return }
        try? file.commit()
    }
}
