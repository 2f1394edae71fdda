// libcurl's easy interface for Swift, loaded at run time.
//
// `movies` fetches feeds in two commands only (news subscribe, news refresh). Linking libcurl (or
// FoundationNetworking, which links it) would make every command pay for loading libcurl, TLS,
// Kerberos, LDAP, nghttp2... at start-up, so libcurl is dlopen()ed on the first fetch instead.
// This target needs no curl headers: the few types and constants it uses are declared in
// curl_loader.c with the values of curl's public, stable ABI.
//
// Needs libcurl 7.32.0 or newer (CURLOPT_XFERINFOFUNCTION). Everything here is callable from any
// thread. The API has no variadic functions (Swift cannot call
// them); curl_easy_setopt and curl_easy_getinfo are called from C.

#ifndef MOVIES_CURL_LOADER_H
#define MOVIES_CURL_LOADER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: - Loading

/// Loads libcurl and calls curl_global_init, once per process (later calls return the first
/// answer). Returns 1 when libcurl is usable, 0 when not (see movies_curl_load_error).
int movies_curl_load(void);

/// After a failed movies_curl_load: 1 when no libcurl library file was found at all (libcurl is not
/// installed), 0 when one was found but could not be used. 0 after a successful load.
int movies_curl_load_missing(void);

/// After a failed movies_curl_load: what went wrong (dlerror's text, a missing symbol, a libcurl
/// older than 7.32.0, or the curl_global_init failure). "" after a successful load. The string lives as long as the process.
const char *movies_curl_load_error(void);

/// The library name tried first on this platform ("libcurl.so.4" or "libcurl.4.dylib").
const char *movies_curl_library_name(void);

// MARK: - Cancelling

/// A flag one thread raises to stop another thread's transfer (an atomic int, heap-allocated so
/// that it outlives whichever side finishes first).
typedef struct movies_curl_cancel_flag movies_curl_cancel_flag;

/// A new, lowered flag; NULL when out of memory. Free it with movies_curl_cancel_flag_free.
movies_curl_cancel_flag *movies_curl_cancel_flag_new(void);

/// Raises the flag: a transfer using it stops at its next progress callback (libcurl calls it
/// several times a second while data moves and about once a second while waiting).
void movies_curl_cancel_flag_raise(movies_curl_cancel_flag *flag);

/// Frees the flag; no transfer may still be using it.
void movies_curl_cancel_flag_free(movies_curl_cancel_flag *flag);

// MARK: - GET

/// What to fetch and the limits to apply. Strings are NUL-terminated; NULL or "" leaves a header
/// out. Header values containing CR or LF are left out too (they would inject headers).
typedef struct movies_curl_get_options {
    /// The absolute http(s) URL.
    const char *url;
    /// The User-Agent header value.
    const char *user_agent;
    /// The Accept header value.
    const char *accept;
    /// The If-None-Match header value (a saved ETag).
    const char *if_none_match;
    /// The If-Modified-Since header value (a saved Last-Modified).
    const char *if_modified_since;
    /// The whole transfer's deadline in milliseconds (CURLOPT_TIMEOUT_MS); at least 1.
    long timeout_ms;
    /// The deadline for connecting in milliseconds (CURLOPT_CONNECTTIMEOUT_MS); 0 uses timeout_ms.
    long connect_timeout_ms;
    /// The largest decoded body accepted, in bytes.
    int64_t maximum_bytes;
    /// How many redirects may be followed (CURLOPT_MAXREDIRS); 0 follows none.
    long maximum_redirects;
    /// Raised by another thread to stop the transfer; may be NULL.
    movies_curl_cancel_flag *cancel;
    /// A file descriptor open for writing, or -1: with one, the body of a 2xx answer is written to it as
    /// it arrives instead of being kept in memory (`body` stays NULL, `body_length` counts the bytes
    /// written), and no content encoding is asked for, so that byte offsets are the file's.
    int output_fd;
    /// With output_fd: the bytes the file holds already, asked again from there (Range: bytes=N-). A
    /// server that answers 200 instead of 206 sends the whole file, which then replaces what was there
    /// (the descriptor is truncated and rewound). maximum_bytes counts the whole file.
    int64_t resume_from;
    /// With resume_from: the If-Range header value, the validator (a strong ETag or a Last-Modified) the
    /// first attempt's answer gave, so that a server whose file changed since sends the whole new file
    /// (200) rather than the rest of it (RFC 9110, 13.1.5).
    const char *if_range;
    /// With output_fd: the whole file's size the first attempt learned, or -1. A 206 answer must say,
    /// in its Content-Range, that it starts at resume_from and (when this is known) that the file has
    /// this size; any other 206 is not read (MOVIES_CURL_STOP_RANGE_MISMATCH).
    int64_t expected_total;
    /// Called from the transfer's thread, a few times a second while data moves, with the bytes of the
    /// file so far and its whole size (-1 when unknown); may be NULL.
    void (*progress)(void *context, int64_t received, int64_t total);
    void *progress_context;
} movies_curl_get_options;

