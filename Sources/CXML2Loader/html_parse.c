// HTML fragments through libxml2's HTML parser; see movies_html_parse in include/xml2_loader.h.

#include "xml2_loader.h"

#include "libxml2_abi.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

// MARK: - Start tags with too many attributes

/// libxml2 2.9's HTML names (htmlParseHTMLName): a letter, "_", ":" or "." first, then letters,
/// digits, ":", "-", "_" or ".", at most 100 of them (HTML_PARSER_BUFFER_SIZE).
enum {
    NAME_LIMIT = 100,
};

static int is_letter(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int is_name_start(unsigned char c) {
    return is_letter(c) || c == '_' || c == ':' || c == '.';
}

static int is_name_character(unsigned char c) {
    return is_name_start(c) || (c >= '0' && c <= '9') || c == '-';
}

static int is_blank(unsigned char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/// A scan of a fragment's start tags, with the work it has done and may do.
struct tag_scan {
    const unsigned char *bytes;
    size_t length;
    size_t work;
    size_t work_limit;
};

static size_t skip_blanks(struct tag_scan *scan, size_t index) {
    while (index < scan->length && is_blank(scan->bytes[index])) {
        index++;
        scan->work++;
    }
    return index;
}

static int ends_tag(const struct tag_scan *scan, size_t index) {
    const unsigned char *bytes = scan->bytes;
    return bytes[index] == '>' || (bytes[index] == '/' && index + 1 < scan->length && bytes[index + 1] == '>');
}

/// How many attributes libxml2 2.9's htmlParseStartTag would parse in the start tag whose `<` is at
/// `start`, following its loop (htmlParseAttribute, htmlParseAttValue, and the skipping of what is
/// not an attribute name) step for step; it stops counting past `limit`. -1 when the scan's work
/// limit is reached.
static long count_attributes(struct tag_scan *scan, size_t start, long limit) {
    const unsigned char *bytes = scan->bytes;
    size_t length = scan->length;
    size_t index = start + 1;
    size_t name_end = index;
    while (name_end < length && name_end - index < NAME_LIMIT && is_name_character(bytes[name_end])) {
        name_end++;
    }
    scan->work += name_end - index;
    index = skip_blanks(scan, name_end);
    long count = 0;
    while (index < length && !ends_tag(scan, index)) {
        if (scan->work > scan->work_limit) {
            return -1;
        }
        if (is_name_start(bytes[index])) {
            if (++count > limit) {
                return count;
            }
            size_t end = index;
            while (end < length && end - index < NAME_LIMIT && is_name_character(bytes[end])) {
                end++;
            }
            scan->work += end - index;
            index = skip_blanks(scan, end);
            if (index < length && bytes[index] == '=') {
                index = skip_blanks(scan, index + 1);
                if (index < length && (bytes[index] == '"' || bytes[index] == '\'')) {
                    unsigned char quote = bytes[index++];
                    while (index < length && bytes[index] != quote) {
                        index++;
                        scan->work++;
                    }
                    index += index < length;
                } else {
                    while (index < length && !is_blank(bytes[index]) && bytes[index] != '>') {
                        index++;
                        scan->work++;
                    }
                }
            }
        } else {
            while (index < length && !is_blank(bytes[index]) && !ends_tag(scan, index)) {
                index++;
                scan->work++;
            }
        }
        index = skip_blanks(scan, index);
    }
    return count;
}

/// Marks in `flags` every `<` that starts a tag with more than `limit` attributes. Every `<`
/// followed by a name is checked, not only those libxml2 will reach (which depends on comments,
/// scripts and quoting this does not model), so none of libxml2's start tags escapes the count.
/// Returns how many were marked, or -1 when the work limit was reached.
static long mark_crowded_tags(struct tag_scan *scan, long limit, unsigned char *flags) {
    long marked = 0;
    for (size_t index = 0; index + 1 < scan->length; index++) {
        if (scan->bytes[index] != '<' || !is_name_start(scan->bytes[index + 1])) {
            continue;
        }
        long count = count_attributes(scan, index, limit);
        if (count < 0) {
            return -1;
        }
        if (count > limit) {
            flags[index] = 1;
            marked++;
        }
    }
    return marked;
}

/// A copy of `bytes` with each marked `<` written `&lt;`, NUL-terminated; NULL when out of memory.
static char *neutralized_copy(const char *bytes, size_t length, const unsigned char *flags, long marked) {
    size_t size = length + 3 * (size_t)marked + 1;
    char *copy = malloc(size);
    if (copy == NULL) {
        return NULL;
    }
    size_t out = 0;
    for (size_t index = 0; index < length; index++) {
        if (flags[index]) {
            memcpy(copy + out, "&lt;", 4);
            out += 4;
        } else {
            copy[out++] = bytes[index];
        }
    }
    copy[out] = '\0';
    return copy;
}

// MARK: - Walking the tree

/// Attribute names and values of one element, for the start_element callback.
struct attribute_list {
    const char **items;
    size_t capacity;
};

/// The element's attributes as name, value, ..., NULL; NULL when out of memory. An attribute's value
/// is its one text child (libxml2's HTML parser decodes references into one); others are left out.
static const char *const *attributes_of(struct xml_node *element, struct attribute_list *list) {
    size_t count = 0;
    for (struct xml_node *attribute = element->properties; attribute != NULL; attribute = attribute->next) {
        count++;
    }
    if (2 * count + 1 > list->capacity) {
        const char **grown = realloc(list->items, (2 * count + 1) * sizeof *grown);
        if (grown == NULL) {
            return NULL;
        }
        list->items = grown;
        list->capacity = 2 * count + 1;
    }
    size_t used = 0;
    for (struct xml_node *attribute = element->properties; attribute != NULL; attribute = attribute->next) {
        struct xml_node *value = attribute->children;
        if (attribute->name == NULL) {
            continue;
        }
        if (value == NULL) {
            list->items[used++] = attribute->name;
            list->items[used++] = "";
        } else if (value->next == NULL && value->type == XML_TEXT_NODE_ && value->content != NULL) {
            list->items[used++] = attribute->name;
            list->items[used++] = value->content;
        }
    }
    list->items[used] = NULL;
    return list->items;
}

/// Walks the nodes under `document` in document order without recursion, so that nesting of any
/// depth costs no stack. Returns 0 when the handler stopped it.
static int walk(struct xml_node *document, const movies_html_handler *handler, struct attribute_list *list) {
    static const char *const no_attributes[] = {NULL};
    void *context = handler->context;
    struct xml_node *node = document->children;
    while (node != NULL) {
        if (node->type == XML_ELEMENT_NODE_ && node->name != NULL) {
            const char *const *attributes = attributes_of(node, list);
            if (handler->start_element(context, node->name, attributes != NULL ? attributes : no_attributes)) {
                return 0;
            }
            if (node->children != NULL) {
                node = node->children;
                continue;
            }
            if (handler->end_element(context, node->name)) {
                return 0;
            }
        } else if ((node->type == XML_TEXT_NODE_ || node->type == XML_CDATA_SECTION_NODE_) && node->content != NULL) {
            if (handler->text(context, node->content, strlen(node->content))) {
                return 0;
            }
        }
        while (node != NULL && node->next == NULL) {
            node = node->parent;
            if (node == NULL || node == document) {
                return 1;
            }
            if (node->type == XML_ELEMENT_NODE_ && node->name != NULL && handler->end_element(context, node->name)) {
                return 0;
            }
        }
        if (node != NULL) {
            node = node->next;
        }
    }
    return 1;
}

// MARK: - Reading

enum {
    /// The most bytes handed to libxml2 per read, so the budget is asked at least this often.
    HTML_READ_CHUNK = 16 * 1024,
};

/// The fragment as libxml2 reads it, a piece at a time.
struct html_input {
    const char *bytes;
    size_t length;
    size_t offset;
    const movies_html_handler *handler;
    int stopped;
};

/// Hands libxml2 the next piece of the fragment, once the budget allows; a spent budget ends the input
/// there, and the parse is then thrown away.
static int read_html(void *context, char *buffer, int length) {
    struct html_input *input = context;
    const movies_html_handler *handler = input->handler;
    if (!input->stopped && handler->exhausted != NULL && handler->exhausted(handler->context)) {
        input->stopped = 1;
    }
    if (input->stopped || length <= 0) {
        return 0;
    }
    size_t left = input->length - input->offset;
    size_t count = left < (size_t)length ? left : (size_t)length;
    if (count > HTML_READ_CHUNK) {
        count = HTML_READ_CHUNK;
    }
    memcpy(buffer, input->bytes + input->offset, count);
    input->offset += count;
    return (int)count;
}

// MARK: - Parsing

movies_html_outcome movies_html_parse(
    const char *bytes, size_t length, int maximum_attributes, const movies_html_handler *handler,
    long *neutralized) {
    if (neutralized != NULL) {
        *neutralized = 0;
    }
    if (!movies_xml_load() || length > (size_t)INT_MAX / 4) {
        return MOVIES_HTML_UNAVAILABLE;
    }
    unsigned char *flags = calloc(length + 1, 1);
    if (flags == NULL) {
        return MOVIES_HTML_UNAVAILABLE;
    }
    struct tag_scan scan = {
        .bytes = (const unsigned char *)bytes, .length = length, .work_limit = 16 * length + 65536};
    long marked = mark_crowded_tags(&scan, maximum_attributes < 0 ? 0 : maximum_attributes, flags);
    if (marked < 0) {
        free(flags);
        return MOVIES_HTML_REFUSED;
    }
    char *copy = NULL;
    if (marked > 0) {
        copy = neutralized_copy(bytes, length, flags, marked);
        if (copy == NULL) {
            free(flags);
            return MOVIES_HTML_UNAVAILABLE;
        }
        length += 3 * (size_t)marked;
        if (neutralized != NULL) {
            *neutralized = marked;
        }
    }
    free(flags);
    silence_generic_errors();
    int options = HTML_PARSE_NONET_ | HTML_PARSE_NOERROR_ | HTML_PARSE_NOWARNING_ | HTML_PARSE_RECOVER_
                  | HTML_PARSE_NODEFDTD_;
    struct html_input input = {.bytes = copy != NULL ? copy : bytes, .length = length, .handler = handler};
    struct xml_node *document = libxml2.html_read_io(read_html, NULL, &input, NULL, "UTF-8", options);
    free(copy);
    if (input.stopped) {
        if (document != NULL) {
            libxml2.free_document(document);
        }
        return MOVIES_HTML_STOPPED;
    }
    if (document == NULL) {
        // An empty fragment gives no document; there is nothing to walk either way.
        return MOVIES_HTML_PARSED;
    }
    struct attribute_list list = {0};
    int walked = walk(document, handler, &list);
    free(list.items);
    libxml2.free_document(document);
    return walked ? MOVIES_HTML_PARSED : MOVIES_HTML_STOPPED;
}
