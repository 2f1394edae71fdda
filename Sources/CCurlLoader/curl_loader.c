// libcurl's easy interface, loaded with dlopen() on first use; see include/curl_loader.h for why.
//
// The types and constants below are copied from curl's public headers (curl/curl.h, 7.x and 8.x
// alike): option and info numbers, error codes and callback signatures are part of libcurl's stable
// ABI (soname libcurl.so.4 since 2006), so they are declared here and the build needs no curl
// headers and no libcurl-dev package.

#include "curl_loader.h"

#include "library_loader.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

// MARK: - libcurl's ABI (values from curl/curl.h)

typedef void CURL;
typedef int CURLcode;
struct curl_slist;
typedef int64_t curl_off_t;  // 64-bit on every platform libcurl supports

// Option numbers are a type base plus an index: CURLOPTTYPE_LONG 0, CURLOPTTYPE_OBJECTPOINT 10000
// (strings, pointers, lists), CURLOPTTYPE_FUNCTIONPOINT 20000, CURLOPTTYPE_OFF_T 30000.
enum {
    OPT_WRITEDATA = 10000 + 1,
    OPT_URL = 10000 + 2,
    OPT_ERRORBUFFER = 10000 + 10,
    OPT_WRITEFUNCTION = 20000 + 11,
    OPT_USERAGENT = 10000 + 18,
    OPT_HTTPHEADER = 10000 + 23,
    OPT_HEADERDATA = 10000 + 29,
    OPT_NOPROGRESS = 0 + 43,
    OPT_NETRC = 0 + 51,
    OPT_FOLLOWLOCATION = 0 + 52,
    OPT_XFERINFODATA = 10000 + 57,
    OPT_SSL_VERIFYPEER = 0 + 64,
    OPT_MAXREDIRS = 0 + 68,
    OPT_HEADERFUNCTION = 20000 + 79,
    OPT_HTTPGET = 0 + 80,
    OPT_SSL_VERIFYHOST = 0 + 81,
    OPT_NOSIGNAL = 0 + 99,
    OPT_ACCEPT_ENCODING = 10000 + 102,
    OPT_TIMEOUT_MS = 0 + 155,
    OPT_CONNECTTIMEOUT_MS = 0 + 156,
    OPT_PROTOCOLS = 0 + 181,           // bitmask; deprecated since 7.85.0
    OPT_REDIR_PROTOCOLS = 0 + 182,     // bitmask; deprecated since 7.85.0
    OPT_XFERINFOFUNCTION = 20000 + 219,
    OPT_PROTOCOLS_STR = 10000 + 318,        // since 7.85.0
    OPT_REDIR_PROTOCOLS_STR = 10000 + 319,  // since 7.85.0
};

// Info numbers are a type base plus an index: CURLINFO_STRING 0x100000, CURLINFO_LONG 0x200000.
enum {
    INFO_EFFECTIVE_URL = 0x100000 + 1,
    INFO_RESPONSE_CODE = 0x200000 + 2,
    INFO_REDIRECT_COUNT = 0x200000 + 20,
};

enum {
    CURLE_OK_ = 0,
    CURL_GLOBAL_DEFAULT_ = 3,  // CURL_GLOBAL_SSL | CURL_GLOBAL_WIN32
    CURL_NETRC_IGNORED_ = 0,
    CURLPROTO_HTTP_ = 1 << 0,
    CURLPROTO_HTTPS_ = 1 << 1,
    CURL_ERROR_SIZE_ = 256,
    CURLVERSION_FIRST_ = 0,
    VERSION_WITH_PROTOCOLS_STR = 0x075500,  // 7.85.0
    VERSION_NEEDED = 0x072000,              // 7.32.0: CURLOPT_XFERINFOFUNCTION
};

/// The first fields of curl_version_info_data, unchanged since CURLVERSION_FIRST.
struct version_info_prefix {
    int age;
    const char *version;
    unsigned int version_num;
};

typedef size_t (*data_callback)(char *data, size_t size, size_t count, void *context);
typedef int (*xferinfo_callback)(
    void *context, curl_off_t download_total, curl_off_t download_now, curl_off_t upload_total,
    curl_off_t upload_now);

