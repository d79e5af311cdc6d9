/*
 * crash_guard.h: the half of the daemon's guard against in-process plugins that runs when the
 * process is dying, and therefore only does what is async-signal-safe.
 *
 * A plugin that crashes (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS) or calls
 * exit() takes the daemon with it. The guard blames it first: the plugin inside a call on the
 * loop thread when the loop thread is the one dying, otherwise the plugin whose code is on the
 * dying thread's stack (the innermost frame of a loaded module's code). It writes the plugin's
 * failure into plugins.state as a hang is written, from lines the daemon prepared beforehand,
 * logs one line, and ends the process with a failure status: a signal is raised again with its
 * earlier disposition (a core dump, or the Swift runtime's backtrace), exit() becomes _exit()
 * with `exit_status`. Nothing here allocates, locks or formats with stdio while dying.
 *
 * Everything else is prepared in ordinary context: which modules are loaded and where their
 * code lies (crash_guard_add_module, before dlopen, and crash_guard_locate once loaded, so that
 * a crash in a module's constructors or entry point is blamed on it as a call "load" is), the lines of plugins.state as they stand and as they
 * would read with one more failure (crash_guard_publish), and the call in progress on the loop
 * thread (crash_guard_enter, crash_guard_leave).
 */
#ifndef CRASH_GUARD_H
#define CRASH_GUARD_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** One module loaded into the daemon: its plugin's name, its fingerprint, where its code lies. */
struct crash_guard_module;

/** A plugin call in progress on the loop thread. Lives in the caller's frame for the call. */
struct crash_guard_call {
    /** The module called. */
    const struct crash_guard_module *module;
    /** The ABI function called, e.g. "render", or what is done, e.g. the module's load. */
    const char *function;
    /** The tab the call is for; NULL for none (the load). */
    const char *tab;
};

/** One line of plugins.state, as the crash handler writes it back. */
struct crash_guard_record {
    /** The module file's fingerprint: resolved path, size, modification time in ns. */
    const char *path;
    int64_t size;
    int64_t modified;
    /** The line as it stands, newline included. */
    const char *line;
    /** The same line with one more failure, up to and including the tab before the reason. */
    const char *failed_head;
    /** The failures `failed_head` counts. */
    int32_t failures_after;
};

/** What a crash writes, logs and exits with; see crash_guard_install. */
struct crash_guard_settings {
    /** plugins.state, or NULL when failures are not kept across starts (--no-state). */
    const char *records_path;
    /** The temporary file a crash writes before renaming it over records_path. */
    const char *temporary_path;
    /** The directory holding both, synced after the rename. */
    const char *directory;
    /** What starts an error line in the daemon's log ("<3>" under journald). */
    const char *log_prefix;
    /** Where the log goes. */
    int log_fd;
    /** Failures after which a plugin is disabled, for the log line. */
    int failure_limit;
    /** The status an unexpected exit() ends the process with. */
    int exit_status;
};

/**
 * Installs the signal handlers (on an alternate stack for the calling thread, which must be the
 * loop thread) and the exit hooks, and arms them. Once per process; returns 0, or -1 with errno
 * when a handler could not be installed (or the guard was installed before: EALREADY).
 * The settings' strings are copied.
 */
int crash_guard_install(const struct crash_guard_settings *settings);

/** From now on exit() is expected (the daemon's own return from serving): the hooks stand down. */
void crash_guard_disarm(void);

/**
 * Replaces the lines a crash writes with `records` (copied). Callers serialize calls; a crash
 * on another thread meanwhile sees the old lines or the new, never a mix.
 */
void crash_guard_publish(const struct crash_guard_record *records, size_t count);

/**
 * Registers a module: `name` its plugin's, its fingerprint (`path` NULL when unknown: its
 * failures are then logged but not recorded), and `code_address` any address in its code,
 * from which the guard finds the module's executable segments; NULL for a module about to be
 * loaded, whose code crash_guard_locate finds later (until then only a call blames it).
 * Modules are never removed. Returns the module, or NULL when out of memory or no loaded
 * object holds a given `code_address`.
 */
const struct crash_guard_module *crash_guard_add_module(const char *name, const char *path, int64_t size,
                                                        int64_t modified, const void *code_address);

/**
 * Finds the code of `module`, registered before it was loaded, from `code_address`, any address
 * in it. Returns 0, or -1 when no loaded object holds the address or the code was found before.
 */
int crash_guard_locate(const struct crash_guard_module *module, const void *code_address);

/** Notes `call` as in progress on the calling thread (the loop thread); returns the call it interrupts. */
const struct crash_guard_call *crash_guard_enter(const struct crash_guard_call *call);

/** Notes that the call returned, restoring `previous`. */
void crash_guard_leave(const struct crash_guard_call *previous);

/* The pieces below are what the handlers use, exposed so that tests can try them alive. */

/** The registered module whose executable code holds `address`, or NULL. */
const struct crash_guard_module *crash_guard_module_at(uintptr_t address);

/**
 * The module of the first word in [low, high) (aligned words, read from low upwards, as a
 * stack is read from its innermost frame) that points into a registered module's code, or NULL.
 */
const struct crash_guard_module *crash_guard_scan(uintptr_t low, uintptr_t high);

/**
 * Writes to `fd` the content of plugins.state after one more failure of `module` for `reason`:
 * every published line, the module's own with its failure counted. Returns the failures the
 * module now has, 0 when its fingerprint is not among the lines (nothing is changed then),
 * or -1 when a write failed.
 */
int crash_guard_write_records(int fd, const struct crash_guard_module *module, const char *reason);

#ifdef __cplusplus
}
#endif

#endif /* CRASH_GUARD_H */
