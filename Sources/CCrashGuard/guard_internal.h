/* What the guard's files share. Everything reachable from a handler is async-signal-safe. */
#ifndef CRASH_GUARD_INTERNAL_H
#define CRASH_GUARD_INTERNAL_H

#include "crash_guard.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** The most executable segments remembered per module (a shared object has one or two). */
#define GUARD_MAX_RANGES 8

struct guard_range {
    uintptr_t start;
    uintptr_t end; /* one past the last byte */
};

struct crash_guard_module {
    /** The module registered before this one: the list only grows, at its head. */
    const struct crash_guard_module *next;
    char *name;
    /** NULL when the fingerprint is unknown. */
    char *path;
    int64_t size;
    int64_t modified;
    /** Published after `ranges` (crash_guard_locate may fill them while other threads read):
     * written and read with __atomic builtins. */
    size_t range_count;
    struct guard_range ranges[GUARD_MAX_RANGES];
};

/** The call in progress on the loop thread, for the loop thread's own handler. */
const struct crash_guard_call *guard_current_call(void);

/** The loop thread's id, set at install; 0 before. */
extern int guard_loop_thread;

/** The calling thread's id (a system call: safe anywhere). */
int guard_thread_id(void);

/** Writes all of `text` to `fd`, retrying after EINTR; false when a write failed. */
bool guard_write_text(int fd, const char *text);

/** Appends `text` to the NUL-terminated string in `buffer` of `capacity` bytes, cutting it to fit. */
void guard_append(char *buffer, size_t capacity, const char *text);

/** Appends the decimal digits of `number` as guard_append does. */
void guard_append_number(char *buffer, size_t capacity, long number);

/** Whether the two NUL-terminated strings are equal (strcmp is not on the safe list). */
bool guard_same_text(const char *a, const char *b);

/**
 * Writes plugins.state with one more failure of `module` for `reason` through the temporary
 * file and a rename, as the daemon writes it; returns the failures counted, 0 when nothing
 * was recorded.
 */
int guard_record_failure(const struct crash_guard_settings *settings, const struct crash_guard_module *module,
                         const char *reason);

#endif /* CRASH_GUARD_INTERNAL_H */