// curl_easy_setopt and curl_easy_getinfo are variadic: called through pointers of their real,
// variadic type, with each argument of the exact type the option expects (long, pointer, function
// pointer), as the C calling convention for variadic calls requires.
typedef CURLcode (*easy_setopt_function)(CURL *handle, int option, ...);
typedef CURLcode (*easy_getinfo_function)(CURL *handle, int info, ...);

/// libcurl's functions, resolved on the first fetch (see `library` below), and its version.
static struct {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    easy_setopt_function easy_setopt;
    CURLcode (*easy_perform)(CURL *handle);
    easy_getinfo_function easy_getinfo;
    void (*easy_cleanup)(CURL *handle);
    const char *(*easy_strerror)(CURLcode code);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *text);
    void (*slist_free_all)(struct curl_slist *list);
    struct version_info_prefix *(*version_info)(int age);
    const char *version;
    unsigned int version_num;
} curl;

// MARK: - Loading

#if defined(__APPLE__)
static const char *const library_names[] = {"libcurl.4.dylib", "libcurl.dylib"};
#else
// libcurl.so (the -dev symlink) and Debian's GnuTLS flavour are fallbacks for odd installations.
static const char *const library_names[] = {"libcurl.so.4", "libcurl.so", "libcurl-gnutls.so.4"};
#endif

#define SYMBOL(field, name) {name, (void **)&curl.field, 0}
static const movies_library_symbol symbols[] = {
    SYMBOL(global_init, "curl_global_init"),
    SYMBOL(easy_init, "curl_easy_init"),
    SYMBOL(easy_setopt, "curl_easy_setopt"),
    SYMBOL(easy_perform, "curl_easy_perform"),
    SYMBOL(easy_getinfo, "curl_easy_getinfo"),
    SYMBOL(easy_cleanup, "curl_easy_cleanup"),
    SYMBOL(easy_strerror, "curl_easy_strerror"),
    SYMBOL(slist_append, "curl_slist_append"),
    SYMBOL(slist_free_all, "curl_slist_free_all"),
    SYMBOL(version_info, "curl_version_info"),
};
#undef SYMBOL

/// Once every function is resolved: curl_global_init, then the version check.
static int prepare(char *message, size_t size) {
    CURLcode code = curl.global_init(CURL_GLOBAL_DEFAULT_);
    if (code != CURLE_OK_) {
        snprintf(message, size, "curl_global_init failed: %s", curl.easy_strerror(code));
        return 0;
    }
    struct version_info_prefix *info = curl.version_info(CURLVERSION_FIRST_);
    if (info != NULL) {
        curl.version = info->version;
        curl.version_num = info->version_num;
    }
    if (curl.version_num < VERSION_NEEDED) {
        snprintf(message, size, "libcurl %s is too old (7.32.0 or newer is needed)",
                 curl.version != NULL ? curl.version : "(unknown version)");
        return 0;
    }
    // curl_global_cleanup is never called: other threads may still be inside libcurl when the process
    // ends.
    return 1;
}

static movies_library library = MOVIES_LIBRARY(library_names, symbols, prepare);

int movies_curl_load(void) {
    return movies_library_load(&library);
}

int movies_curl_load_missing(void) {
    return movies_library_missing(&library);
}

const char *movies_curl_load_error(void) {
    return movies_library_error(&library);
}

const char *movies_curl_library_name(void) {
    return movies_library_first_name(&library);
}

// MARK: - Cancelling

struct movies_curl_cancel_flag {
    atomic_int raised;
};

movies_curl_cancel_flag *movies_curl_cancel_flag_new(void) {
    movies_curl_cancel_flag *flag = malloc(sizeof *flag);
    if (flag != NULL) {
        atomic_init(&flag->raised, 0);
    }
    return flag;
}

void movies_curl_cancel_flag_raise(movies_curl_cancel_flag *flag) {
    if (flag != NULL) {
        atomic_store_explicit(&flag->raised, 1, memory_order_release);
    }
}

void movies_curl_cancel_flag_free(movies_curl_cancel_flag *flag) {
    free(flag);
}

static int is_raised(movies_curl_cancel_flag *flag) {
    return flag != NULL && atomic_load_explicit(&flag->raised, memory_order_acquire) != 0;
}

// MARK: - One transfer

