// The one benchmark client for every target: raw libdbus, no pending calls, a window of calls
// in flight, latencies measured from send to reply. Benchmark-only.
#ifndef BENCH_CLIENT_H
#define BENCH_CLIENT_H
#include <stdint.h>

typedef struct bench_client bench_client;

/// What to call: Echo(s) on a bench service, EchoMixed(siubtas), or GetId (no arguments).
typedef enum { bench_call_echo = 0, bench_call_mixed = 1, bench_call_get_id = 2 } bench_call;

/// Connects to the bus at `address`; NULL on failure (the reason on stderr).
bench_client *bench_connect(const char *address);

/// Makes `calls` calls with `window` in flight; stores each latency in nanoseconds in
/// `latencies` (room for `calls`) and returns the wall time of the run in nanoseconds, or -1
/// when a call failed.
int64_t bench_run(bench_client *client, const char *destination, const char *path, const char *interface,
                  bench_call call, int window, int calls, int64_t *latencies);

/// Makes `calls` calls of `member` with string arguments, `window` in flight, like
/// `bench_run`. The arguments cycle through `sets` argument lists of `argc` strings each
/// (`arguments` holds them one list after another), so that consecutive calls can differ
/// (selecting two tabs in turn). Error replies count as failures unless `errors_ok`.
int64_t bench_run_strings(bench_client *client, const char *destination, const char *path, const char *interface,
                          const char *member, const char *const *arguments, int argc, int sets, int errors_ok,
                          int window, int calls, int64_t *latencies);

/// Calls Allocations() on a bench service: its process's heap allocations so far.
uint64_t bench_allocations(bench_client *client, const char *destination);

/// Calls `member` with one string argument and waits up to 5 s: 1 when it answered with a
/// method return, 0 on an error reply or no answer. Quiet: made to poll until a service serves.
int bench_call_succeeds(bench_client *client, const char *destination, const char *path, const char *interface,
                        const char *member, const char *argument);

/// True when `name` has an owner on the bus.
int bench_name_has_owner(bench_client *client, const char *name);

#endif
