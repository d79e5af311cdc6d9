// Fan-out load for the benchmarks: COUNT bus connections, each with a match rule for every
// PropertiesChanged, so the bus routes each such signal to all of them. Each connection reads
// and parses what it is sent (as a client that follows properties would) and drops it.
// Benchmark-only.
//   subscribers ADDRESS NAME COUNT
// Owns NAME once every match rule is in place (so a benchmark can wait for it); on SIGTERM
// prints how many signals all connections received together to stderr and exits.
#include <dbus/dbus.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

#define MATCH "type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged'"

static volatile sig_atomic_t stopping;

static void stop(int signal) {
    (void)signal;
    stopping = 1;
}

int main(int argc, char **argv) {
    int count = argc == 4 ? atoi(argv[3]) : 0;
    if (count <= 0) {
        fprintf(stderr, "usage: subscribers ADDRESS NAME COUNT\n");
        return 1;
    }
    DBusConnection **connections = calloc((size_t)count, sizeof *connections);
    struct pollfd *fds = calloc((size_t)count, sizeof *fds);
    DBusError error;
    dbus_error_init(&error);
    for (int k = 0; k < count; k++) {
        connections[k] = dbus_connection_open_private(argv[1], &error);
        if (connections[k] == NULL || !dbus_bus_register(connections[k], &error)) {
            fprintf(stderr, "subscribers: %s\n", error.message);
            return 1;
        }
        dbus_bus_add_match(connections[k], MATCH, &error);
        if (dbus_error_is_set(&error)) {
            fprintf(stderr, "subscribers: AddMatch: %s\n", error.message);
            return 1;
        }
        int fd = -1;
        dbus_connection_get_unix_fd(connections[k], &fd);
        fds[k] = (struct pollfd){.fd = fd, .events = POLLIN};
    }
    struct sigaction action = {.sa_handler = stop};
    sigaction(SIGTERM, &action, NULL);
    if (dbus_bus_request_name(connections[0], argv[2], DBUS_NAME_FLAG_DO_NOT_QUEUE, &error) != DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER) {
        fprintf(stderr, "subscribers: cannot own %s\n", argv[2]);
        return 1;
    }
    unsigned long long received = 0;
    while (!stopping) {
        if (poll(fds, (nfds_t)count, -1) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        for (int k = 0; k < count; k++) {
            if (fds[k].revents == 0) continue;
            if (!dbus_connection_read_write(connections[k], 0)) {
                fprintf(stderr, "subscribers: connection %d closed\n", k);
                return 1;
            }
            DBusMessage *message;
            while ((message = dbus_connection_pop_message(connections[k])) != NULL) {
                if (dbus_message_is_signal(message, "org.freedesktop.DBus.Properties", "PropertiesChanged")) received++;
                dbus_message_unref(message);
            }
        }
    }
    fprintf(stderr, "subscribers: %d connections received %llu PropertiesChanged\n", count, received);
    return 0;
}
