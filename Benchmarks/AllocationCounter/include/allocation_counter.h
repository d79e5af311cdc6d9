// Counts heap allocations in the process that links it, by interposing malloc and friends
// (the executable's definitions win over libc's for every library in the process).
// Benchmark-only: never linked into the product.
#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H
#include <stdint.h>

/// Allocations (malloc, calloc, realloc, memalign, posix_memalign, aligned_alloc) so far.
uint64_t allocation_count(void);

#endif
