// Loading a system library with dlopen() when it is first needed.
//
// `movies` links only SQLite and the C library. libcurl, libxml2 and libzip are each needed by a few
// commands, and linking them would make every command load them (and TLS, ICU, ...) at start-up, so
// their loaders (CCurlLoader, CXML2Loader, CZipLoader) load them on first use through this one
// mechanism; the shell's readline goes through movies_library_open from Swift. A library is described
// by the names it is looked for under and the table of symbols it must provide, and nothing else: each
// loader keeps its own declarations, version checks and initialisation.
//
// Names are system names only ("libcurl.so.4"), found by the dynamic loader's own search, never paths:
// the installed binary has no run path, so a library planted beside it is never loaded.

#ifndef MOVIES_LIBRARY_LOADER_H
#define MOVIES_LIBRARY_LOADER_H

#include <pthread.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One symbol a library provides, and where its address is written.
typedef struct movies_library_symbol {
    /// The symbol's name, as dlsym() takes it.
    const char *name;
    /// Receives its address. Function pointers are written through this too: object and function
    /// pointers have the same representation wherever dlsym() exists (POSIX requires it).
    void **address;
    /// 1 when the library may lack it (its address is then NULL), 0 when the library is unusable
    /// without it.
    int optional;
} movies_library_symbol;

/// Why a library could not be used.
typedef struct movies_library_failure {
    /// 1 when no file was found under any of its names (the library is not installed), 0 when one
    /// was found but could not be used (a broken file, a missing symbol, a version too old).
    int missing;
    /// What went wrong, NUL-terminated: the dynamic loader's message for the first name ("libzip.so.4:
    /// cannot open shared object file: No such file or directory"), "NAME lacks SYMBOL (...)", or
    /// what the library's own check said.
    char message[512];
} movies_library_failure;

/// Opens the first of `names` (`name_count` of them, tried in turn) that the dynamic loader opens, and
/// resolves every symbol of `symbols` into its address. Returns the handle, with `*opened` (when not
/// NULL) set to the index of the name that opened; or NULL with `failure` filled in, when no name
/// opens or the one that opened lacks a symbol that is not optional (it is then closed again). Safe
/// from any thread; loads again at each call (see movies_library_load for once per process).
void *movies_library_open(
    const char *const *names, size_t name_count, const movies_library_symbol *symbols, size_t symbol_count,
    size_t *opened, movies_library_failure *failure);

/// A library loaded at most once per process: its description, then the state movies_library_load
/// keeps. Declare one with MOVIES_LIBRARY.
typedef struct movies_library {
    const char *const *names;
    size_t name_count;
    const movies_library_symbol *symbols;
    size_t symbol_count;
    /// Run once, after every symbol resolved (NULL for nothing to do): checks the version, initialises
    /// the library. Returns 1 when it is usable, else 0 with what is wrong written into `message`
    /// (`size` bytes). It must not load the same library. The library stays loaded either way.
    int (*prepare)(char *message, size_t size);

    // The state, kept by movies_library_load.
    pthread_mutex_t lock;
    /// 0 before the first load, 1 when usable, 2 when not; read and written atomically.
    int state;
    movies_library_failure failure;
} movies_library;

/// The initialiser of a static movies_library from two arrays (the names and the symbol table) and a
/// prepare function or NULL.
#define MOVIES_LIBRARY(names_, symbols_, prepare_)                                                   \
    {                                                                                                \
        .names = (names_), .name_count = sizeof(names_) / sizeof((names_)[0]), .symbols = (symbols_), \
        .symbol_count = sizeof(symbols_) / sizeof((symbols_)[0]), .prepare = (prepare_),             \
        .lock = PTHREAD_MUTEX_INITIALIZER, .state = 0,                                               \
    }

/// Loads the library the first time it is asked, from any thread (the others wait for that first
/// answer), and returns 1 when it is usable, 0 when not. Later calls return the first answer. A loaded
/// library stays loaded until the process exits: other threads may still be inside it when it ends.
int movies_library_load(movies_library *library);

/// Loads the library if not yet tried; then 1 when it is not installed at all, else 0 (0 when usable).
int movies_library_missing(movies_library *library);

/// Loads the library if not yet tried; then what went wrong, or "" when it is usable. The string lives
/// as long as the process.
const char *movies_library_error(movies_library *library);

/// The name tried first ("libcurl.so.4"), the one a message names for the library.
const char *movies_library_first_name(const movies_library *library);

#ifdef __cplusplus
}
#endif

#endif
