// libzip's reading interface for Swift, loaded at run time.
//
// `movies import` reads a Letterboxd export .zip in process with libzip: no child process, no
// temporary folder, each entry's size counted as it inflates. Only that one command needs libzip, so
// it is dlopen()ed on the first zip instead of linked: every other command starts without it, and a
// machine without it imports the unzipped folder instead. This target needs no libzip headers: the
// few types and constants it uses are declared in zip_loader.c with the values of libzip's public,
// stable ABI (1.0 and newer).
//
// One archive and its entries belong to one thread at a time (libzip's archives are not
// thread-safe); loading is safe from any thread.

#ifndef MOVIES_ZIP_LOADER_H
#define MOVIES_ZIP_LOADER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: - Loading

/// Loads libzip, once per process (later calls return the first answer). Returns 1 when libzip is
/// usable, 0 when not (see movies_zip_load_error).
int movies_zip_load(void);

/// After a failed movies_zip_load: what went wrong (dlerror's text or a missing symbol). "" after
/// a successful load. The string lives as long as the process.
const char *movies_zip_load_error(void);

// MARK: - Errors

/// libzip's error codes (ZIP_ER_* in zip.h) that callers tell apart; any other is reported by its text.
typedef enum movies_zip_error_code {
    MOVIES_ZIP_OK = 0,
    MOVIES_ZIP_CRC = 7,                 // the CRC of an entry's data does not match
    MOVIES_ZIP_COMPRESSION_UNSUPPORTED = 16,
    MOVIES_ZIP_NOT_ZIP = 19,
    MOVIES_ZIP_INCONSISTENT = 21,
    MOVIES_ZIP_ENCRYPTION_UNSUPPORTED = 24,
    MOVIES_ZIP_NO_PASSWORD = 26,        // the entry is encrypted and no password was given
    MOVIES_ZIP_WRONG_PASSWORD = 27,
    MOVIES_ZIP_NOT_LOADED = -1,         // movies_zip_load failed (not a libzip code)
} movies_zip_error_code;

/// What failed: libzip's code and its message ("Not a zip archive"), NUL-terminated.
typedef struct movies_zip_error {
    int code;
    char message[256];
} movies_zip_error;

// MARK: - Archives

/// An open archive (libzip's zip_t), read only.
typedef struct movies_zip movies_zip;

/// Opens the archive at `path` read only; NULL with `error` filled in on failure (or when libzip is
/// not loaded).
movies_zip *movies_zip_open(const char *path, movies_zip_error *error);

/// Opens an archive held in memory; `bytes` must stay valid and unchanged until movies_zip_close.
movies_zip *movies_zip_open_memory(const void *bytes, uint64_t length, movies_zip_error *error);

/// Closes the archive without writing anything (zip_discard). Entries must be closed first.
void movies_zip_close(movies_zip *archive);

/// How many entries the central directory lists.
uint64_t movies_zip_entry_count(movies_zip *archive);

/// The entry's name as UTF-8 (names not flagged UTF-8 are read as CP437, as zip tools do), or NULL.
/// Valid until the archive is closed.
const char *movies_zip_entry_name(movies_zip *archive, uint64_t index);

/// What an entry is, from its name and external attributes (Unix mode bits, or the DOS directory bit).
typedef enum movies_zip_entry_kind {
    MOVIES_ZIP_ENTRY_REGULAR = 0,
    MOVIES_ZIP_ENTRY_DIRECTORY = 1,
    MOVIES_ZIP_ENTRY_SYMLINK = 2,
    /// A device, FIFO or socket.
    MOVIES_ZIP_ENTRY_OTHER = 3,
} movies_zip_entry_kind;

movies_zip_entry_kind movies_zip_entry_kind_of(movies_zip *archive, uint64_t index);

// MARK: - Reading an entry

/// An entry open for reading (libzip's zip_file_t): its data inflated and decrypted, its CRC checked
/// when the end is read.
typedef struct movies_zip_entry movies_zip_entry;

/// Opens entry `index` for reading; NULL with `error` filled in on failure (an encrypted entry fails
/// with MOVIES_ZIP_NO_PASSWORD: no password is ever asked for).
movies_zip_entry *movies_zip_entry_open(movies_zip *archive, uint64_t index, movies_zip_error *error);

/// Reads up to `count` bytes of the entry's data into `buffer`: the number read, 0 at its end, or -1
/// with `error` filled in.
int64_t movies_zip_entry_read(movies_zip_entry *entry, void *buffer, uint64_t count, movies_zip_error *error);

/// Closes the entry.
void movies_zip_entry_close(movies_zip_entry *entry);

#ifdef __cplusplus
}
#endif

#endif
