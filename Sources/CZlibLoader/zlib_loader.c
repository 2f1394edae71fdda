// zlib's streaming interface, loaded with dlopen() on first use; see include/zlib_loader.h for why.
//
// The z_stream layout and the constants below are those of zlib's public header (zlib.h, 1.2.x and
// 1.3.x): they are part of its stable ABI (soname libz.so.1 since 1.1), so they are declared here and
// the build needs no zlib1g-dev package. inflateInit2_ and deflateInit2_ check that layout against the
// library's own by the size passed in, and refuse a mismatch (Z_VERSION_ERROR).

#include "zlib_loader.h"

#include "library_loader.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// MARK: - zlib's ABI (values from zlib.h)

typedef struct z_stream_s {
    const unsigned char *next_in;
    unsigned int avail_in;
    unsigned long total_in;
    unsigned char *next_out;
    unsigned int avail_out;
    unsigned long total_out;
    const char *msg;
    void *state;
    void *(*zalloc)(void *opaque, unsigned int items, unsigned int size);
    void (*zfree)(void *opaque, void *address);
    void *opaque;
    int data_type;
    unsigned long adler;
    unsigned long reserved;
} z_stream;

enum {
    Z_OK_ = 0,
    Z_STREAM_END_ = 1,
    Z_NEED_DICT_ = 2,
    Z_DATA_ERROR_ = -3,
    Z_BUF_ERROR_ = -5,
    Z_NO_FLUSH_ = 0,
    Z_FINISH_ = 4,
    Z_DEFLATED_ = 8,
    MAX_WBITS_ = 15,
    GZIP_WINDOW_BITS = 16 + MAX_WBITS_,  // 16 +: a gzip header and trailer, not zlib's own
    DEFAULT_MEMORY_LEVEL = 8,
    Z_DEFAULT_STRATEGY_ = 0,
};

/// zlib's functions, resolved on first use (see `library` below).
static struct {
    const char *(*version)(void);
    int (*inflate_init)(z_stream *stream, int window_bits, const char *version, int stream_size);
    int (*inflate)(z_stream *stream, int flush);
    int (*inflate_reset)(z_stream *stream);
    int (*inflate_end)(z_stream *stream);
    int (*deflate_init)(
        z_stream *stream, int level, int method, int window_bits, int memory_level, int strategy,
        const char *version, int stream_size);
    int (*deflate)(z_stream *stream, int flush);
    int (*deflate_end)(z_stream *stream);
} zlib;

// MARK: - Loading

#if defined(__APPLE__)
static const char *const library_names[] = {"libz.1.dylib", "libz.dylib"};
#else
static const char *const library_names[] = {"libz.so.1", "libz.so"};
#endif

#define SYMBOL(field, name) {name, (void **)&zlib.field, 0}
static const movies_library_symbol symbols[] = {
    SYMBOL(version, "zlibVersion"),
    SYMBOL(inflate_init, "inflateInit2_"),
    SYMBOL(inflate, "inflate"),
    SYMBOL(inflate_reset, "inflateReset"),
    SYMBOL(inflate_end, "inflateEnd"),
    SYMBOL(deflate_init, "deflateInit2_"),
    SYMBOL(deflate, "deflate"),
    SYMBOL(deflate_end, "deflateEnd"),
};
#undef SYMBOL

static movies_library library = MOVIES_LIBRARY(library_names, symbols, NULL);

int movies_zlib_load(void) {
    return movies_library_load(&library);
}

const char *movies_zlib_load_error(void) {
    return movies_library_error(&library);
}

static void set_message(char *message, size_t size, const char *text) {
    if (message != NULL && size > 0) {
        snprintf(message, size, "%s", text != NULL ? text : "unknown zlib error");
    }
}

/// zlib takes counts as unsigned int: a larger buffer is handed over a piece at a time.
static unsigned int clamp_count(size_t count) {
    return count > 0x40000000u ? 0x40000000u : (unsigned int)count;
}

// MARK: - Inflating

struct movies_inflate {
    z_stream stream;
};

