/// How the command line ends, as sysexits.h names its statuses.
/// https://man.freebsd.org/cgi/man.cgi?query=sysexits
public enum ExitCode: Int32, Sendable {
    /// The command did what it was asked.
    case success = 0
    /// The request could not be carried out (an unknown id, a duplicate, a database that cannot be used).
    case failure = 1
    /// EX_USAGE: the command line, or a value in it, is wrong.
    case usage = 64
    /// EX_DATAERR: an input file holds bad data.
    case dataError = 65
    /// EX_NOINPUT: an input file does not exist or cannot be read.
    case noInput = 66
    /// EX_IOERR: the command saved its change, but its output could not be written (a full disk, a
    /// closed standard output); running it again would repeat the change.
    case outputFailedAfterChange = 74
    /// EX_TEMPFAIL: the database stayed busy past the timeout; trying again may work.
    case temporaryFailure = 75
}

/// An error a person can act on: what went wrong, in a sentence, and how the command line exits with it.
///
/// The one error contract of the package. Each error a user can meet conforms where it is defined (the
/// storage layer's technical `StorageError` gets its sentences from `MoviesCore`, which knows what the
/// file is for), so the command line and the view models print `message` and exit with `exitCode`
/// without knowing the error's type, and nothing ever branches on the text of a message.
package protocol UserFacingError: Error {
    /// What went wrong, as a sentence that starts with a capital letter and names what was refused and,
    /// where it can, how to put it right. Printed after `Error: `.
    var message: String { get }
    /// The exit status the command line ends with.
    var exitCode: ExitCode { get }
}

/// The sentence a person reads for any error: its own message when it is a `UserFacingError`, else what
/// Swift can say about it (an error no one expected, worded by its type).
package func userFacingMessage(for error: any Error) -> String {
    (error as? any UserFacingError)?.message ?? String(describing: error).capitalizingFirstLetter()
}

extension StringProtocol {
    /// The text with its first letter made upper case, for a sentence built from a lower-case phrase.
    /// Only ASCII letters change: a sentence never starts with a user's value (a path, a title), whose
    /// case is theirs.
    package func capitalizingFirstLetter() -> String {
        guard let first = unicodeScalars.first, ("a"..."z").contains(first) else { return String(self) }
        return String(first).uppercased() + String(String.UnicodeScalarView(unicodeScalars.dropFirst()))
    }
}
