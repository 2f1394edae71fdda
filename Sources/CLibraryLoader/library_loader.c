// Loading a system library with dlopen() when it is first needed; see include/library_loader.h.

#include "library_loader.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

/// Whether dlopen()'s message says that no file was found under the name (rather than a file that
/// could not be used): glibc says "No such file or directory", macOS's dyld "not found".
static int is_missing_file(const char *reason) {
    return reason != NULL && (strstr(reason, "No such file") != NULL || strstr(reason, "not found") != NULL);
}

void *movies_library_open(
    const char *const *names, size_t name_count, const movies_library_symbol *symbols, size_t symbol_count,
    size_t *opened, movies_library_failure *failure) {
    failure->missing = 1;
    snprintf(failure->message, sizeof failure->message, "no library name to load");
    void *handle = NULL;
    size_t index = 0;
    for (; index < name_count; index++) {
        // RTLD_LOCAL: the library's symbols are found through this handle only, never by another
        // library that happens to want the same names.
        handle = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
        if (handle != NULL) {
            break;
        }
        const char *reason = dlerror();
        if (index == 0) {
            // The first name's message is the one reported: it names the library as packages do.
            snprintf(failure->message, sizeof failure->message, "%s", reason != NULL ? reason : "dlopen failed");
        }
        if (!is_missing_file(reason)) {
            failure->missing = 0;
        }
    }
    if (handle == NULL) {
        return NULL;
    }
    failure->missing = 0;
    for (size_t symbol = 0; symbol < symbol_count; symbol++) {
        dlerror();  // clears an earlier message, so the one read below is this lookup's
        *symbols[symbol].address = dlsym(handle, symbols[symbol].name);
        if (*symbols[symbol].address == NULL && !symbols[symbol].optional) {
            const char *reason = dlerror();
            snprintf(failure->message, sizeof failure->message, "%s lacks %s (%s)", names[index],
                     symbols[symbol].name, reason != NULL ? reason : "symbol not found");
            // Nothing of it has run but its own initialisers; the next name, or the next try, starts
            // afresh.
            dlclose(handle);
            return NULL;
        }
    }
    if (opened != NULL) {
        *opened = index;
    }
    failure->message[0] = '\0';
    return handle;
}

enum { NOT_TRIED = 0, USABLE = 1, UNUSABLE = 2 };

/// The first load: open, resolve, prepare.
static int load(movies_library *library) {
    void *handle = movies_library_open(
        library->names, library->name_count, library->symbols, library->symbol_count, NULL, &library->failure);
    if (handle == NULL) {
        return UNUSABLE;
    }
    if (library->prepare != NULL
        && !library->prepare(library->failure.message, sizeof library->failure.message)) {
        // The library has started (a version read, maybe an initialisation begun): it stays loaded.
        return UNUSABLE;
    }
    library->failure.message[0] = '\0';
    return USABLE;
}

int movies_library_load(movies_library *library) {
    // Once answered, the answer is read without the lock; the release store below publishes the
    // resolved addresses and the failure with it.
    int state = __atomic_load_n(&library->state, __ATOMIC_ACQUIRE);
    if (state == NOT_TRIED) {
        pthread_mutex_lock(&library->lock);
        state = library->state;
        if (state == NOT_TRIED) {
            state = load(library);
            __atomic_store_n(&library->state, state, __ATOMIC_RELEASE);
        }
        pthread_mutex_unlock(&library->lock);
    }
    return state == USABLE;
}

int movies_library_missing(movies_library *library) {
    return movies_library_load(library) ? 0 : library->failure.missing;
}

const char *movies_library_error(movies_library *library) {
    movies_library_load(library);
    return library->failure.message;
}

const char *movies_library_first_name(const movies_library *library) {
    return library->name_count > 0 ? library->names[0] : "";
}
