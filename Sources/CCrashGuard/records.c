/* The lines of plugins.state a crash writes back, prepared by the daemon while it lives, and the
 * write itself: a temporary file, fsync, rename, fsync of the directory, with system calls only. */
#define _GNU_SOURCE
#include "guard_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h> /* rename, a system call; nothing of stdio's buffering */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/** One published set of lines, with their strings in the same allocation. */
struct snapshot {
    size_t count;
    struct crash_guard_record records[];
};

static _Atomic(struct snapshot *) guard_snapshot;
/** Set by a dying thread before it reads the snapshot; a publisher then never frees the old one. */
atomic_int guard_reading_snapshot;

// MARK: - Publishing (ordinary context)

static size_t text_size(const char *text) { return text != NULL ? strlen(text) + 1 : 0; }

static const char *copy_text(char **cursor, const char *text) {
    if (text == NULL) return NULL;
    size_t size = strlen(text) + 1;
    memcpy(*cursor, text, size);
    const char *copy = *cursor;
    *cursor += size;
    return copy;
}

void crash_guard_publish(const struct crash_guard_record *records, size_t count) {
    size_t size = sizeof(struct snapshot) + count * sizeof(struct crash_guard_record);
    for (size_t i = 0; i < count; i++) {
        size += text_size(records[i].path) + text_size(records[i].line) + text_size(records[i].failed_head);
    }
    struct snapshot *snapshot = malloc(size);
    if (snapshot == NULL) return;  // The old lines stay: a crash then writes what was known before.
    snapshot->count = count;
    char *cursor = (char *)&snapshot->records[count];
    for (size_t i = 0; i < count; i++) {
        snapshot->records[i] = records[i];
        snapshot->records[i].path = copy_text(&cursor, records[i].path);
        snapshot->records[i].line = copy_text(&cursor, records[i].line);
        snapshot->records[i].failed_head = copy_text(&cursor, records[i].failed_head);
    }
    struct snapshot *old = atomic_exchange(&guard_snapshot, snapshot);
    // Sequentially consistent with the dying thread's flag-then-read: either it reads the new
    // snapshot, or this sees its flag and leaves the old one alone (the process is ending anyway).
    if (atomic_load(&guard_reading_snapshot) == 0) free(old);
}

// MARK: - Writing (any context)

static const struct crash_guard_record *record_of(const struct snapshot *snapshot, const struct crash_guard_module *module) {
    if (snapshot == NULL || module == NULL || module->path == NULL) return NULL;
    for (size_t i = 0; i < snapshot->count; i++) {
        const struct crash_guard_record *record = &snapshot->records[i];
        if (record->size == module->size && record->modified == module->modified && record->path != NULL &&
            guard_same_text(record->path, module->path)) {
            return record;
        }
    }
    return NULL;
}

int crash_guard_write_records(int fd, const struct crash_guard_module *module, const char *reason) {
    atomic_store(&guard_reading_snapshot, 1);
    const struct snapshot *snapshot = atomic_load(&guard_snapshot);
    const struct crash_guard_record *failed = record_of(snapshot, module);
    if (failed == NULL) return 0;
    for (size_t i = 0; i < snapshot->count; i++) {
        const struct crash_guard_record *record = &snapshot->records[i];
        bool written = record == failed
            ? guard_write_text(fd, record->failed_head) && guard_write_text(fd, reason) && guard_write_text(fd, "\n")
            : guard_write_text(fd, record->line);
        if (!written) return -1;
    }
    return failed->failures_after;
}

int guard_record_failure(const struct crash_guard_settings *settings, const struct crash_guard_module *module,
                         const char *reason) {
    atomic_store(&guard_reading_snapshot, 1);
    const struct crash_guard_record *record = record_of(atomic_load(&guard_snapshot), module);
    if (record == NULL) return 0;
    if (settings->records_path == NULL) return record->failures_after;  // Counted in memory only.
    // Created afresh, never through whatever was planted at the name (as StateFile writes).
    if (unlink(settings->temporary_path) != 0 && errno != ENOENT) return 0;
    int fd = open(settings->temporary_path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0600);
    if (fd < 0) return 0;
    int failures = crash_guard_write_records(fd, module, reason);
    bool synced = failures > 0 && fsync(fd) == 0;
    close(fd);
    if (!synced || rename(settings->temporary_path, settings->records_path) != 0) {
        unlink(settings->temporary_path);
        return 0;
    }
    int directory = open(settings->directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (directory >= 0) {
        fsync(directory);
        close(directory);
    }
    return failures;
}

// MARK: - Text without stdio

bool guard_write_text(int fd, const char *text) {
    size_t length = strlen(text);  // strlen touches nothing but the string.
    while (length > 0) {
        ssize_t written = write(fd, text, length);
        if (written < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        text += written;
        length -= (size_t)written;
    }
    return true;
}

void guard_append(char *buffer, size_t capacity, const char *text) {
    size_t used = strlen(buffer);
    while (*text != '\0' && used + 1 < capacity) buffer[used++] = *text++;
    buffer[used] = '\0';
}

void guard_append_number(char *buffer, size_t capacity, long number) {
    char digits[24];
    size_t count = 0;
    unsigned long magnitude = number < 0 ? 0UL - (unsigned long)number : (unsigned long)number;
    do {
        digits[count++] = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude > 0);
    char text[26];
    size_t length = 0;
    if (number < 0) text[length++] = '-';
    while (count > 0) text[length++] = digits[--count];
    text[length] = '\0';
    guard_append(buffer, capacity, text);
}

bool guard_same_text(const char *a, const char *b) {
    while (*a != '\0' && *a == *b) {
        a++;
        b++;
    }
    return *a == *b;
}
