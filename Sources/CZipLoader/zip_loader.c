// libzip's reading interface, loaded with dlopen() on first use; see include/zip_loader.h for why.
//
// The types and constants below are those of libzip's public header (zip.h, 1.0 to 1.10): the
// functions used here, struct zip_error and the ZIP_ER_*, ZIP_RDONLY and ZIP_OPSYS_* values are
// part of its stable ABI, so they are declared here and the build needs no libzip-dev package.

#include "zip_loader.h"

#include "library_loader.h"

#include <stdio.h>
#include <string.h>

// MARK: - libzip's ABI (values from zip.h)

typedef struct zip zip_t;
typedef struct zip_file zip_file_t;
typedef struct zip_source zip_source_t;
typedef uint32_t zip_flags_t;

/// struct zip_error, public in zip.h so callers can keep one on the stack.
typedef struct zip_error {
    int zip_err;
    int sys_err;
    char *str;
} zip_error_t;

enum {
    ZIP_RDONLY_ = 16,         // open flag: never write the archive
    ZIP_ER_INVAL_ = 18,
    ZIP_OPSYS_UNIX_ = 0x03,   // external attributes hold a Unix st_mode in their high 16 bits
    DOS_DIRECTORY_BIT = 0x10, // FILE_ATTRIBUTE_DIRECTORY in the low byte, whatever the system
    UNIX_TYPE_MASK = 0170000,
    UNIX_REGULAR = 0100000,
    UNIX_DIRECTORY = 0040000,
    UNIX_SYMLINK = 0120000,
};

/// libzip's functions, resolved on the first zip (see `library` below).
static struct {
    zip_t *(*open_path)(const char *path, int flags, int *error);
    zip_t *(*open_from_source)(zip_source_t *source, int flags, zip_error_t *error);
    zip_source_t *(*source_buffer_create)(const void *data, uint64_t length, int free_data, zip_error_t *error);
    void (*source_free)(zip_source_t *source);
    void (*discard)(zip_t *archive);
    int64_t (*get_num_entries)(zip_t *archive, zip_flags_t flags);
    const char *(*get_name)(zip_t *archive, uint64_t index, zip_flags_t flags);
    int (*file_get_external_attributes)(
        zip_t *archive, uint64_t index, zip_flags_t flags, uint8_t *system, uint32_t *attributes);
    zip_file_t *(*fopen_index)(zip_t *archive, uint64_t index, zip_flags_t flags);
    int64_t (*read_file)(zip_file_t *file, void *buffer, uint64_t count);
    int (*close_file)(zip_file_t *file);
    zip_error_t *(*get_error)(zip_t *archive);
    zip_error_t *(*file_get_error)(zip_file_t *file);
    int (*error_code_zip)(const zip_error_t *error);
    const char *(*error_strerror)(zip_error_t *error);
    void (*error_init)(zip_error_t *error);
    void (*error_init_with_code)(zip_error_t *error, int code);
    void (*error_fini)(zip_error_t *error);
} zip;

// MARK: - Loading

#if defined(__APPLE__)
static const char *const library_names[] = {"libzip.5.dylib", "libzip.dylib"};
#else
// Debian and Ubuntu ship libzip 1.x as libzip.so.4 (package libzip4); upstream's own builds and
// Fedora as libzip.so.5, with the same functions.
static const char *const library_names[] = {"libzip.so.4", "libzip.so.5", "libzip.so"};
#endif

#define SYMBOL(field, name) {name, (void **)&zip.field, 0}
static const movies_library_symbol symbols[] = {
    SYMBOL(open_path, "zip_open"),
    SYMBOL(open_from_source, "zip_open_from_source"),
    SYMBOL(source_buffer_create, "zip_source_buffer_create"),
    SYMBOL(source_free, "zip_source_free"),
    SYMBOL(discard, "zip_discard"),
    SYMBOL(get_num_entries, "zip_get_num_entries"),
    SYMBOL(get_name, "zip_get_name"),
    SYMBOL(file_get_external_attributes, "zip_file_get_external_attributes"),
    SYMBOL(fopen_index, "zip_fopen_index"),
    SYMBOL(read_file, "zip_fread"),
    SYMBOL(close_file, "zip_fclose"),
    SYMBOL(get_error, "zip_get_error"),
    SYMBOL(file_get_error, "zip_file_get_error"),
    SYMBOL(error_code_zip, "zip_error_code_zip"),
    SYMBOL(error_strerror, "zip_error_strerror"),
    SYMBOL(error_init, "zip_error_init"),
    SYMBOL(error_init_with_code, "zip_error_init_with_code"),
    SYMBOL(error_fini, "zip_error_fini"),
};
#undef SYMBOL

static movies_library library = MOVIES_LIBRARY(library_names, symbols, NULL);

int movies_zip_load(void) {
    return movies_library_load(&library);
}

const char *movies_zip_load_error(void) {
    return movies_library_error(&library);
}