/// Why movies_curl_get stopped a transfer itself (curl then reports CURLE_WRITE_ERROR or
/// CURLE_ABORTED_BY_CALLBACK).
typedef enum movies_curl_stop {
    /// The transfer was not stopped by this code.
    MOVIES_CURL_STOP_NONE = 0,
    /// The decoded body grew past maximum_bytes, or a declared Content-Length (of an unencoded
    /// 2xx body) was over it.
    MOVIES_CURL_STOP_TOO_LARGE = 1,
    /// The cancel flag was raised.
    MOVIES_CURL_STOP_CANCELLED = 2,
    /// The final answer is neither 2xx nor a redirect and has a body: it is not read (the status
    /// is in `status`).
    MOVIES_CURL_STOP_STATUS = 3,
    /// With output_fd: a 206 answer whose Content-Range does not continue the file (another start, or
    /// another whole size, or none): the caller starts over.
    MOVIES_CURL_STOP_RANGE_MISMATCH = 4,
} movies_curl_stop;

/// What happened. Strings and the body are malloc()ed (NULL when absent); release them with
/// movies_curl_get_result_free.
typedef struct movies_curl_get_result {
    /// libcurl's CURLcode (0 is success); -1 when libcurl could not be loaded or set up.
    int curl_code;
    /// libcurl's error message for curl_code (the error buffer, else curl_easy_strerror).
    char *error_message;
    /// Set when this code stopped the transfer on purpose.
    movies_curl_stop stop;
    /// The last response's status code (0 when none arrived).
    long status;
    /// How many redirects were followed.
    long redirect_count;
    /// How many of them were temporary (any status but 301 and 308): when none was, the effective URL
    /// is the resource's new permanent address.
    long temporary_redirect_count;
    /// The URL of the last request (after redirects).
    char *effective_url;
    /// The last response's Location header (to name the scheme of a refused redirect).
    char *location;
    /// The last response's ETag header.
    char *etag;
    /// The last response's Last-Modified header.
    char *last_modified;
    /// The last response's Content-Type header (its charset matters to the parser).
    char *content_type;
    /// The body of a 2xx answer, decoded (gzip, deflate...); body_length bytes.
    unsigned char *body;
    /// The body's length in bytes.
    size_t body_length;
    /// With output_fd and resume_from: 1 when the server answered 206 (the bytes were appended), 0 when
    /// it sent the whole file again.
    int resumed;
    /// The last response's Content-Range: its first byte (-1 when absent or `bytes */N`) and the whole
    /// size (-1 when absent or `*`).
    int64_t range_start;
    int64_t range_total;
    /// The last response's Content-Length (-1 when absent).
    int64_t declared_length;
    /// With output_fd: the errno of a failed write (the transfer stopped with CURLE_WRITE_ERROR); 0.
    int write_errno;
} movies_curl_get_result;

/// Performs one GET with the given options, blocking the calling thread until it ends (so never
/// call it on a thread pool meant for short work). Fills `result`, which must be zeroed or freed
/// beforehand; call movies_curl_get_result_free afterwards even on failure.
void movies_curl_get(const movies_curl_get_options *options, movies_curl_get_result *result);

/// Frees what movies_curl_get allocated in `result` and zeroes it.
void movies_curl_get_result_free(movies_curl_get_result *result);

#ifdef __cplusplus
}
#endif

#endif
