#include "bench_client.h"
#include <dbus/dbus.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct bench_client {
    DBusConnection *connection;
};

// 32 bytes: longer than Swift's 15-byte small strings, so the Swift side pays for its String.
static const char *payload = "The quick brown fox jumps over!!";
static const char *words[] = {"alpha", "bravo", "charlie-delta-echo-foxtrot"};

static int64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

bench_client *bench_connect(const char *address) {
    DBusError error;
    dbus_error_init(&error);
    DBusConnection *connection = dbus_connection_open_private(address, &error);
    if (connection == NULL || !dbus_bus_register(connection, &error)) {
        fprintf(stderr, "bench client: %s\n", error.message);
        return NULL;
    }
    dbus_connection_set_exit_on_disconnect(connection, 0);
    bench_client *client = calloc(1, sizeof *client);
    client->connection = connection;
    return client;
}

static DBusMessage *make_call(const char *destination, const char *path, const char *interface, bench_call call) {
    const char *member = call == bench_call_echo ? "Echo" : call == bench_call_mixed ? "EchoMixed" : "GetId";
    DBusMessage *message = dbus_message_new_method_call(destination, path, interface, member);
    DBusMessageIter iter, array;
    dbus_message_iter_init_append(message, &iter);
    if (call == bench_call_echo) {
        dbus_message_iter_append_basic(&iter, DBUS_TYPE_STRING, &payload);
    } else if (call == bench_call_mixed) {
        dbus_int32_t i = -42;
        dbus_uint32_t u = 42;
        dbus_bool_t b = TRUE;
        dbus_uint64_t t = 1ULL << 40;
        dbus_message_iter_append_basic(&iter, DBUS_TYPE_STRING, &payload);
        dbus_message_iter_append_basic(&iter, DBUS_TYPE_INT32, &i);
        dbus_message_iter_append_basic(&iter, DBUS_TYPE_UINT32, &u);
        dbus_message_iter_append_basic(&iter, DBUS_TYPE_BOOLEAN, &b);
        dbus_message_iter_append_basic(&iter, DBUS_TYPE_UINT64, &t);
        dbus_message_iter_open_container(&iter, DBUS_TYPE_ARRAY, "s", &array);
        for (int k = 0; k < 3; k++) dbus_message_iter_append_basic(&array, DBUS_TYPE_STRING, &words[k]);
        dbus_message_iter_close_container(&iter, &array);
    }
    return message;
}

#define RING 65536

/// What a run sends: either a fixed bench call or a member with cycling string arguments.
typedef struct {
    const char *destination, *path, *interface;
    bench_call call;
    const char *member;
    const char *const *arguments;
    int argc, sets;
} call_plan;

static DBusMessage *next_call(const call_plan *plan, int index) {
    if (plan->member == NULL) return make_call(plan->destination, plan->path, plan->interface, plan->call);
    DBusMessage *message = dbus_message_new_method_call(plan->destination, plan->path, plan->interface, plan->member);
    DBusMessageIter iter;
    dbus_message_iter_init_append(message, &iter);
    const char *const *set = plan->arguments + (index % plan->sets) * plan->argc;
    for (int k = 0; k < plan->argc; k++) dbus_message_iter_append_basic(&iter, DBUS_TYPE_STRING, &set[k]);
    return message;
}

static int64_t run(bench_client *client, const call_plan *plan, int errors_ok, int window, int calls, int64_t *latencies);

int64_t bench_run(bench_client *client, const char *destination, const char *path, const char *interface,
                  bench_call call, int window, int calls, int64_t *latencies) {
    call_plan plan = {destination, path, interface, call, NULL, NULL, 0, 1};
    return run(client, &plan, 0, window, calls, latencies);
}

