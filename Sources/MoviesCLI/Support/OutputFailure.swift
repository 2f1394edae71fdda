import Basics
import UserFacing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard output that could not be written (a full disk, `>/dev/full`, a closed descriptor), found
/// once the command has finished.
///
/// When the command saved a change before its report was lost (`movies add X >/dev/full`), the change
/// stands, and the message and exit code say so: a script that sees 74 must not repeat the command.
struct OutputFailure: UserFacingError {
    /// The `errno` of the failed write.
    let code: Int32
    /// True when the command had saved a change to the database.
    let changeSaved: Bool

    /// The failure of `output`, after handing it what is still buffered; nil when everything was
    /// written, or the reader closed its pipe (`| head` is the reader's choice, not an error).
    init?(_ output: OutputStream, changeSaved: Bool) {
        output.flush()
        guard let code = output.writeError, code != EPIPE else { return nil }
        self.code = code
        self.changeSaved = changeSaved
    }

    var message: String {
        let reason = String(cString: strerror(code))
        return changeSaved
            ? "The change was saved, but its output could not be written: \(reason)"
            : "Cannot write the output: \(reason)"
    }

    var exitCode: ExitCode { changeSaved ? .outputFailedAfterChange : .failure }
}