movies_inflate *movies_inflate_open(char *message, size_t size) {
    if (!movies_zlib_load()) {
        set_message(message, size, movies_zlib_load_error());
        return NULL;
    }
    movies_inflate *inflater = calloc(1, sizeof *inflater);
    if (inflater == NULL) {
        set_message(message, size, "out of memory");
        return NULL;
    }
    int code = zlib.inflate_init(&inflater->stream, GZIP_WINDOW_BITS, zlib.version(), (int)sizeof(z_stream));
    if (code != Z_OK_) {
        set_message(message, size, inflater->stream.msg != NULL ? inflater->stream.msg : "inflateInit2 failed");
        free(inflater);
        return NULL;
    }
    return inflater;
}

movies_zlib_status movies_inflate_step(
    movies_inflate *inflater, const void *input, size_t input_count, size_t *consumed, void *output,
    size_t output_capacity, size_t *produced, char *message, size_t size) {
    z_stream *stream = &inflater->stream;
    stream->next_in = input;
    stream->avail_in = clamp_count(input_count);
    stream->next_out = output;
    stream->avail_out = clamp_count(output_capacity);
    unsigned int available_in = stream->avail_in;
    unsigned int available_out = stream->avail_out;
    int code = zlib.inflate(stream, Z_NO_FLUSH_);
    *consumed = available_in - stream->avail_in;
    *produced = available_out - stream->avail_out;
    switch (code) {
        case Z_OK_:
            return MOVIES_ZLIB_CONTINUE;
        case Z_BUF_ERROR_:  // no progress possible with what was given: the caller brings more input
            return MOVIES_ZLIB_CONTINUE;
        case Z_STREAM_END_:
            return MOVIES_ZLIB_MEMBER_END;
        case Z_NEED_DICT_:
        case Z_DATA_ERROR_:
            set_message(message, size, stream->msg != NULL ? stream->msg : "not gzip data");
            return MOVIES_ZLIB_DATA_ERROR;
        default:
            set_message(message, size, stream->msg != NULL ? stream->msg : "inflate failed");
            return MOVIES_ZLIB_FAILED;
    }
}

void movies_inflate_next_member(movies_inflate *inflater) {
    zlib.inflate_reset(&inflater->stream);
}

void movies_inflate_close(movies_inflate *inflater) {
    if (inflater != NULL) {  // an inflater exists only once zlib is loaded
        zlib.inflate_end(&inflater->stream);
        free(inflater);
    }
}

// MARK: - Deflating

struct movies_deflate {
    z_stream stream;
};

movies_deflate *movies_deflate_open(int level, char *message, size_t size) {
    if (!movies_zlib_load()) {
        set_message(message, size, movies_zlib_load_error());
        return NULL;
    }
    movies_deflate *deflater = calloc(1, sizeof *deflater);
    if (deflater == NULL) {
        set_message(message, size, "out of memory");
        return NULL;
    }
    int code = zlib.deflate_init(
        &deflater->stream, level, Z_DEFLATED_, GZIP_WINDOW_BITS, DEFAULT_MEMORY_LEVEL, Z_DEFAULT_STRATEGY_,
        zlib.version(), (int)sizeof(z_stream));
    if (code != Z_OK_) {
        set_message(message, size, deflater->stream.msg != NULL ? deflater->stream.msg : "deflateInit2 failed");
        free(deflater);
        return NULL;
    }
    return deflater;
}

movies_zlib_status movies_deflate_step(
    movies_deflate *deflater, const void *input, size_t input_count, size_t *consumed, void *output,
    size_t output_capacity, size_t *produced, int finish, char *message, size_t size) {
    z_stream *stream = &deflater->stream;
    stream->next_in = input;
    stream->avail_in = clamp_count(input_count);
    stream->next_out = output;
    stream->avail_out = clamp_count(output_capacity);
    unsigned int available_in = stream->avail_in;
    unsigned int available_out = stream->avail_out;
    int code = zlib.deflate(stream, finish && stream->avail_in == input_count ? Z_FINISH_ : Z_NO_FLUSH_);
    *consumed = available_in - stream->avail_in;
    *produced = available_out - stream->avail_out;
    switch (code) {
        case Z_OK_:
        case Z_BUF_ERROR_:
            return MOVIES_ZLIB_CONTINUE;
        case Z_STREAM_END_:
            return MOVIES_ZLIB_MEMBER_END;
        default:
            set_message(message, size, stream->msg != NULL ? stream->msg : "deflate failed");
            return MOVIES_ZLIB_FAILED;
    }
}

void movies_deflate_close(movies_deflate *deflater) {
    if (deflater != NULL) {
        zlib.deflate_end(&deflater->stream);
        free(deflater);
    }
}
