/*
 * argument_vector.c: tabctl keeps the argument vector glibc hands to .init_array initializers
 * and gives it to the Swift runtime (see argument_vector.h). Compiled in release builds only
 * (TABCTL_ARGUMENT_VECTOR, Package.swift), where the runtime is linked in statically and this
 * definition keeps the runtime's own out of the link.
 */
#include "argument_vector.h"

#ifdef TABCTL_ARGUMENT_VECTOR

static char **kept_vector;
static int kept_count;

/*
 * glibc calls every .init_array function of the executable with (argc, argv, envp) before
 * main; argv lives on the initial stack for the whole life of the process.
 */
static void keep_argument_vector(int count, char **vector, char **environment) {
    (void)environment;
    kept_count = count;
    kept_vector = vector;
}

__attribute__((section(".init_array"), used))
static void (*keep_argument_vector_at_start)(int, char **, char **) = keep_argument_vector;

char **_swift_stdlib_getUnsafeArgvArgc(int *count) {
    static char *no_arguments[] = { 0 };
    if (kept_vector == 0) {
        *count = 0;
        return no_arguments;
    }
    *count = kept_count;
    return kept_vector;
}

#endif
