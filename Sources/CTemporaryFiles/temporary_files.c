// Temporary files removed when a signal ends the process; see include/temporary_files.h.

#include "temporary_files.h"
#include <errno.h>

#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

/// Room for sixteen files SQLite writes by name at once (each is four paths: the file, its journal,
/// its write-ahead log and the log's index), as the tests do in one process, or 64 plain ones. The
/// paths take 256 KiB of static storage, of which only the pages of slots in use are ever touched.
enum { SLOT_COUNT = 64 };

/// Every signal whose default action ends the process: the requests to stop (a terminal's SIGINT,
/// SIGQUIT and SIGHUP, kill's SIGTERM), a closed pipe, timers and limits, the user signals, and the
/// faults. A fault (SIGSEGV, SIGILL, ...) raised by the instruction itself is not raised again: the
/// handler puts the previous disposition back and returns, the instruction faults again, and the Swift
/// runtime's crash report (or a sanitizer's) sees the real fault.
static const int handled_signals[] = {
    SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2, SIGVTALRM, SIGPROF, SIGXCPU,
    SIGXFSZ, SIGIO, SIGSYS, SIGTRAP, SIGABRT, SIGILL, SIGFPE, SIGSEGV, SIGBUS,
#ifdef SIGPWR
    SIGPWR,
#endif
#ifdef SIGSTKFLT
    SIGSTKFLT,
#endif
};
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

/// Whether `info` says the kernel raised the signal for the instruction that was running (a fault),
/// rather than a process or the kernel sending it (kill, a closed pipe, a timer).
static int is_fault(int number, const siginfo_t *info) {
    int faults = number == SIGSEGV || number == SIGBUS || number == SIGILL || number == SIGFPE
        || number == SIGTRAP;
    return faults && info != NULL && info->si_code > 0;
}

static void handle(int number, siginfo_t *info, void *context) {
    (void)context;
    // unlink may set errno, which the code the signal interrupted may be about to read.
    int saved_errno = errno;
    for (int slot = 0; slot < SLOT_COUNT; slot++) {
        if (atomic_load_explicit(&ready[slot], memory_order_acquire)) {
            unlink(paths[slot]);
        }
    }
    errno = saved_errno;
    for (int index = 0; index < SIGNAL_COUNT; index++) {
        if (handled_signals[index] == number) {
            sigaction(number, &previous[index], NULL);
            // A fault happens again when the instruction runs again, now to the previous handler.
            if (is_fault(number, info)) {
                return;
            }
            // The signal is blocked while this handler runs: raised again, it is delivered with the
            // previous disposition (the default: the process dies of it) once the handler returns.
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
        action.sa_sigaction = handle;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESTART | SA_SIGINFO;
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

int movies_temporary_file_count_in(const char *folder) {
    size_t length = strlen(folder);
    int count = 0;
    pthread_mutex_lock(&lock);
    for (int slot = 0; slot < SLOT_COUNT; slot++) {
        if (atomic_load_explicit(&ready[slot], memory_order_relaxed)
            && strncmp(paths[slot], folder, length) == 0 && paths[slot][length] == '/') {
            count++;
        }
    }
    pthread_mutex_unlock(&lock);
    return count;
}
