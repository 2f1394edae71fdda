// Temporary files removed when a signal ends the process; see include/temporary_files.h.

#include "temporary_files.h"

#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

enum { SLOT_COUNT = 8 };

/// The signals that end a process whose user (or terminal) asked it to stop.
static const int handled_signals[] = {SIGINT, SIGTERM, SIGHUP};
enum { SIGNAL_COUNT = sizeof handled_signals / sizeof handled_signals[0] };

/// Registered paths: `ready` is 1 while `path` holds a complete, NUL-terminated path the handler may
/// unlink. Written under `lock` by registrations; read without locking by the handler.
static char paths[SLOT_COUNT][PATH_MAX];
static atomic_int ready[SLOT_COUNT];

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int registered;
/// The dispositions found when the handler was installed, put back by the last unregistration and by
/// the handler before it re-raises the signal. `installed[i]` says whether signal i was taken over.
static struct sigaction previous[SIGNAL_COUNT];
static volatile sig_atomic_t installed[SIGNAL_COUNT];

static void handle(int number) {
    for (int slot = 0; slot < SLOT_COUNT; slot++) {
        if (atomic_load_explicit(&ready[slot], memory_order_acquire)) {
            unlink(paths[slot]);
        }
    }
    for (int index = 0; index < SIGNAL_COUNT; index++) {
        if (handled_signals[index] == number) {
            // The signal is blocked while this handler runs: raised again, it is delivered with the
            // previous disposition (the default: the process dies of it) once the handler returns.
            sigaction(number, &previous[index], NULL);
            raise(number);
            return;
        }
    }
}

static void install(void) {
    for (int index = 0; index < SIGNAL_COUNT; index++) {
        installed[index] = 0;
        if (sigaction(handled_signals[index], NULL, &previous[index]) != 0) {
            continue;
        }
        // A signal the process ignores (nohup ignores SIGHUP) must stay ignored.
        if (!(previous[index].sa_flags & SA_SIGINFO) && previous[index].sa_handler == SIG_IGN) {
            continue;
        }
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = handle;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESTART;
        if (sigaction(handled_signals[index], &action, NULL) == 0) {
            installed[index] = 1;
        }
    }
}

static void uninstall(void) {
    for (int index = 0; index < SIGNAL_COUNT; index++) {
        if (installed[index]) {
            sigaction(handled_signals[index], &previous[index], NULL);
            installed[index] = 0;
        }
    }
}

int movies_temporary_file_register(const char *path) {
    size_t length = strlen(path);
    if (length >= PATH_MAX) {
        return -1;
    }
    pthread_mutex_lock(&lock);
    int found = -1;
    for (int slot = 0; slot < SLOT_COUNT; slot++) {
        if (!atomic_load_explicit(&ready[slot], memory_order_relaxed)) {
            found = slot;
            break;
        }
    }
    if (found >= 0) {
        memcpy(paths[found], path, length + 1);
        atomic_store_explicit(&ready[found], 1, memory_order_release);
        if (registered++ == 0) {
            install();
        }
    }
    pthread_mutex_unlock(&lock);
    return found;
}

void movies_temporary_file_unregister(int slot) {
    if (slot < 0 || slot >= SLOT_COUNT) {
        return;
    }
    pthread_mutex_lock(&lock);
    if (atomic_load_explicit(&ready[slot], memory_order_relaxed)) {
        atomic_store_explicit(&ready[slot], 0, memory_order_release);
        if (--registered == 0) {
            uninstall();
        }
    }
    pthread_mutex_unlock(&lock);
}

int movies_temporary_file_count(void) {
    pthread_mutex_lock(&lock);
    int count = registered;
    pthread_mutex_unlock(&lock);
    return count;
}
