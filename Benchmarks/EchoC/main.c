// The baseline: a minimal echo service written straight against libdbus, with libdbus's own
// main loop (dbus_connection_read_write_dispatch). Benchmark-only.
//   echo-c ADDRESS NAME
// Object /bench, interface org.example.Bench1: Echo(s)->s, EchoMixed(siubtas)->siubtas,
// Allocations()->t (heap allocations of this process so far).
#include <dbus/dbus.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "allocation_counter.h"

static void append_basic(DBusMessageIter *to, DBusMessageIter *from, int type) {
    DBusBasicValue value;
    dbus_message_iter_get_basic(from, &value);
    dbus_message_iter_append_basic(to, type, &value);
    dbus_message_iter_next(from);
}

static DBusHandlerResult handle(DBusConnection *connection, DBusMessage *message, void *data) {
    (void)data;
    if (dbus_message_get_type(message) != DBUS_MESSAGE_TYPE_METHOD_CALL) return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
    const char *member = dbus_message_get_member(message);
    const char *signature = dbus_message_get_signature(message);
    DBusMessage *reply = NULL;
    if (strcmp(member, "Echo") == 0 && strcmp(signature, "s") == 0) {
        DBusMessageIter in, out;
        dbus_message_iter_init(message, &in);
        reply = dbus_message_new_method_return(message);
        dbus_message_iter_init_append(reply, &out);
        append_basic(&out, &in, DBUS_TYPE_STRING);
    } else if (strcmp(member, "EchoMixed") == 0 && strcmp(signature, "siubtas") == 0) {
        DBusMessageIter in, out, items, copy;
        dbus_message_iter_init(message, &in);
        reply = dbus_message_new_method_return(message);
        dbus_message_iter_init_append(reply, &out);
        append_basic(&out, &in, DBUS_TYPE_STRING);
        append_basic(&out, &in, DBUS_TYPE_INT32);
        append_basic(&out, &in, DBUS_TYPE_UINT32);
        append_basic(&out, &in, DBUS_TYPE_BOOLEAN);
        append_basic(&out, &in, DBUS_TYPE_UINT64);
        dbus_message_iter_recurse(&in, &items);
        dbus_message_iter_open_container(&out, DBUS_TYPE_ARRAY, "s", &copy);
        while (dbus_message_iter_get_arg_type(&items) == DBUS_TYPE_STRING) append_basic(&copy, &items, DBUS_TYPE_STRING);
        dbus_message_iter_close_container(&out, &copy);
    } else if (strcmp(member, "Allocations") == 0) {
        dbus_uint64_t count = allocation_count();
        reply = dbus_message_new_method_return(message);
        dbus_message_append_args(reply, DBUS_TYPE_UINT64, &count, DBUS_TYPE_INVALID);
    } else {
        reply = dbus_message_new_error(message, DBUS_ERROR_UNKNOWN_METHOD, "no such method");
    }
    dbus_connection_send(connection, reply, NULL);
    dbus_message_unref(reply);
    return DBUS_HANDLER_RESULT_HANDLED;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: echo-c ADDRESS NAME\n");
        return 1;
    }
    DBusError error;
    dbus_error_init(&error);
    DBusConnection *connection = dbus_connection_open_private(argv[1], &error);
    if (connection == NULL || !dbus_bus_register(connection, &error)) {
        fprintf(stderr, "echo-c: %s\n", error.message);
        return 1;
    }
    DBusObjectPathVTable vtable = {.message_function = handle};
    dbus_connection_register_object_path(connection, "/bench", &vtable, NULL);
    if (dbus_bus_request_name(connection, argv[2], DBUS_NAME_FLAG_DO_NOT_QUEUE, &error) != DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER) {
        fprintf(stderr, "echo-c: cannot own %s\n", argv[2]);
        return 1;
    }
    while (dbus_connection_read_write_dispatch(connection, -1)) {}
    return 0;
}
