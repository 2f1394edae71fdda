// libxml2's XML (SAX2) and HTML parsers for Swift, loaded at run time.
//
// `movies` reads XML only when it reads a feed or an OPML file. Linking libxml2 (or FoundationXML,
// which links it) would make every command load libxml2, ICU, zlib and liblzma at start-up, so
// libxml2 is dlopen()ed on the first parse instead, as libcurl is for the first fetch. This target
// needs no libxml2 headers: the few types and constants it uses are declared in libxml2_abi.h with
// the values of libxml2's public, stable ABI.
//
// Needs libxml2 2.9.0 or newer. Everything here is callable from any thread, each parse on its own
// parser. The API has no variadic functions (Swift cannot call or implement them): libxml2's errors
// arrive through its structured error callback, in C.

#ifndef MOVIES_XML2_LOADER_H
#define MOVIES_XML2_LOADER_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: - Loading

/// Loads libxml2 and initialises it, once per process (later calls return the first answer).
/// Returns 1 when libxml2 is usable, 0 when not (see movies_xml_load_error).
int movies_xml_load(void);

/// After a failed movies_xml_load: 1 when no libxml2 library file was found at all (libxml2 is not
/// installed), 0 when one was found but could not be used. 0 after a successful load.
int movies_xml_load_missing(void);

/// After a failed movies_xml_load: what went wrong (dlerror's text, a missing symbol, a libxml2 older
/// than 2.9.0). "" after a successful load. The string lives as long as the process.
const char *movies_xml_load_error(void);

/// The library name tried first on this platform ("libxml2.so.2" or "libxml2.2.dylib").
const char *movies_xml_library_name(void);

/// How many times libxml2 asked for an external resource (a DTD, an external entity) since the
/// process started. Every such request is refused; the parsers below never make one, and the tests
/// check that this stays 0.
long movies_xml_external_requests(void);

// MARK: - HTML entities

/// The code point of the HTML 4 named character reference `name` (without `&` and `;`, `length`
/// bytes), from libxml2's own table, or 0 when there is none or libxml2 is not loaded.
unsigned int movies_xml_html_entity(const char *name, size_t length);

// MARK: - XML

/// One attribute of an element. Strings are UTF-8; `value` is not NUL-terminated.
typedef struct movies_xml_attribute {
    /// The local name ("base" for xml:base).
    const char *local;
    /// The prefix as written ("xml"), or NULL.
    const char *prefix;
    /// The namespace the prefix is bound to, or NULL (unbound or no prefix).
    const char *uri;
    /// The value, with character references decoded; every "&" in it is written "&#38;" (libxml2's
    /// convention when entities are not substituted).
    const char *value;
    /// The value's length in bytes.
    int value_length;
} movies_xml_attribute;

/// Where a parse's events go. Each callback returns 0 to go on or non-zero to stop the parse there.
/// Strings are UTF-8 and valid only during the call.
typedef struct movies_xml_handler {
    void *context;
    /// An element starts; `prefix` and `uri` are NULL when it has none (or its prefix is unbound).
    int (*start_element)(
        void *context, const char *local, const char *prefix, const char *uri,
        const movies_xml_attribute *attributes, int attribute_count);
    /// The element last started ends.
    int (*end_element)(void *context, const char *local, const char *prefix, const char *uri);
    /// Character data, CDATA sections and white space, in pieces (one text can come in several).
    int (*text)(void *context, const char *text, int length);
} movies_xml_handler;

/// Asked while libxml2 runs whether the reading may go on: returns non-zero once its budget (processor
/// time, the caller's cancellation) is spent. `budget` is the caller's context.
typedef int (*movies_budget_exhausted)(void *budget);

/// The budget of one parse, checked while libxml2 runs.
typedef struct movies_xml_limits {
    /// Asked every 128 events and at every 64 KiB of input, and once before the first event; the
    /// parse stops (MOVIES_XML_STOP_BUDGET) when it answers non-zero. NULL for no budget.
    movies_budget_exhausted exhausted;
    void *budget;
    /// The most namespace declarations in scope at once: each element's prefixes are looked up
    /// through all of them (libxml2 2.9 does it linearly), so thousands in scope make a document of
    /// small elements take minutes.
    int maximum_namespaces_in_scope;
    /// Non-zero to parse in libxml2's recovery mode (XML_PARSE_RECOVER): a fatal error is recorded
    /// (the first one, in the result's error_* fields, and counted in recovered_errors) and the parse
    /// goes on with what libxml2 makes of the rest. Only for a document the strict parse refused.
    int recover;
} movies_xml_limits;

