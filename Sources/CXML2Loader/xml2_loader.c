// libxml2, loaded with dlopen() on first use; see include/xml2_loader.h for why.

#include "xml2_loader.h"

#include "libxml2_abi.h"
#include "library_loader.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct libxml2_functions libxml2;

/// libxml2's version as it announces it ("20914" for 2.9.14); optional, so that a library without it
/// is named too old rather than broken.
static const char *const *parser_version;

static atomic_long external_requests;

enum {
    VERSION_NEEDED = 20900,  // 2.9.0, as libxml2 numbers its versions in xmlParserVersion
};

// MARK: - Loading

#if defined(__APPLE__)
static const char *const library_names[] = {"libxml2.2.dylib", "libxml2.dylib"};
#else
// libxml2.so (the -dev symlink) is a fallback for odd installations.
static const char *const library_names[] = {"libxml2.so.2", "libxml2.so"};
#endif

#define SYMBOL(field, name) {name, (void **)&libxml2.field, 0}
static const movies_library_symbol symbols[] = {
    SYMBOL(init_parser, "xmlInitParser"),
    SYMBOL(set_external_entity_loader, "xmlSetExternalEntityLoader"),
    SYMBOL(set_generic_error_function, "xmlSetGenericErrorFunc"),
    SYMBOL(create_io_parser_context, "xmlCreateIOParserCtxt"),
    SYMBOL(context_use_options, "xmlCtxtUseOptions"),
    SYMBOL(parse_document, "xmlParseDocument"),
    SYMBOL(free_parser_context, "xmlFreeParserCtxt"),
    SYMBOL(free_document, "xmlFreeDoc"),
    SYMBOL(html_read_io, "htmlReadIO"),
    SYMBOL(html_entity_lookup, "htmlEntityLookup"),
    {"xmlParserVersion", (void **)&parser_version, 1},
};
#undef SYMBOL

/// Every external resource libxml2 asks for (a DTD, an external entity, an XInclude) is refused
/// and counted. Nothing here ever asks: this is the last line, should an option be changed.
static void *refuse_external_resource(const char *url, const char *id, void *context) {
    (void)url;
    (void)id;
    (void)context;
    atomic_fetch_add(&external_requests, 1);
    return NULL;
}

/// Once every function is resolved: the version check, then libxml2's own initialisation.
static int prepare(char *message, size_t size) {
    long number = parser_version != NULL && *parser_version != NULL ? strtol(*parser_version, NULL, 10) : 0;
    if (number < VERSION_NEEDED) {
        // xmlParserVersion spells 2.8.0 "20800"; the message spells it as people and packages do.
        if (number > 0) {
            snprintf(message, size, "libxml2 %ld.%ld.%ld is too old (2.9.0 or newer is needed)", number / 10000,
                     number / 100 % 100, number % 100);
        } else {
            snprintf(message, size, "libxml2 of an unknown version is too old (2.9.0 or newer is needed)");
        }
        return 0;
    }
    // xmlInitParser must run once before parsers are used from several threads.
    libxml2.init_parser();
    libxml2.set_external_entity_loader(refuse_external_resource);
    // xmlCleanupParser is never called: other threads may still be parsing when the process ends.
    return 1;
}

static movies_library library = MOVIES_LIBRARY(library_names, symbols, prepare);

int movies_xml_load(void) {
    return movies_library_load(&library);
}

int movies_xml_load_missing(void) {
    return movies_library_missing(&library);
}

const char *movies_xml_load_error(void) {
    return movies_library_error(&library);
}

const char *movies_xml_library_name(void) {
    return movies_library_first_name(&library);
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
