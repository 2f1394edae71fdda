// Temporary files removed when a signal ends the process.
//
// `movies export -o FILE` writes a temporary file beside FILE and renames it into place (a backup, a
// restore's kept copy too). A Ctrl-C, Ctrl-\, `kill`, a closed terminal or pipe, a timer or a crash
// would otherwise leave that file behind (120 MB for a backup). While a path is registered here, a
// handler for every signal whose default action ends the process unlinks every registered path and
// then lets the signal do what it did before (by default, end the process, so its exit status stays
// that of a killed process). A signal the process ignores (SIGXFSZ; SIGHUP under nohup) stays ignored.
// The handler is async-signal-safe: it only reads paths copied into static storage at registration,
// and calls unlink, sigaction and raise.
//
// SIGKILL cannot be caught; a file left by `kill -9` is the one case not covered.

#ifndef MOVIES_TEMPORARY_FILES_H
#define MOVIES_TEMPORARY_FILES_H

#ifdef __cplusplus
extern "C" {
#endif

/// Registers `path` (absolute or relative to the working directory, which must not change meanwhile)
/// for removal if a signal ends the process. Installs the handler with the first registration
/// (a signal the process ignores stays ignored). Returns the slot to unregister, or -1 when the path
/// is too long or every slot is taken (the file is then not removed on a signal). Thread-safe.
int movies_temporary_file_register(const char *path);

/// Forgets a registration (after the file was renamed into place or removed). The last one puts back
/// the signal dispositions found at the first registration. Thread-safe; -1 is ignored.
void movies_temporary_file_unregister(int slot);

/// How many paths inside `folder` (a prefix of theirs, without the last "/") are registered now; for
/// tests, which each ask about a folder of their own, so that tests running at the same time in the
/// process do not count each other's files.
int movies_temporary_file_count_in(const char *folder);

#ifdef __cplusplus
}
#endif

#endif
