// libxml2, loaded with dlopen() on first use; see include/xml2_loader.h for why.

#include "xml2_loader.h"

#include "libxml2_abi.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct libxml2_functions libxml2;

static struct {
    void *library;
    int loaded;
    int missing;
    char error[512];
} state;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static atomic_long external_requests;

enum {
    VERSION_NEEDED = 20900,  // 2.9.0, as libxml2 numbers its versions in xmlParserVersion
};

#if defined(__APPLE__)
static const char *const library_names[] = {"libxml2.2.dylib", "/usr/lib/libxml2.2.dylib", "libxml2.dylib"};
#else
// libxml2.so (the -dev symlink) is a fallback for odd installations.
static const char *const library_names[] = {"libxml2.so.2", "libxml2.so"};
#endif

// MARK: - Loading

static int is_missing_file_error(const char *text) {
    return text != NULL && (strstr(text, "No such file") != NULL || strstr(text, "not found") != NULL);
}

static int resolve(const char *name, void **slot) {
    *slot = dlsym(state.library, name);
    if (*slot == NULL) {
        const char *reason = dlerror();
        snprintf(state.error, sizeof state.error, "%s lacks %s (%s)", library_names[0], name,
                 reason != NULL ? reason : "symbol not found");
        return 0;
    }
    return 1;
}

// Object pointers and function pointers have the same representation on every platform dlsym
// exists on (POSIX requires it); the slots are written through void ** for that reason.
#define RESOLVE(field, name) resolve(name, (void **)&libxml2.field)

/// Every external resource libxml2 asks for (a DTD, an external entity, an XInclude) is refused
/// and counted. Nothing here ever asks: this is the last line, should an option be changed.
static void *refuse_external_resource(const char *url, const char *id, void *context) {
    (void)url;
    (void)id;
    (void)context;
    atomic_fetch_add(&external_requests, 1);
    return NULL;
}

static void load(void) {
    state.missing = 1;
    for (size_t index = 0; index < sizeof library_names / sizeof library_names[0]; index++) {
        state.library = dlopen(library_names[index], RTLD_NOW | RTLD_LOCAL);
        if (state.library != NULL) {
            break;
        }
        const char *reason = dlerror();
        if (index == 0) {
            snprintf(state.error, sizeof state.error, "%s", reason != NULL ? reason : "dlopen failed");
        }
        if (!is_missing_file_error(reason)) {
            state.missing = 0;
        }
    }
    if (state.library == NULL) {
        return;
    }
    state.missing = 0;
    if (!RESOLVE(init_parser, "xmlInitParser")
        || !RESOLVE(set_external_entity_loader, "xmlSetExternalEntityLoader")
        || !RESOLVE(set_generic_error_function, "xmlSetGenericErrorFunc")
        || !RESOLVE(create_io_parser_context, "xmlCreateIOParserCtxt")
        || !RESOLVE(context_use_options, "xmlCtxtUseOptions") || !RESOLVE(parse_document, "xmlParseDocument")
        || !RESOLVE(free_parser_context, "xmlFreeParserCtxt")
        || !RESOLVE(free_document, "xmlFreeDoc") || !RESOLVE(html_read_io, "htmlReadIO")
        || !RESOLVE(html_entity_lookup, "htmlEntityLookup")) {
        return;
    }
    const char *const *version = dlsym(state.library, "xmlParserVersion");
    long number = version != NULL && *version != NULL ? strtol(*version, NULL, 10) : 0;
    if (number < VERSION_NEEDED) {
        // xmlParserVersion spells 2.8.0 "20800"; the message spells it as people and packages do.
        if (number > 0) {
            snprintf(state.error, sizeof state.error, "libxml2 %ld.%ld.%ld is too old (2.9.0 or newer is needed)",
                     number / 10000, number / 100 % 100, number % 100);
        } else {
            snprintf(state.error, sizeof state.error,
                     "libxml2 of an unknown version is too old (2.9.0 or newer is needed)");
        }
        return;
    }
    // xmlInitParser must run once before parsers are used from several threads.
    libxml2.init_parser();
    libxml2.set_external_entity_loader(refuse_external_resource);
    state.error[0] = '\0';
    state.loaded = 1;
    // The library stays loaded until the process exits (xmlCleanupParser is never called): other
    // threads may still be parsing when the process ends.
}

int movies_xml_load(void) {
    pthread_once(&load_once, load);
    return state.loaded;
}

int movies_xml_load_missing(void) {
    return movies_xml_load() ? 0 : state.missing;
}

const char *movies_xml_load_error(void) {
    movies_xml_load();
    return state.error;
}

const char *movies_xml_library_name(void) {
    return library_names[0];
}

long movies_xml_external_requests(void) {
    return atomic_load(&external_requests);
}

/// Drops a message of libxml2's generic error channel. Variadic, so it lives here rather than in Swift.
static void drop_message(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

void silence_generic_errors(void) {
    libxml2.set_generic_error_function(NULL, drop_message);
}

// MARK: - HTML entities

unsigned int movies_xml_html_entity(const char *name, size_t length) {
    // The longest HTML 4 entity name is 8 bytes ("thetasym"); a longer one is not in the table.
    char copy[16];
    if (length == 0 || length >= sizeof copy || !movies_xml_load()) {
        return 0;
    }
    memcpy(copy, name, length);
    copy[length] = '\0';
    const struct html_entity_description *entity = libxml2.html_entity_lookup((const unsigned char *)copy);
    return entity != NULL ? entity->value : 0;
}