/// The state the callbacks share; only the thread running curl_easy_perform touches it.
struct transfer {
    const movies_curl_get_options *options;
    movies_curl_get_result *result;
    size_t capacity;
    // The response whose headers are being read (1xx, redirects and the final answer in turn).
    long status;
    int in_headers;
    int64_t content_length;
    int encoded;
    // With output_fd: whether the file was truncated for a 200 answer to a Range request.
    int restarted;
};

/// The bytes of the file before this answer's body: what was resumed from, for a 206.
static int64_t offset_of_answer(const struct transfer *transfer) {
    return transfer->options->output_fd >= 0 && transfer->status == 206 ? transfer->options->resume_from : 0;
}

static void replace(char **slot, const char *text, size_t length) {
    free(*slot);
    *slot = NULL;
    char *copy = malloc(length + 1);
    if (copy != NULL) {
        memcpy(copy, text, length);
        copy[length] = '\0';
        *slot = copy;
    }
}

static int is_space(char character) {
    return character == ' ' || character == '\t' || character == '\r' || character == '\n';
}

/// Parses the status code of a status line such as "HTTP/1.1 404 Not Found" or "HTTP/2 200".
static long status_code(const char *line, size_t length) {
    size_t index = 5;
    while (index < length && line[index] != ' ') {
        index++;
    }
    while (index < length && line[index] == ' ') {
        index++;
    }
    long code = 0;
    for (int digits = 0; digits < 3 && index < length && line[index] >= '0' && line[index] <= '9'; digits++) {
        code = code * 10 + (line[index++] - '0');
    }
    return code;
}

/// Reads the digits at `*index` as a non-negative number (saturating); -1 when there are none.
static int64_t read_number(const char *text, size_t length, size_t *index) {
    int64_t number = -1;
    while (*index < length && text[*index] >= '0' && text[*index] <= '9') {
        int digit = text[(*index)++] - '0';
        number = number < 0 ? digit : (number > (INT64_MAX - 9) / 10 ? INT64_MAX : number * 10 + digit);
    }
    return number;
}

/// Parses a Content-Range value, `bytes 50-199/200` or `bytes */200` (RFC 9110, 14.4): the first
/// byte and the whole size, each -1 when absent, `*` or malformed.
static void parse_content_range(const char *value, size_t length, int64_t *start, int64_t *total) {
    *start = *total = -1;
    if (length < 6 || strncasecmp(value, "bytes ", 6) != 0) {
        return;
    }
    size_t index = 6;
    int64_t first = -1;
    if (index < length && value[index] == '*') {
        index++;
    } else {
        first = read_number(value, length, &index);
        if (first < 0 || index >= length || value[index++] != '-') {
            return;
        }
        int64_t last = read_number(value, length, &index);
        if (last < first) {
            return;
        }
    }
    if (index >= length || value[index++] != '/') {
        return;
    }
    size_t digits = index;
    int64_t size = read_number(value, length, &index);
    *start = first;
    *total = index == length && index > digits ? size : -1;
}

