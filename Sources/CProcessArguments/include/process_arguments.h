// The process's arguments as the C library passed them to `main`, read without Swift's `CommandLine`.
//
// `CommandLine.arguments` and `CommandLine.unsafeArgv` are lazily initialised globals of the Swift
// library, whose initialisers sit alone in a 64 KiB stretch of its text that nothing else a one-shot
// command runs is near: reading them makes the kernel map those 16 pages (docs/ARCHITECTURE.md,
// "Laid out for start-up"). glibc calls each function of a program's `.init_array` with `argc`,
// `argv` and `envp`, as it calls `main`; this library keeps the first two from there.

#ifndef MOVIES_PROCESS_ARGUMENTS_H
#define MOVIES_PROCESS_ARGUMENTS_H

#ifdef __cplusplus
extern "C" {
#endif

/// The number of arguments, the program's name included; 0 when the C library did not pass them to
/// initialisers (a C library other than glibc), and then `CommandLine` must be asked.
int movies_argument_count(void);

/// The arguments, `argv` itself (NULL-terminated); NULL when `movies_argument_count()` is 0.
char *const *movies_arguments(void);

#ifdef __cplusplus
}
#endif

#endif
