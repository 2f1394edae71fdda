// zlib's streaming inflate and deflate for Swift, loaded at run time.
//
// `movies catalog load` reads IMDb's datasets, which are gzip files of up to a gigabyte, as a stream
// through zlib: no child process (`zcat`), nothing held in memory but a buffer. Only that command (and
// the benchmark that writes such files) needs zlib, so it is dlopen()ed on first use instead of linked:
// every other command starts without it, and a machine without it is told so (exit 1). This target
// needs no zlib headers: the z_stream layout and the few constants it uses are declared in
// zlib_loader.c with the values of zlib's public, stable ABI (1.2 and newer).
//
// One stream belongs to one thread at a time; loading is safe from any thread.

#ifndef MOVIES_ZLIB_LOADER_H
#define MOVIES_ZLIB_LOADER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: - Loading

/// Loads zlib, once per process (later calls return the first answer). Returns 1 when zlib is usable,
/// 0 when not (see movies_zlib_load_error).
int movies_zlib_load(void);

/// After a failed movies_zlib_load: what went wrong (dlerror's text or a missing symbol); "" after a
/// successful load. The string lives as long as the process.
const char *movies_zlib_load_error(void);

// MARK: - Results

/// What a step reported.
typedef enum movies_zlib_status {
    /// Input was consumed or output produced; call again.
    MOVIES_ZLIB_CONTINUE = 0,
    /// The end of a gzip member (inflate) or of the stream (deflate with finish) was reached.
    MOVIES_ZLIB_MEMBER_END = 1,
    /// The data is not gzip, or is damaged (the message says how).
    MOVIES_ZLIB_DATA_ERROR = -3,
    /// Anything else zlib refused (memory, a misuse); the message says what.
    MOVIES_ZLIB_FAILED = -2,
} movies_zlib_status;

// MARK: - Inflating gzip

/// A gzip stream being inflated (zlib's z_stream with inflateInit2 and 16 + MAX_WBITS: a gzip header
/// and trailer, its CRC-32 and length checked).
typedef struct movies_inflate movies_inflate;

/// A new inflater, or NULL with `message` (`size` bytes) filled in when zlib is not loaded or refuses.
movies_inflate *movies_inflate_open(char *message, size_t size);

/// Inflates from `input` (`input_count` bytes) into `output` (`output_capacity` bytes); `*consumed` and
/// `*produced` say how much of each was used. MOVIES_ZLIB_MEMBER_END once a member's trailer checked
/// (what follows in the input may be the next member: see movies_inflate_next_member). On an error,
/// `message` (`size` bytes) says what zlib found.
movies_zlib_status movies_inflate_step(
    movies_inflate *stream, const void *input, size_t input_count, size_t *consumed, void *output,
    size_t output_capacity, size_t *produced, char *message, size_t size);

/// Prepares the inflater for the next gzip member after MOVIES_ZLIB_MEMBER_END (gzip files may be
/// several members one after the other, and `gzip -d` reads them all as one).
void movies_inflate_next_member(movies_inflate *stream);

void movies_inflate_close(movies_inflate *stream);

// MARK: - Deflating gzip

/// A gzip stream being written (deflateInit2 with 16 + MAX_WBITS), for the benchmark's and the tests'
/// generated datasets.
typedef struct movies_deflate movies_deflate;

/// A new deflater at `level` (1 fastest … 9 smallest), or NULL with `message` filled in.
movies_deflate *movies_deflate_open(int level, char *message, size_t size);

/// Deflates `input` into `output`; with `finish` set, MOVIES_ZLIB_MEMBER_END once the trailer is out.
movies_zlib_status movies_deflate_step(
    movies_deflate *stream, const void *input, size_t input_count, size_t *consumed, void *output,
    size_t output_capacity, size_t *produced, int finish, char *message, size_t size);

void movies_deflate_close(movies_deflate *stream);

#ifdef __cplusplus
}
#endif

#endif
