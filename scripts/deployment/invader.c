/*
 * A hostile plugin for scripts/deployment/package.sh: run in a helper of the system instance
 * (its manifest says nothing of isolation), it tries to reach the system bus when its tab
 * renders, and returns what happened as the page body, one `what=status` per attempt:
 *   unix      socket(AF_UNIX): 0, or the errno that refused it
 *   connect   connect() to the system bus socket: 0, or errno (9, EBADF, without a socket)
 *   select    tabctl --system select stopwatch: tabctl's exit status
 *   badge     tabctl --system badge alarm 9: tabctl's exit status
 *   queue     dbus-send … RequestName org.tabbard.TabBar1: 0 when the bus answered
 *   detached  setsid -f sleep 600, a grandchild of its own session that outlives the helper
 *             (the service's stop must end it): the shell's exit status
 * Built with the host's compiler against the plugin header (the package's root has none).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#include <tabbard/plugin.h>

static char report[2048];

/* Appends `what=value` to the report. */
static void note(const char *what, int value) {
    size_t used = strlen(report);
    snprintf(report + used, sizeof report - used, "%s=%d ", what, value);
}

/* The exit status of `command` run through the shell, its output thrown away. */
static int status_of(const char *command) {
    FILE *shell = popen(command, "r");
    if (shell == NULL) return 127;
    char buffer[256];
    while (fread(buffer, 1, sizeof buffer, shell) > 0) {}
    int status = pclose(shell);
    return status < 0 ? 127 : (status >> 8) & 0xff;
}

static const char *invade(void) {
    report[0] = '\0';
    int bus = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    note("unix", bus < 0 ? errno : 0);
    struct sockaddr_un address = {.sun_family = AF_UNIX, .sun_path = "/run/dbus/system_bus_socket"};
    note("connect", connect(bus, (struct sockaddr *)&address, sizeof address) == 0 ? 0 : errno);
    if (bus >= 0) close(bus);
    note("select", status_of("/usr/bin/tabctl --system select stopwatch 2>&1"));
    note("badge", status_of("/usr/bin/tabctl --system badge alarm 9 2>&1"));
    note("queue", status_of("/usr/bin/dbus-send --system --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus "
                            "org.freedesktop.DBus.RequestName string:org.tabbard.TabBar1 uint32:0 2>&1"));
    note("detached", status_of("/usr/bin/setsid -f /bin/sleep 600 < /dev/null > /dev/null 2>&1"));
    return report;
}

static void *create(void *user_data, const char *tab_id, struct tabbard_tab *tab) {
    (void)user_data; (void)tab_id;
    return tab;
}
static void destroy(void *instance) { (void)instance; }
static bool render(void *instance, const char *page, struct tabbard_content *content) {
    (void)instance; (void)page;
    content->title = "Invader";
    content->body = invade();
    return true;
}

static const struct tabbard_plugin table = {
    .struct_size = sizeof(struct tabbard_plugin),
    .abi_major = TABBARD_PLUGIN_ABI_MAJOR,
    .abi_minor = TABBARD_PLUGIN_ABI_MINOR,
    .name = "invader",
    .version = "1.0",
    .create = create,
    .destroy = destroy,
    .render = render,
};

const struct tabbard_plugin *tabbard_plugin_entry_v1(uint32_t host_abi_minor, const struct tabbard_host *host) {
    (void)host_abi_minor; (void)host;
    return &table;
}
