// The `movies` executable: everything lives in MoviesCLI, so it can be tested and reused.
import Foundation
import MoviesCLI

// A write past the file-size limit (`ulimit -f`, RLIMIT_FSIZE) raises SIGXFSZ, whose default action
// kills the process mid-transaction with no message. Ignored, the write fails with EFBIG instead, SQLite
// rolls the transaction back and reports SQLITE_FULL, and the user reads "the disk is full".
signal(SIGXFSZ, SIG_IGN)

// CommandLine.arguments replaces bytes that are not UTF-8 with U+FFFD, so `movies add` would store a
// title other than the one given. Such an argument is refused instead, before anything runs.
for index in 1..<Int(CommandLine.argc) {
    guard let argument = CommandLine.unsafeArgv[index], String(validatingCString: argument) == nil else {
        continue
    }
    FileHandle.standardError.write(
        Data("Error: Argument \(index) is not valid UTF-8; movies reads its arguments as UTF-8 text\n".utf8))
    exit(64)
}

exit(await MoviesCLI.main(commandLine: CommandLine.arguments))