int64_t bench_run_strings(bench_client *client, const char *destination, const char *path, const char *interface,
                          const char *member, const char *const *arguments, int argc, int sets, int errors_ok,
                          int window, int calls, int64_t *latencies) {
    call_plan plan = {destination, path, interface, bench_call_echo, member, arguments, argc, sets > 0 ? sets : 1};
    return run(client, &plan, errors_ok, window, calls, latencies);
}

/* Sends call number `index` of the plan, noting when it left under its serial. */
static void send_call(DBusConnection *connection, const call_plan *plan, int index, int64_t *sent_at) {
    DBusMessage *message = next_call(plan, index);
    dbus_uint32_t serial;
    int64_t t = now_ns();
    dbus_connection_send(connection, message, &serial);
    sent_at[serial % RING] = t;
    dbus_message_unref(message);
}

static int64_t run(bench_client *client, const call_plan *plan, int errors_ok, int window, int calls, int64_t *latencies) {
    static int64_t sent_at[RING];
    DBusConnection *connection = client->connection;
    int sent = 0, done = 0, failed = 0;
    int64_t start = now_ns();
    while (sent < window && sent < calls) send_call(connection, plan, sent++, sent_at);
    while (done < calls) {
        DBusMessage *reply = dbus_connection_pop_message(connection);
        if (reply == NULL) {
            if (!dbus_connection_read_write(connection, -1)) return -1;
            continue;
        }
        int type = dbus_message_get_type(reply);
        if (type == DBUS_MESSAGE_TYPE_METHOD_RETURN || type == DBUS_MESSAGE_TYPE_ERROR) {
            int64_t t = now_ns();
            if (type == DBUS_MESSAGE_TYPE_ERROR) failed++;
            latencies[done++] = t - sent_at[dbus_message_get_reply_serial(reply) % RING];
            if (sent < calls) send_call(connection, plan, sent++, sent_at);
        }
        dbus_message_unref(reply);
    }
    int64_t elapsed = now_ns() - start;
    if (failed && !errors_ok) {
        fprintf(stderr, "bench client: %d calls to %s failed\n", failed, plan->destination);
        return -1;
    }
    return elapsed;
}

uint64_t bench_allocations(bench_client *client, const char *destination) {
    DBusMessage *message = dbus_message_new_method_call(destination, "/bench", "org.example.Bench1", "Allocations");
    DBusError error;
    dbus_error_init(&error);
    DBusMessage *reply = dbus_connection_send_with_reply_and_block(client->connection, message, 5000, &error);
    dbus_message_unref(message);
    if (reply == NULL) {
        fprintf(stderr, "bench client: Allocations: %s\n", error.message);
        dbus_error_free(&error);
        return 0;
    }
    dbus_uint64_t count = 0;
    DBusMessageIter iter;
    dbus_message_iter_init(reply, &iter);
    if (dbus_message_iter_get_arg_type(&iter) == DBUS_TYPE_UINT64) dbus_message_iter_get_basic(&iter, &count);
    dbus_message_unref(reply);
    return count;
}

int bench_call_succeeds(bench_client *client, const char *destination, const char *path, const char *interface,
                        const char *member, const char *argument) {
    DBusMessage *message = dbus_message_new_method_call(destination, path, interface, member);
    dbus_message_append_args(message, DBUS_TYPE_STRING, &argument, DBUS_TYPE_INVALID);
    DBusError error;
    dbus_error_init(&error);
    DBusMessage *reply = dbus_connection_send_with_reply_and_block(client->connection, message, 5000, &error);
    dbus_message_unref(message);
    dbus_error_free(&error);
    if (reply == NULL) return 0;
    int succeeded = dbus_message_get_type(reply) == DBUS_MESSAGE_TYPE_METHOD_RETURN;
    dbus_message_unref(reply);
    return succeeded;
}

int bench_name_has_owner(bench_client *client, const char *name) {
    DBusError error;
    dbus_error_init(&error);
    int owned = dbus_bus_name_has_owner(client->connection, name, &error);
    dbus_error_free(&error);
    return owned;
}