/// Called once per header line of every response, status line and final empty line included.
static size_t on_header(char *data, size_t size, size_t count, void *context) {
    struct transfer *transfer = context;
    movies_curl_get_result *result = transfer->result;
    size_t length = size * count;
    if (length >= 5 && memcmp(data, "HTTP/", 5) == 0) {
        // A new response after a redirect with a Location: libcurl followed it.
        if (transfer->status >= 300 && transfer->status <= 399 && result->location != NULL
            && transfer->status != 301 && transfer->status != 308) {
            result->temporary_redirect_count++;
        }
        transfer->status = status_code(data, length);
        transfer->in_headers = 1;
        transfer->content_length = -1;
        transfer->encoded = 0;
        free(result->etag);
        free(result->last_modified);
        free(result->location);
        free(result->content_type);
        result->etag = result->last_modified = result->location = result->content_type = NULL;
        result->range_start = result->range_total = result->declared_length = -1;
        return length;
    }
    if (!transfer->in_headers) {
        return length;  // trailers after a chunked body
    }
    size_t end = length;
    while (end > 0 && is_space(data[end - 1])) {
        end--;
    }
    if (end == 0) {
        // End of this response's headers: a 2xx body declared too large is refused before it comes
        // (an encoded body's declared length is not its decoded size; the write callback judges it).
        transfer->in_headers = 0;
        // A 206 continues the file only where it starts at the bytes kept and is of the file's size.
        if (transfer->status == 206 && transfer->options->output_fd >= 0
            && (result->range_start != transfer->options->resume_from
                || (transfer->options->expected_total >= 0
                    && result->range_total != transfer->options->expected_total))) {
            result->stop = MOVIES_CURL_STOP_RANGE_MISMATCH;
            return 0;
        }
        if (transfer->status >= 200 && transfer->status <= 299 && !transfer->encoded
            && transfer->content_length >= 0
            && transfer->content_length > transfer->options->maximum_bytes - offset_of_answer(transfer)) {
            result->stop = MOVIES_CURL_STOP_TOO_LARGE;
            return 0;
        }
        return length;
    }
    const char *colon = memchr(data, ':', end);
    if (colon == NULL) {
        return length;
    }
    size_t name_length = (size_t)(colon - data);
    size_t start = name_length + 1;
    while (start < end && is_space(data[start])) {
        start++;
    }
    const char *value = data + start;
    size_t value_length = end - start;
#define IS(name) (name_length == sizeof(name) - 1 && strncasecmp(data, name, name_length) == 0)
    if (IS("etag")) {
        replace(&result->etag, value, value_length);
    } else if (IS("last-modified")) {
        replace(&result->last_modified, value, value_length);
    } else if (IS("location")) {
        replace(&result->location, value, value_length);
    } else if (IS("content-type")) {
        replace(&result->content_type, value, value_length);
    } else if (IS("content-length")) {
        int64_t declared = 0;
        for (size_t index = 0; index < value_length && value[index] >= '0' && value[index] <= '9'; index++) {
            declared = declared > (INT64_MAX - 9) / 10 ? INT64_MAX : declared * 10 + (value[index] - '0');
        }
        transfer->content_length = declared;
        result->declared_length = declared;
    } else if (IS("content-range")) {
        parse_content_range(value, value_length, &result->range_start, &result->range_total);
    } else if (IS("content-encoding")) {
        transfer->encoded = !(value_length == 8 && strncasecmp(value, "identity", 8) == 0);
    }
#undef IS
    return length;
}

/// Called with each piece of the decoded body; returning less than given aborts the transfer.
static size_t on_body(char *data, size_t size, size_t count, void *context) {
    struct transfer *transfer = context;
    movies_curl_get_result *result = transfer->result;
    size_t length = size * count;
    if (is_raised(transfer->options->cancel)) {
        result->stop = MOVIES_CURL_STOP_CANCELLED;
        return 0;
    }
    if (transfer->status >= 300 && transfer->status <= 399 && result->location != NULL) {
        return length;  // the body of a redirect that libcurl follows or refuses
    }
    if (transfer->status < 200 || transfer->status > 299) {
        result->stop = MOVIES_CURL_STOP_STATUS;
        return 0;
    }
    int64_t allowed = transfer->options->maximum_bytes - offset_of_answer(transfer);
    size_t maximum = allowed < 0 ? 0 : (size_t)allowed;
    if (length > maximum - result->body_length) {
        result->stop = MOVIES_CURL_STOP_TOO_LARGE;
        return 0;
    }
    if (transfer->options->output_fd >= 0) {
        int fd = transfer->options->output_fd;
        result->resumed = transfer->status == 206;
        if (transfer->status != 206 && transfer->options->resume_from > 0 && !transfer->restarted) {
            // The server sent the whole file: it replaces the part kept from before.
            transfer->restarted = 1;
            if (ftruncate(fd, 0) != 0 || lseek(fd, 0, SEEK_SET) != 0) {
                result->write_errno = errno;
                return 0;
            }
        }
        size_t written = 0;
        while (written < length) {
            ssize_t count = write(fd, data + written, length - written);
            if (count < 0 && errno == EINTR) {
                continue;
            }
            if (count <= 0) {
                result->write_errno = count < 0 ? errno : EIO;
                return 0;
            }
            written += (size_t)count;
        }
        result->body_length += length;
        return length;
    }
    size_t needed = result->body_length + length;
    if (needed > transfer->capacity) {
        size_t capacity = transfer->capacity < 65536 ? 65536 : transfer->capacity * 2;
        if (capacity < needed) {
            capacity = needed;
        }
        if (capacity > maximum) {
            capacity = maximum;
        }
        unsigned char *body = realloc(result->body, capacity);
        if (body == NULL) {
            return 0;
        }
        result->body = body;
        transfer->capacity = capacity;
    }
    memcpy(result->body + result->body_length, data, length);
    result->body_length = needed;
    return length;
}

