/* Which plugin to blame: the loaded modules and where their code lies, the call in progress on
 * the loop thread, and the search of a dying thread's stack for a module's code. */
#define _GNU_SOURCE
#include "guard_internal.h"

#include <elf.h>
#include <link.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static _Atomic(const struct crash_guard_module *) guard_modules;
static _Atomic(const struct crash_guard_call *) guard_call;
int guard_loop_thread;

int guard_thread_id(void) { return (int)syscall(SYS_gettid); }

// MARK: - Modules

/** dl_iterate_phdr's search: the object holding `address`, and its executable segments. */
struct segment_search {
    uintptr_t address;
    struct guard_range ranges[GUARD_MAX_RANGES];
    size_t count;
    bool found;
};

static int collect_segments(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct segment_search *search = data;
    bool holds = false;
    for (ElfW(Half) i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[i];
        if (header->p_type != PT_LOAD) continue;
        uintptr_t start = info->dlpi_addr + header->p_vaddr;
        if (search->address >= start && search->address < start + header->p_memsz) holds = true;
    }
    if (!holds) return 0;
    for (ElfW(Half) i = 0; i < info->dlpi_phnum && search->count < GUARD_MAX_RANGES; i++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[i];
        if (header->p_type != PT_LOAD || !(header->p_flags & PF_X)) continue;
        uintptr_t start = info->dlpi_addr + header->p_vaddr;
        search->ranges[search->count++] = (struct guard_range){start, start + header->p_memsz};
    }
    search->found = true;
    return 1;
}

/** Gives `module` the executable segments of the object holding `code_address`; false if none does. */
static bool find_code(struct crash_guard_module *module, const void *code_address) {
    struct segment_search search = {.address = (uintptr_t)code_address, .count = 0, .found = false};
    dl_iterate_phdr(collect_segments, &search);
    if (!search.found || search.count == 0) return false;
    memcpy(module->ranges, search.ranges, search.count * sizeof search.ranges[0]);
    // A dying thread reads the count, then the ranges: they are in place before it sees them.
    __atomic_store_n(&module->range_count, search.count, __ATOMIC_RELEASE);
    return true;
}

int crash_guard_locate(const struct crash_guard_module *module, const void *code_address) {
    // Registered here, so the guard's own: the const is for callers, who only hand it back.
    struct crash_guard_module *own = (struct crash_guard_module *)module;
    if (own == NULL || __atomic_load_n(&own->range_count, __ATOMIC_ACQUIRE) != 0) return -1;
    return find_code(own, code_address) ? 0 : -1;
}

const struct crash_guard_module *crash_guard_add_module(const char *name, const char *path, int64_t size,
                                                        int64_t modified, const void *code_address) {
    struct crash_guard_module *module = calloc(1, sizeof *module);
    if (module == NULL) return NULL;
    module->name = strdup(name);
    module->path = path != NULL ? strdup(path) : NULL;
    module->size = size;
    module->modified = modified;
    bool located = code_address == NULL || find_code(module, code_address);
    if (module->name == NULL || (path != NULL && module->path == NULL) || !located) {
        free(module->name);
        free(module->path);
        free(module);
        return NULL;
    }
    // Pushed at the head; readers (a dying thread) see the list before or after, whole.
    const struct crash_guard_module *head = atomic_load(&guard_modules);
    do {
        module->next = head;
    } while (!atomic_compare_exchange_weak(&guard_modules, &head, module));
    return module;
}

const struct crash_guard_module *crash_guard_module_at(uintptr_t address) {
    for (const struct crash_guard_module *module = atomic_load(&guard_modules); module != NULL; module = module->next) {
        size_t count = __atomic_load_n(&module->range_count, __ATOMIC_ACQUIRE);
        for (size_t i = 0; i < count; i++) {
            // A return address may sit one past a noreturn call at the very end of the code.
            if (address >= module->ranges[i].start && address <= module->ranges[i].end) return module;
        }
    }
    return NULL;
}

const struct crash_guard_module *crash_guard_scan(uintptr_t low, uintptr_t high) {
    for (uintptr_t word = (low + sizeof(uintptr_t) - 1) & ~(uintptr_t)(sizeof(uintptr_t) - 1);
         word + sizeof(uintptr_t) <= high; word += sizeof(uintptr_t)) {
        const struct crash_guard_module *module = crash_guard_module_at(*(const uintptr_t *)word);
        if (module != NULL) return module;
    }
    return NULL;
}

// MARK: - The call in progress

const struct crash_guard_call *crash_guard_enter(const struct crash_guard_call *call) {
    return atomic_exchange(&guard_call, call);
}

void crash_guard_leave(const struct crash_guard_call *previous) { atomic_store(&guard_call, previous); }

const struct crash_guard_call *guard_current_call(void) { return atomic_load(&guard_call); }
