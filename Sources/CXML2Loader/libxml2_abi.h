// The few libxml2 types, constants and functions this target uses, declared with the values of
// libxml2's public, stable ABI (soname libxml2.so.2, unchanged since 2.0 in 2000), so that the build
// needs no libxml2 headers: Debian's libxml2-dev would also pull in ICU's headers (libxml2 is built
// with ICU there), and the program loads libxml2 itself only when it reads a feed.
//
// Each declaration below mirrors the layout of the public header named beside it (libxml/tree.h,
// parser.h, xmlerror.h, HTMLparser.h); only the members used here are named, the others are kept as
// untyped slots so the offsets stay the same. They were checked with offsetof() against the headers of
// libxml2 2.9.14 (Debian 12) and are unchanged in 2.10 to 2.14.

#ifndef MOVIES_LIBXML2_ABI_H
#define MOVIES_LIBXML2_ABI_H

// MARK: - Tree (libxml/tree.h)

/// xmlElementType: the `type` of a node.
enum {
    XML_ELEMENT_NODE_ = 1,
    XML_ATTRIBUTE_NODE_ = 2,
    XML_TEXT_NODE_ = 3,
    XML_CDATA_SECTION_NODE_ = 4,
};

/// struct _xmlNode, and the first members of _xmlDoc and _xmlAttr, which share them.
struct xml_node {
    void *private_data;
    int type;
    const char *name;
    struct xml_node *children;
    struct xml_node *last;
    struct xml_node *parent;
    struct xml_node *next;
    struct xml_node *prev;
    void *doc;
    void *ns;
    char *content;               // text and CDATA nodes only
    struct xml_node *properties; // element nodes only: the attributes (struct _xmlAttr)
};

// MARK: - Errors (libxml/xmlerror.h)

/// struct _xmlError.
struct xml_error {
    int domain;
    int code;
    char *message;
    int level;  // 1 warning, 2 error, 3 fatal
    char *file;
    int line;
    char *str1;
    char *str2;
    char *str3;
    int int1;
    int int2;  // the column, for parser errors
    void *ctxt;
    void *node;
};

enum {
    XML_ERR_FATAL_ = 3,
};

// MARK: - SAX (libxml/parser.h)

typedef void (*xml_characters_function)(void *context, const unsigned char *text, int length);
typedef void (*xml_start_element_ns_function)(
    void *context, const unsigned char *local, const unsigned char *prefix, const unsigned char *uri,
    int namespace_count, const unsigned char **namespaces, int attribute_count, int defaulted_count,
    const unsigned char **attributes);
typedef void (*xml_end_element_ns_function)(
    void *context, const unsigned char *local, const unsigned char *prefix, const unsigned char *uri);
typedef void (*xml_structured_error_function)(void *context, struct xml_error *error);
typedef void *(*xml_get_entity_function)(void *context, const unsigned char *name);

/// struct _xmlSAXHandler (SAX2: `initialized` set to XML_SAX2_MAGIC). Callbacks left NULL are not
/// called; in particular no entity, DTD or processing-instruction callback is set.
struct xml_sax_handler {
    void *internal_subset;
    void *is_standalone;
    void *has_internal_subset;
    void *has_external_subset;
    void *resolve_entity;
    xml_get_entity_function get_entity;
    void *entity_declaration;
    void *notation_declaration;
    void *attribute_declaration;
    void *element_declaration;
    void *unparsed_entity_declaration;
    void *set_document_locator;
    void *start_document;
    void *end_document;
    void *start_element;  // SAX1
    void *end_element;    // SAX1
    void *reference;
    xml_characters_function characters;
    xml_characters_function ignorable_whitespace;
    void *processing_instruction;
    void *comment;
    void *warning;  // variadic
    void *error;    // variadic
    void *fatal_error;  // variadic
    xml_get_entity_function get_parameter_entity;
    xml_characters_function cdata_block;
    void *external_subset;
    unsigned int initialized;
    void *private_data;
    xml_start_element_ns_function start_element_ns;
    xml_end_element_ns_function end_element_ns;
    xml_structured_error_function structured_error;
};

#define XML_SAX2_MAGIC_ 0xDEEDBEAFu

/// The first members of struct _xmlParserCtxt, the only ones read here.
struct xml_parser_context_prefix {
    struct xml_sax_handler *sax;
    void *user_data;
    void *document;  // myDoc: a document libxml2 may have started for entity declarations
};

/// xmlParserOption and htmlParserOption values.
enum {
    XML_PARSE_RECOVER_ = 1 << 0,
    XML_PARSE_NONET_ = 1 << 11,
    XML_PARSE_IGNORE_ENC_ = 1 << 21,
    XML_PARSE_BIG_LINES_ = 1 << 22,
    HTML_PARSE_RECOVER_ = 1 << 0,
    HTML_PARSE_NODEFDTD_ = 1 << 2,
    HTML_PARSE_NOERROR_ = 1 << 5,
    HTML_PARSE_NOWARNING_ = 1 << 6,
    HTML_PARSE_NONET_ = 1 << 11,
};

/// xmlCharEncoding: none, so that the bytes are taken as UTF-8 (they always are, see xml_parse.c).
enum {
    XML_CHAR_ENCODING_NONE_ = 0,
};

/// struct _htmlEntityDesc (libxml/HTMLparser.h).
struct html_entity_description {
    unsigned int value;
    const char *name;
    const char *description;
};

typedef int (*xml_input_read_function)(void *context, char *buffer, int length);
typedef int (*xml_input_close_function)(void *context);
typedef void *(*xml_external_entity_loader)(const char *url, const char *id, void *context);
typedef void (*xml_generic_error_function)(void *context, const char *message, ...);

// MARK: - The loaded library

/// libxml2's functions, resolved by movies_xml_load (xml2_loader.c).
struct libxml2_functions {
    void (*init_parser)(void);
    void (*set_external_entity_loader)(xml_external_entity_loader loader);
    void (*set_generic_error_function)(void *context, xml_generic_error_function handler);
    void *(*create_io_parser_context)(
        struct xml_sax_handler *sax, void *user_data, xml_input_read_function read,
        xml_input_close_function close, void *io_context, int encoding);
    int (*context_use_options)(void *context, int options);
    int (*parse_document)(void *context);
    void (*free_parser_context)(void *context);
    void (*free_document)(void *document);
    void *(*html_read_io)(
        xml_input_read_function read, xml_input_close_function close, void *io_context, const char *url,
        const char *encoding, int options);
    const struct html_entity_description *(*html_entity_lookup)(const unsigned char *name);
};

/// The functions, valid once movies_xml_load() has returned 1.
extern struct libxml2_functions libxml2;

/// Points libxml2's generic error channel (per thread), which would otherwise print to stderr, at a
/// function that drops everything. Called before each parse.
void silence_generic_errors(void);

#endif