/// Called several times a second while data moves and about once a second while waiting.
static int on_progress(
    void *context, curl_off_t download_total, curl_off_t download_now, curl_off_t upload_total,
    curl_off_t upload_now) {
    (void)upload_total;
    (void)upload_now;
    struct transfer *transfer = context;
    if (is_raised(transfer->options->cancel)) {
        transfer->result->stop = MOVIES_CURL_STOP_CANCELLED;
        return 1;
    }
    if (transfer->options->progress != NULL && transfer->status >= 200 && transfer->status <= 299) {
        int64_t offset = offset_of_answer(transfer);
        transfer->options->progress(
            transfer->options->progress_context, offset + download_now,
            download_total > 0 ? offset + download_total : -1);
    }
    return 0;
}

static void fail(movies_curl_get_result *result, const char *message) {
    result->curl_code = -1;
    replace(&result->error_message, message, strlen(message));
}

/// Appends "Name: value" to the header list, unless the value is empty or would inject a line.
static int add_header(struct curl_slist **list, const char *name, const char *value) {
    if (value == NULL || value[0] == '\0' || strpbrk(value, "\r\n") != NULL) {
        return 1;
    }
    size_t length = strlen(name) + 2 + strlen(value) + 1;
    char *line = malloc(length);
    if (line == NULL) {
        return 0;
    }
    snprintf(line, length, "%s: %s", name, value);
    struct curl_slist *appended = curl.slist_append(*list, line);
    free(line);
    if (appended == NULL) {
        return 0;
    }
    *list = appended;
    return 1;
}

static CURLcode set_long(CURL *handle, int option, long value) {
    return curl.easy_setopt(handle, option, value);
}

static CURLcode set_pointer(CURL *handle, int option, const void *value) {
    return curl.easy_setopt(handle, option, value);
}

/// Restricts the first request and every redirect to http and https. libcurl 7.85.0 added the
/// string options and deprecated the bitmask ones, which older versions (such as 7.68 in Ubuntu
/// 20.04) only know.
static CURLcode restrict_protocols(CURL *handle) {
    if (curl.version_num >= VERSION_WITH_PROTOCOLS_STR) {
        CURLcode code = set_pointer(handle, OPT_PROTOCOLS_STR, "http,https");
        return code != CURLE_OK_ ? code : set_pointer(handle, OPT_REDIR_PROTOCOLS_STR, "http,https");
    }
    CURLcode code = set_long(handle, OPT_PROTOCOLS, CURLPROTO_HTTP_ | CURLPROTO_HTTPS_);
    return code != CURLE_OK_ ? code : set_long(handle, OPT_REDIR_PROTOCOLS, CURLPROTO_HTTP_ | CURLPROTO_HTTPS_);
}

