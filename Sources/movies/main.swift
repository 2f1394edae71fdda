// The `movies` executable: everything lives in MoviesCLI, so it can be tested and reused.
import Foundation
import MoviesCLI

// A write past the file-size limit (`ulimit -f`, RLIMIT_FSIZE) raises SIGXFSZ, whose default action
// kills the process mid-transaction with no message. Ignored, the write fails with EFBIG instead, SQLite
// rolls the transaction back and reports SQLITE_FULL, and the user reads "the disk is full".
signal(SIGXFSZ, SIG_IGN)

exit(await MoviesCLI.main(commandLine: CommandLine.arguments))
