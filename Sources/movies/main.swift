// The `movies` executable: everything lives in MoviesCLI, so it can be tested and reused.
import CProcessArguments
import Glibc
import MoviesCLI

// The Swift runtime catches SIGQUIT as if it were a crash: it prints "Program crashed" and a backtrace
// (at a terminal, then waits at its interactive prompt), and then lets the process run on. SIGQUIT
// (Ctrl-\) is a request to quit: its default action, ending the process, is restored. The runtime's
// settings come only from $SWIFT_BACKTRACE, read before `main` runs, so a program cannot turn its
// backtracer off for itself; real crashes (SIGSEGV, SIGILL...) keep their report, which a bug report needs.
signal(SIGQUIT, SIG_DFL)

// A closed standard descriptor (`movies add X >&-`) would be taken by the next file opened, and output
// meant for the terminal would land in it (an export, the history). /dev/null, opened read-only, holds
// its place instead: reading it finds the end, writing it fails, and the failure is reported.
for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
    _ = open("/dev/null", O_RDONLY)  // the lowest free descriptor: this one, as those below are open
}

// `movies list | head -1`: once the reader has closed the pipe, a write would raise SIGPIPE, whose default
// action kills the process (status 141, which `set -o pipefail` scripts take for a failure). Ignored, the
// write fails with EPIPE instead, the listing stops reading, and the command exits 0: the reader chose to
// stop (`OutputFailure`), as ripgrep and git do. Children get the default back (`SpawnAttributes`).
signal(SIGPIPE, SIG_IGN)

// A write past the file-size limit (`ulimit -f`, RLIMIT_FSIZE) raises SIGXFSZ, whose default action
// kills the process mid-transaction with no message. Ignored, the write fails with EFBIG instead, SQLite
// rolls the transaction back and reports SQLITE_FULL, and the user reads "the disk is full".
signal(SIGXFSZ, SIG_IGN)

// The arguments as the C library passed them to `main` (CProcessArguments says why not `CommandLine`,
// which is asked only when the C library passed nothing to initialisers). CommandLine.arguments would
// replace bytes that are not UTF-8 with U+FFFD, so `movies add` would store a title other than the one
// given: such an argument is refused instead, before anything runs. The program's own name (argv[0],
// which only picks `movies` or `news`) is taken as it comes, repaired.
let passedCount = Int(movies_argument_count())
let argumentCount = passedCount > 0 ? passedCount : Int(CommandLine.argc)
let argumentVector = movies_arguments() ?? UnsafePointer(CommandLine.unsafeArgv)
var arguments: [String] = []
arguments.reserveCapacity(argumentCount)
for index in 0..<argumentCount {
    guard let pointer = argumentVector[index] else { break }
    if let argument = String(validatingCString: pointer) {
        arguments.append(argument)
    } else if index == 0 {
        let bytes = UnsafeRawBufferPointer(start: pointer, count: strlen(pointer))
        arguments.append(String(decoding: bytes, as: UTF8.self))
    } else {
        let message =
            "Error: Argument \(index) is not valid UTF-8; movies reads its arguments as UTF-8 text\n"
        _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        exit(64)
    }
}

// No `await` at the top level, so `main` is synchronous: a command that never waits (`list`, `show`,
// `search`, `add`...) runs to its end before Swift concurrency starts, which spares it the main task,
// the executor and their pages (docs/ARCHITECTURE.md, "Synchronous one-shot commands"). A command that
// waits runs in a main-actor task (`runInMainTask`).
switch MoviesCLI.launch(commandLine: arguments) {
case .finished(let code): exit(code)
case .waiting(let command): command.runInMainTask()
}