void movies_curl_get(const movies_curl_get_options *options, movies_curl_get_result *result) {
    memset(result, 0, sizeof *result);
    if (!movies_curl_load()) {
        fail(result, movies_curl_load_error());
        return;
    }
    if (is_raised(options->cancel)) {
        result->curl_code = -1;
        result->stop = MOVIES_CURL_STOP_CANCELLED;
        return;
    }
    CURL *handle = curl.easy_init();
    if (handle == NULL) {
        fail(result, "curl_easy_init failed");
        return;
    }
    struct transfer transfer = {.options = options, .result = result, .status = 0, .content_length = -1};
    result->range_start = result->range_total = result->declared_length = -1;
    struct curl_slist *headers = NULL;
    char error[CURL_ERROR_SIZE_ + 1] = {0};
    long timeout = options->timeout_ms < 1 ? 1 : options->timeout_ms;
    long connect_timeout = options->connect_timeout_ms < 1 ? timeout : options->connect_timeout_ms;
    data_callback header_callback = on_header;
    data_callback body_callback = on_body;
    xferinfo_callback progress_callback = on_progress;

    CURLcode code = CURLE_OK_;
    char range[48] = {0};
    if (options->output_fd >= 0 && options->resume_from > 0) {
        snprintf(range, sizeof range, "bytes=%lld-", (long long)options->resume_from);
    }
    if (!add_header(&headers, "Accept", options->accept)
        || !add_header(&headers, "If-None-Match", options->if_none_match)
        || !add_header(&headers, "If-Modified-Since", options->if_modified_since)
        || !add_header(&headers, "Range", range)
        || !add_header(&headers, "If-Range", range[0] != '\0' ? options->if_range : NULL)) {
        fail(result, "out of memory");
        goto done;
    }
#define SET(call)               \
    if ((code = (call)) != 0) { \
        goto setup_failed;      \
    }
    SET(set_pointer(handle, OPT_ERRORBUFFER, error));
    SET(set_pointer(handle, OPT_URL, options->url));
    SET(set_long(handle, OPT_HTTPGET, 1L));
    SET(restrict_protocols(handle));
    SET(set_long(handle, OPT_FOLLOWLOCATION, 1L));
    SET(set_long(handle, OPT_MAXREDIRS, options->maximum_redirects < 0 ? 0 : options->maximum_redirects));
    SET(set_long(handle, OPT_TIMEOUT_MS, timeout));
    SET(set_long(handle, OPT_CONNECTTIMEOUT_MS, connect_timeout));
    // No signals: libcurl runs on several threads at once, where SIGALRM-based timeouts are unsafe.
    SET(set_long(handle, OPT_NOSIGNAL, 1L));
    SET(set_long(handle, OPT_NETRC, CURL_NETRC_IGNORED_));
    // Cookies stay off: CURLOPT_COOKIEFILE is never set, so the cookie engine never starts.
    if (options->output_fd < 0) {
        SET(set_pointer(handle, OPT_ACCEPT_ENCODING, ""));  // every encoding this libcurl decodes
    }
    SET(set_long(handle, OPT_SSL_VERIFYPEER, 1L));      // the defaults, stated
    SET(set_long(handle, OPT_SSL_VERIFYHOST, 2L));
    if (options->user_agent != NULL && options->user_agent[0] != '\0'
        && strpbrk(options->user_agent, "\r\n") == NULL) {
        SET(set_pointer(handle, OPT_USERAGENT, options->user_agent));
    }
    SET(set_pointer(handle, OPT_HTTPHEADER, headers));
    SET(curl.easy_setopt(handle, OPT_HEADERFUNCTION, header_callback));
    SET(set_pointer(handle, OPT_HEADERDATA, &transfer));
    SET(curl.easy_setopt(handle, OPT_WRITEFUNCTION, body_callback));
    SET(set_pointer(handle, OPT_WRITEDATA, &transfer));
    SET(curl.easy_setopt(handle, OPT_XFERINFOFUNCTION, progress_callback));
    SET(set_pointer(handle, OPT_XFERINFODATA, &transfer));
    SET(set_long(handle, OPT_NOPROGRESS, 0L));
#undef SET

    code = curl.easy_perform(handle);
    result->curl_code = code;
    {
        long status = 0;
        if (curl.easy_getinfo(handle, INFO_RESPONSE_CODE, &status) == CURLE_OK_ && status != 0) {
            transfer.status = status;
        }
        result->status = transfer.status;
        long redirects = 0;
        if (curl.easy_getinfo(handle, INFO_REDIRECT_COUNT, &redirects) == CURLE_OK_) {
            result->redirect_count = redirects;
        }
        char *effective = NULL;
        if (curl.easy_getinfo(handle, INFO_EFFECTIVE_URL, &effective) == CURLE_OK_ && effective != NULL) {
            replace(&result->effective_url, effective, strlen(effective));
        }
    }
    if (code != CURLE_OK_) {
        const char *message = error[0] != '\0' ? error : curl.easy_strerror(code);
        replace(&result->error_message, message, strlen(message));
    }
    goto done;

setup_failed:
    result->curl_code = code;
    {
        const char *message = curl.easy_strerror(code);
        char text[CURL_ERROR_SIZE_ + 64];
        snprintf(text, sizeof text, "libcurl refused an option: %s", message);
        replace(&result->error_message, text, strlen(text));
    }

done:
    curl.easy_cleanup(handle);
    curl.slist_free_all(headers);
}

void movies_curl_get_result_free(movies_curl_get_result *result) {
    free(result->error_message);
    free(result->effective_url);
    free(result->location);
    free(result->etag);
    free(result->last_modified);
    free(result->content_type);
    free(result->body);
    memset(result, 0, sizeof *result);
}
