/*
 * argument_vector.h: tabctl's argument vector for the Swift runtime, in release builds.
 *
 * The static Swift runtime finds `CommandLine.arguments` at start-up by reading
 * /proc/self/maps line by line to locate the initial stack and walking back from `environ`:
 * about a tenth of a `tabctl select`'s instructions and twelve system calls, on every run.
 * glibc already hands the vector to every initializer in .init_array, so tabctl keeps it from
 * there and answers the runtime's one question for it; the runtime's own grabber is then not
 * linked at all (docs/performance.md, "tabctl"). Debug builds keep the runtime's.
 */
#ifndef ARGUMENT_VECTOR_H
#define ARGUMENT_VECTOR_H

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The process's argument vector and, in *count, its length: what the Swift standard library
 * asks for (under this name) to build `CommandLine.arguments`. Never NULL: an empty,
 * NULL-terminated vector when none was handed over.
 */
char **_swift_stdlib_getUnsafeArgvArgc(int *count);

#ifdef __cplusplus
}
#endif

#endif
