// One XML parse with libxml2's SAX2 interface; see movies_xml_parse in include/xml2_loader.h.

#include "xml2_loader.h"

#include "libxml2_abi.h"

#include <stdlib.h>
#include <string.h>

enum {
    /// Events between two looks at the budget (which reads a clock, a system call: not at every event).
    BUDGET_CHECK_INTERVAL = 128,
    /// The most bytes handed to libxml2 per read, so the budget is also checked between reads.
    READ_CHUNK = 64 * 1024,
    /// Attributes converted on the stack; an element with more uses the heap.
    STACK_ATTRIBUTES = 32,
};

/// The state of one parse, shared by the callbacks; only the parsing thread touches it.
struct parse {
    void *context;  // the libxml2 parser
    const movies_xml_handler *handler;
    const movies_xml_limits *limits;
    movies_xml_result *result;
    const char *bytes;
    size_t length;
    size_t offset;
    long events_until_check;
    // Namespace declarations of each open element, to count those in scope.
    int *namespaces;
    int namespaces_capacity;
    long namespaces_in_scope;
};

/// Stops the parse for `reason`, keeping the first reason given. libxml2 is not halted
/// (xmlStopParser frees its input buffer, which the code that called back may still be reading):
/// from now on every callback ignores what it is given, and the input ends at the next read, so
/// libxml2 only finishes the few kilobytes it holds.
static void stop(struct parse *parse, movies_xml_stop reason) {
    if (parse->result->stop == MOVIES_XML_STOP_NONE) {
        parse->result->stop = reason;
    }
}

static int stopped(const struct parse *parse) {
    return parse->result->stop != MOVIES_XML_STOP_NONE;
}

/// Asks the budget now; stops the parse when it is spent.
static int budget_left(struct parse *parse) {
    const movies_xml_limits *limits = parse->limits;
    if (limits->exhausted != NULL && limits->exhausted(limits->budget)) {
        stop(parse, MOVIES_XML_STOP_BUDGET);
        return 0;
    }
    return 1;
}

/// Counts an event and, every BUDGET_CHECK_INTERVAL events, asks the budget.
static int within_budget(struct parse *parse) {
    if (--parse->events_until_check > 0) {
        return 1;
    }
    parse->events_until_check = BUDGET_CHECK_INTERVAL;
    return budget_left(parse);
}

// MARK: - Namespaces in scope

static int push_namespaces(struct parse *parse, int count) {
    int depth = parse->result->depth;
    if (depth >= parse->namespaces_capacity) {
        int capacity = parse->namespaces_capacity < 64 ? 64 : parse->namespaces_capacity * 2;
        int *grown = realloc(parse->namespaces, (size_t)capacity * sizeof *grown);
        if (grown == NULL) {
            return 0;
        }
        parse->namespaces = grown;
        parse->namespaces_capacity = capacity;
    }
    parse->namespaces[depth] = count;
    parse->namespaces_in_scope += count;
    return 1;
}

static void pop_namespaces(struct parse *parse) {
    int depth = parse->result->depth;
    if (depth >= 0 && depth < parse->namespaces_capacity) {
        parse->namespaces_in_scope -= parse->namespaces[depth];
    }
}

// MARK: - SAX callbacks

static void on_start_element(
    void *context, const unsigned char *local, const unsigned char *prefix, const unsigned char *uri,
    int namespace_count, const unsigned char **namespaces, int attribute_count, int defaulted_count,
    const unsigned char **attributes) {
    (void)namespaces;
    struct parse *parse = context;
    if (stopped(parse) || !within_budget(parse)) {
        return;
    }
    if (!push_namespaces(parse, namespace_count)) {
        stop(parse, MOVIES_XML_STOP_UNAVAILABLE);
        return;
    }
    parse->result->depth++;
    parse->result->elements++;
    if (parse->namespaces_in_scope > parse->limits->maximum_namespaces_in_scope) {
        stop(parse, MOVIES_XML_STOP_NAMESPACES);
        return;
    }
    // Defaulted attributes come from a DTD, which is never read; they are left out all the same.
    int count = attribute_count - defaulted_count;
    if (count < 0) {
        count = 0;
    }
    movies_xml_attribute stack[STACK_ATTRIBUTES];
    movies_xml_attribute *converted = stack;
    if (count > STACK_ATTRIBUTES) {
        converted = malloc((size_t)count * sizeof *converted);
        if (converted == NULL) {
            stop(parse, MOVIES_XML_STOP_UNAVAILABLE);
            return;
        }
    }
    // libxml2 gives five pointers per attribute: local name, prefix, URI, value start, value end.
    for (int index = 0; index < count; index++) {
        const unsigned char **attribute = attributes + 5 * index;
        converted[index].local = (const char *)attribute[0];
        converted[index].prefix = (const char *)attribute[1];
        converted[index].uri = (const char *)attribute[2];
        converted[index].value = (const char *)attribute[3];
        converted[index].value_length = (int)(attribute[4] - attribute[3]);
    }
    int halt = parse->handler->start_element(
        parse->handler->context, (const char *)local, (const char *)prefix, (const char *)uri, converted, count);
    if (converted != stack) {
        free(converted);
    }
    if (halt) {
        stop(parse, MOVIES_XML_STOP_HANDLER);
    }
}