/// Why a parse ended.
typedef enum movies_xml_stop {
    /// It read the whole document without a fatal error.
    MOVIES_XML_STOP_NONE = 0,
    /// A callback asked to stop.
    MOVIES_XML_STOP_HANDLER = 1,
    /// libxml2 reported a fatal error (see error_*).
    MOVIES_XML_STOP_ERROR = 2,
    /// The budget ran out (limits->exhausted answered non-zero).
    MOVIES_XML_STOP_BUDGET = 3,
    /// More namespace declarations were in scope than the limit.
    MOVIES_XML_STOP_NAMESPACES = 4,
    /// libxml2 could not be loaded, or could not allocate its parser.
    MOVIES_XML_STOP_UNAVAILABLE = 5,
} movies_xml_stop;

/// What happened.
typedef struct movies_xml_result {
    movies_xml_stop stop;
    /// libxml2's error code (xmlParserErrors) and domain of the first fatal error; 0 when none.
    int error_code;
    int error_domain;
    /// Where it happened: 1-based line and column.
    int error_line;
    int error_column;
    /// The error's int1 (for the nesting-depth error, libxml2's depth limit).
    int error_int1;
    /// How many elements were started.
    long elements;
    /// How many elements were open when the parse ended.
    int depth;
    /// In recovery mode, how many fatal errors libxml2 went past.
    long recovered_errors;
} movies_xml_result;

/// Parses the UTF-8 document `bytes` (`length` bytes) with libxml2's SAX2 interface into `handler`,
/// blocking the calling thread until it ends. The document is read as UTF-8 whatever its XML
/// declaration says (XML_PARSE_IGNORE_ENC); nothing is fetched (XML_PARSE_NONET, and every external
/// request refused); entities are not substituted (no XML_PARSE_NOENT), no DTD is loaded or applied,
/// and entity references are never resolved (getEntity answers none), so no declared entity expands.
/// libxml2 stops at the first fatal error; warnings and namespace errors (an undeclared `dc:` prefix)
/// do not stop it. Loads libxml2 if needed.
void movies_xml_parse(
    const char *bytes, size_t length, const movies_xml_handler *handler, const movies_xml_limits *limits,
    movies_xml_result *result);

// MARK: - HTML

/// Where the nodes of a parsed HTML fragment go, in document order. Each callback returns 0 to go on,
/// non-zero to stop the walk there (MOVIES_HTML_STOPPED).
typedef struct movies_html_handler {
    void *context;
    /// An element starts. `attributes` holds names and values in turn, ending with NULL; names are
    /// lowercase.
    int (*start_element)(void *context, const char *name, const char *const *attributes);
    /// The element ends (every started element ends, implied end tags included).
    int (*end_element)(void *context, const char *name);
    /// A text node (references decoded), `length` bytes of UTF-8.
    int (*text)(void *context, const char *text, size_t length);
    /// Asked (with `context`) before each piece of input libxml2 reads, so that a fragment that makes
    /// libxml2 slow is stopped too; non-zero stops the parse (MOVIES_HTML_STOPPED). NULL for no budget.
    movies_budget_exhausted exhausted;
} movies_html_handler;

/// How movies_html_parse went.
typedef enum movies_html_outcome {
    /// The fragment was parsed and walked.
    MOVIES_HTML_PARSED = 0,
    /// Nothing was parsed: libxml2 is not available, or out of memory.
    MOVIES_HTML_UNAVAILABLE = 1,
    /// Nothing was parsed: checking the start tags would have cost more than the fragment's
    /// length allows (only crafted input does that); see movies_html_parse.
    MOVIES_HTML_REFUSED = 2,
    /// The handler stopped the parse or the walk (its budget ran out): what was walked is partial.
    MOVIES_HTML_STOPPED = 3,
} movies_html_outcome;

/// Parses the UTF-8 HTML fragment `bytes` with htmlReadIO (HTML_PARSE_NONET, NOERROR, NOWARNING,
/// RECOVER, NODEFDTD), handed to libxml2 16 KiB at a time with the handler's budget asked before each
/// piece, and walks the tree into `handler` (iteratively: any depth is fine). The parser adds the
/// `html` and `body` elements a fragment implies (without them it drops white space between top-level
/// elements).
///
/// libxml2 2.9's HTML parser compares each attribute of a start tag with all the ones before it, so
/// one tag with 100,000 attributes takes minutes. Before parsing, every `<` that libxml2 could take
/// for the start of a tag with more than `maximum_attributes` attributes is written as `&lt;`,
/// making that tag text; `neutralized` (may be NULL) receives how many were. The check itself is
/// bounded by a multiple of the fragment's length; past it the fragment is refused.
movies_html_outcome movies_html_parse(
    const char *bytes, size_t length, int maximum_attributes, const movies_html_handler *handler,
    long *neutralized);

#ifdef __cplusplus
}
#endif

#endif
