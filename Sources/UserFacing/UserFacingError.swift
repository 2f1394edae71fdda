import Basics

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
/// The one error contract of the package, in a target of its own that only the domains' errors and the
/// front import (neither `Basics` nor `Storage` nor `Feeds` knows it). Each error a user can meet
/// conforms where it is defined (the storage layer's technical `StorageError` gets its sentences from
/// `App`, which knows what the file is for; the bottom layer's from this target), so the command line and
/// the view models print `message` and exit with `exitCode` without knowing the error's type, and nothing
/// ever branches on the text of a message.
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

// The bottom layer's own errors, in the same contract: Basics knows no command line, so their exit codes
// are given here, where the contract lives.

extension OutputFileError: UserFacingError {
    package var message: String { reason.capitalizingFirstLetter() }
    package var exitCode: ExitCode { .failure }
}

extension FullTextQuery.Problem: UserFacingError {
    package var message: String { description.capitalizingFirstLetter() }
    package var exitCode: ExitCode { .usage }
}