static void on_end_element(
    void *context, const unsigned char *local, const unsigned char *prefix, const unsigned char *uri) {
    struct parse *parse = context;
    if (stopped(parse)) {
        return;
    }
    parse->result->depth--;
    pop_namespaces(parse);
    if (!within_budget(parse)) {
        return;
    }
    if (parse->handler->end_element(
            parse->handler->context, (const char *)local, (const char *)prefix, (const char *)uri)) {
        stop(parse, MOVIES_XML_STOP_HANDLER);
    }
}

static void on_text(void *context, const unsigned char *text, int length) {
    struct parse *parse = context;
    if (stopped(parse) || !within_budget(parse)) {
        return;
    }
    if (parse->handler->text(parse->handler->context, (const char *)text, length)) {
        stop(parse, MOVIES_XML_STOP_HANDLER);
    }
}

/// No entity reference is ever resolved: not one the document declares (none could expand, however
/// nested), and not an external one (nothing is read). libxml2 handles the five predefined entities
/// before asking; any other reference is an undeclared entity.
static void *no_entity(void *context, const unsigned char *name) {
    (void)context;
    (void)name;
    return NULL;
}

/// libxml2's errors: the first fatal one stops the parse and is kept; warnings and plain errors
/// (namespace errors such as an undeclared `dc:` prefix) are not.
static void on_error(void *context, struct xml_error *error) {
    struct parse *parse = context;
    if (error == NULL || error->level < XML_ERR_FATAL_ || stopped(parse)) {
        return;
    }
    movies_xml_result *result = parse->result;
    if (parse->limits->recover) {
        // Recovery goes on past the error; the first one is kept, to say what was recovered from.
        if (result->recovered_errors++ == 0) {
            result->error_code = error->code;
            result->error_domain = error->domain;
            result->error_line = error->line;
            result->error_column = error->int2;
            result->error_int1 = error->int1;
        }
        return;
    }
    result->error_code = error->code;
    result->error_domain = error->domain;
    result->error_line = error->line;
    result->error_column = error->int2;
    result->error_int1 = error->int1;
    stop(parse, MOVIES_XML_STOP_ERROR);
}

/// Hands libxml2 the next piece of the document, asking the budget between pieces. A stopped parse
/// gets the end of its input, and libxml2 then reports a premature end, whose error is not kept.
static int read_input(void *context, char *buffer, int length) {
    struct parse *parse = context;
    if (!stopped(parse)) {
        budget_left(parse);
    }
    if (stopped(parse) || length <= 0) {
        return 0;
    }
    size_t left = parse->length - parse->offset;
    size_t count = left < (size_t)length ? left : (size_t)length;
    if (count > READ_CHUNK) {
        count = READ_CHUNK;
    }
    memcpy(buffer, parse->bytes + parse->offset, count);
    parse->offset += count;
    return (int)count;
}

// MARK: - Parsing

void movies_xml_parse(
    const char *bytes, size_t length, const movies_xml_handler *handler, const movies_xml_limits *limits,
    movies_xml_result *result) {
    memset(result, 0, sizeof *result);
    if (!movies_xml_load()) {
        result->stop = MOVIES_XML_STOP_UNAVAILABLE;
        return;
    }
    struct parse parse = {
        .handler = handler,
        .limits = limits,
        .result = result,
        .bytes = bytes,
        .length = length,
        .events_until_check = 1,  // the first event asks the budget, so a spent one stops at once
    };
    struct xml_sax_handler sax;
    memset(&sax, 0, sizeof sax);
    sax.initialized = XML_SAX2_MAGIC_;
    sax.start_element_ns = on_start_element;
    sax.end_element_ns = on_end_element;
    sax.characters = on_text;
    sax.ignorable_whitespace = on_text;
    sax.cdata_block = on_text;
    sax.get_entity = no_entity;
    sax.get_parameter_entity = no_entity;
    sax.structured_error = on_error;
    silence_generic_errors();
    // The user data is this parse, never the parser itself: libxml2 then never looks entities up in
    // the declarations it keeps for SAX1 ("expat compatibility") either.
    parse.context = libxml2.create_io_parser_context(&sax, &parse, read_input, NULL, &parse, XML_CHAR_ENCODING_NONE_);
    if (parse.context == NULL) {
        result->stop = MOVIES_XML_STOP_UNAVAILABLE;
        return;
    }
    int options = XML_PARSE_NONET_ | XML_PARSE_IGNORE_ENC_ | XML_PARSE_BIG_LINES_;
    if (limits->recover) {
        options |= XML_PARSE_RECOVER_;
    }
    libxml2.context_use_options(parse.context, options);
    libxml2.parse_document(parse.context);
    struct xml_parser_context_prefix *prefix = parse.context;
    if (prefix->document != NULL) {
        libxml2.free_document(prefix->document);
        prefix->document = NULL;
    }
    libxml2.free_parser_context(parse.context);
    free(parse.namespaces);
}