// MARK: - Errors

static void set_error(movies_zip_error *error, int code, const char *message) {
    if (error == NULL) {
        return;
    }
    error->code = code;
    snprintf(error->message, sizeof error->message, "%s", message != NULL ? message : "unknown error");
}

/// Copies a libzip error (code and text) into `error`.
static void copy_error(movies_zip_error *error, zip_error_t *source) {
    if (source == NULL) {
        set_error(error, ZIP_ER_INVAL_, "unknown error");
        return;
    }
    set_error(error, zip.error_code_zip(source), zip.error_strerror(source));
}

static int require_loaded(movies_zip_error *error) {
    if (movies_zip_load()) {
        return 1;
    }
    set_error(error, MOVIES_ZIP_NOT_LOADED, movies_zip_load_error());
    return 0;
}

// MARK: - Archives

movies_zip *movies_zip_open(const char *path, movies_zip_error *error) {
    if (!require_loaded(error)) {
        return NULL;
    }
    int code = 0;
    zip_t *archive = zip.open_path(path, ZIP_RDONLY_, &code);
    if (archive == NULL) {
        zip_error_t details;
        zip.error_init_with_code(&details, code);
        copy_error(error, &details);
        zip.error_fini(&details);
    }
    return (movies_zip *)archive;
}

movies_zip *movies_zip_open_memory(const void *bytes, uint64_t length, movies_zip_error *error) {
    if (!require_loaded(error)) {
        return NULL;
    }
    zip_error_t details;
    zip.error_init(&details);
    zip_source_t *source = zip.source_buffer_create(bytes, length, 0, &details);
    zip_t *archive = NULL;
    if (source != NULL) {
        archive = zip.open_from_source(source, ZIP_RDONLY_, &details);
        if (archive == NULL) {
            // On failure the source still belongs to the caller.
            zip.source_free(source);
        }
    }
    if (archive == NULL) {
        copy_error(error, &details);
    }
    zip.error_fini(&details);
    return (movies_zip *)archive;
}

void movies_zip_close(movies_zip *archive) {
    if (archive != NULL) {  // an archive exists only once libzip is loaded
        zip.discard((zip_t *)archive);
    }
}

uint64_t movies_zip_entry_count(movies_zip *archive) {
    int64_t count = zip.get_num_entries((zip_t *)archive, 0);
    return count > 0 ? (uint64_t)count : 0;
}

const char *movies_zip_entry_name(movies_zip *archive, uint64_t index) {
    return zip.get_name((zip_t *)archive, index, 0);
}

movies_zip_entry_kind movies_zip_entry_kind_of(movies_zip *archive, uint64_t index) {
    const char *name = zip.get_name((zip_t *)archive, index, 0);
    size_t length = name != NULL ? strlen(name) : 0;
    if (length > 0 && name[length - 1] == '/') {
        return MOVIES_ZIP_ENTRY_DIRECTORY;
    }
    uint8_t system = 0;
    uint32_t attributes = 0;
    if (zip.file_get_external_attributes((zip_t *)archive, index, 0, &system, &attributes) != 0) {
        return MOVIES_ZIP_ENTRY_REGULAR;
    }
    if (system == ZIP_OPSYS_UNIX_) {
        // Some tools store only the permission bits (type 0): a plain file.
        switch ((attributes >> 16) & UNIX_TYPE_MASK) {
            case 0:
            case UNIX_REGULAR:
                return MOVIES_ZIP_ENTRY_REGULAR;
            case UNIX_DIRECTORY:
                return MOVIES_ZIP_ENTRY_DIRECTORY;
            case UNIX_SYMLINK:
                return MOVIES_ZIP_ENTRY_SYMLINK;
            default:
                return MOVIES_ZIP_ENTRY_OTHER;
        }
    }
    return (attributes & DOS_DIRECTORY_BIT) != 0 ? MOVIES_ZIP_ENTRY_DIRECTORY : MOVIES_ZIP_ENTRY_REGULAR;
}

// MARK: - Reading an entry

movies_zip_entry *movies_zip_entry_open(movies_zip *archive, uint64_t index, movies_zip_error *error) {
    zip_file_t *file = zip.fopen_index((zip_t *)archive, index, 0);
    if (file == NULL) {
        copy_error(error, zip.get_error((zip_t *)archive));
    }
    return (movies_zip_entry *)file;
}

int64_t movies_zip_entry_read(movies_zip_entry *entry, void *buffer, uint64_t count, movies_zip_error *error) {
    int64_t result = zip.read_file((zip_file_t *)entry, buffer, count);
    if (result < 0) {
        copy_error(error, zip.file_get_error((zip_file_t *)entry));
        return -1;
    }
    return result;
}

void movies_zip_entry_close(movies_zip_entry *entry) {
    if (entry != NULL) {
        zip.close_file((zip_file_t *)entry);
    }
}
