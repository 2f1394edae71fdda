#include "process_arguments.h"

#include <stddef.h>

static int saved_count;
static char *const *saved_arguments;

// Run by the C library before any Swift code, with the arguments `main` receives
// (glibc's `call_init`; the System V ABI leaves them out, so another C library may pass nothing).
static void keep_arguments(int count, char **arguments, char **environment) {
    (void)environment;
    if (count > 0 && arguments != NULL) {
        saved_count = count;
        saved_arguments = arguments;
    }
}

__attribute__((section(".init_array"), used)) static void (*const keep_arguments_entry)(int, char **, char **) =
    keep_arguments;

int movies_argument_count(void) { return saved_count; }

char *const *movies_arguments(void) { return saved_count > 0 ? saved_arguments : NULL; }
