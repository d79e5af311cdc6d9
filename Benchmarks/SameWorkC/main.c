// The honest baseline for tabbard's requests: a service written straight against libdbus in C,
// with libdbus's own main loop, that does the message work of `Select` and `SetBadge` and
// nothing else (no model, no persistence, no plugins). Benchmark-only.
//   same-work-c ADDRESS NAME ID=TITLE...
// The arguments are the bar's items in order (their count is the "of N" of the labels).
// On /org/tabbard/TabBar1, interface org.tabbard.TabBar1:
//   Select(s): when the selection changes, the four PropertiesChanged tabbard sends (the
//     controller's SelectedItem, SelectedTab, SelectedIndex, Revision; the old and the new
//     tab's Selected and AccessibilityLabel; the bar's SelectedItem), then the empty reply;
//   SetBadge(ss): when the badge changes, the controller's Revision and the tab's BadgeValue,
//     then the empty reply.
// Same paths, interfaces, members and value types as tabbard's signals; labels are built per
// call as tabbard builds them ("Selected, Alarm, two of five").
#include <dbus/dbus.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CONTROLLER_PATH "/org/tabbard/TabBar1"
#define CONTROLLER_INTERFACE "org.tabbard.TabBar1"
#define TAB_INTERFACE "org.tabbard.TabBar1.Tab"
#define BAR_PATH "/org/tabbard/TabBar1/bar"
#define BAR_INTERFACE "org.tabbard.TabBar1.Bar"
#define MAX_TABS 64

/// One bar item: its id, title, object path (escaped as tabbard escapes it) and badge.
typedef struct {
    const char *id;
    const char *title;
    char *path;
    char *badge;
} tab;

static tab tabs[MAX_TABS];
static int tab_count;
static int selected;  // tabbard starts with its first tab selected
static dbus_uint64_t revision;

static const char *const number_words[] = {
    "", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
};

/// `/org/tabbard/TabBar1/tab/<id>` with every byte outside [A-Za-z0-9] as `_` and two hex digits.
static char *tab_path(const char *id) {
    static const char prefix[] = CONTROLLER_PATH "/tab/";
    char *path = malloc(sizeof prefix + 3 * strlen(id));
    char *out = path + sprintf(path, "%s", prefix);
    for (const unsigned char *c = (const unsigned char *)id; *c; c++) {
        int plain = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9');
        out += plain ? sprintf(out, "%c", *c) : sprintf(out, "_%02x", *c);
    }
    return path;
}

static int find_tab(const char *id) {
    for (int index = 0; index < tab_count; index++)
        if (strcmp(tabs[index].id, id) == 0) return index;
    return -1;
}

// MARK: - PropertiesChanged

/// Starts `PropertiesChanged(s interface, a{sv} changed, as invalidated)` on `path`.
static DBusMessage *begin_changed(const char *path, const char *interface, DBusMessageIter *body, DBusMessageIter *changed) {
    DBusMessage *signal = dbus_message_new_signal(path, "org.freedesktop.DBus.Properties", "PropertiesChanged");
    dbus_message_iter_init_append(signal, body);
    dbus_message_iter_append_basic(body, DBUS_TYPE_STRING, &interface);
    dbus_message_iter_open_container(body, DBUS_TYPE_ARRAY, "{sv}", changed);
    return signal;
}

static void append_entry(DBusMessageIter *changed, const char *name, int type, const void *value) {
    const char signature[2] = {(char)type, 0};
    DBusMessageIter entry, variant;
    dbus_message_iter_open_container(changed, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
    dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &name);
    dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, signature, &variant);
    dbus_message_iter_append_basic(&variant, type, value);
    dbus_message_iter_close_container(&entry, &variant);
    dbus_message_iter_close_container(changed, &entry);
}

/// Closes the changed properties, appends an empty invalidated list and sends the signal.
static void send_changed(DBusConnection *connection, DBusMessage *signal, DBusMessageIter *body, DBusMessageIter *changed) {
    DBusMessageIter invalidated;
    dbus_message_iter_close_container(body, changed);
    dbus_message_iter_open_container(body, DBUS_TYPE_ARRAY, "s", &invalidated);
    dbus_message_iter_close_container(body, &invalidated);
    dbus_connection_send(connection, signal, NULL);
    dbus_message_unref(signal);
}

/// The old or new tab's `Selected` and `AccessibilityLabel`.
static void announce_tab_selection(DBusConnection *connection, int index, dbus_bool_t is_selected) {
    char label[256];
    snprintf(label, sizeof label, "%s%s, %s of %s", is_selected ? "Selected, " : "", tabs[index].title,
             number_words[index + 1], number_words[tab_count]);
    const char *text = label;
    DBusMessageIter body, changed;
    DBusMessage *signal = begin_changed(tabs[index].path, TAB_INTERFACE, &body, &changed);
    append_entry(&changed, "Selected", DBUS_TYPE_BOOLEAN, &is_selected);
    append_entry(&changed, "AccessibilityLabel", DBUS_TYPE_STRING, &text);
    send_changed(connection, signal, &body, &changed);
}

// MARK: - Requests

static void select_tab(DBusConnection *connection, int index) {
    if (index == selected) return;
    int previous = selected;
    selected = index;
    revision++;
    const char *id = tabs[index].id;
    dbus_int32_t position = index;
    DBusMessageIter body, changed;
    DBusMessage *signal = begin_changed(CONTROLLER_PATH, CONTROLLER_INTERFACE, &body, &changed);
    append_entry(&changed, "SelectedItem", DBUS_TYPE_STRING, &id);
    append_entry(&changed, "SelectedTab", DBUS_TYPE_STRING, &id);
    append_entry(&changed, "SelectedIndex", DBUS_TYPE_INT32, &position);
    append_entry(&changed, "Revision", DBUS_TYPE_UINT64, &revision);
    send_changed(connection, signal, &body, &changed);
    announce_tab_selection(connection, previous, FALSE);
    announce_tab_selection(connection, index, TRUE);
    signal = begin_changed(BAR_PATH, BAR_INTERFACE, &body, &changed);
    append_entry(&changed, "SelectedItem", DBUS_TYPE_STRING, &id);
    send_changed(connection, signal, &body, &changed);
}

static void set_badge(DBusConnection *connection, int index, const char *value) {
    if (tabs[index].badge != NULL && strcmp(tabs[index].badge, value) == 0) return;
    free(tabs[index].badge);
    tabs[index].badge = strdup(value);
    revision++;
    DBusMessageIter body, changed;
    DBusMessage *signal = begin_changed(CONTROLLER_PATH, CONTROLLER_INTERFACE, &body, &changed);
    append_entry(&changed, "Revision", DBUS_TYPE_UINT64, &revision);
    send_changed(connection, signal, &body, &changed);
    signal = begin_changed(tabs[index].path, TAB_INTERFACE, &body, &changed);
    append_entry(&changed, "BadgeValue", DBUS_TYPE_STRING, &value);
    send_changed(connection, signal, &body, &changed);
}

static DBusHandlerResult handle(DBusConnection *connection, DBusMessage *message, void *data) {
    (void)data;
    if (dbus_message_get_type(message) != DBUS_MESSAGE_TYPE_METHOD_CALL) return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
    const char *member = dbus_message_get_member(message);
    const char *signature = dbus_message_get_signature(message);
    const char *id = NULL, *value = NULL;
    DBusMessage *reply = NULL;
    if (strcmp(member, "Select") == 0 && strcmp(signature, "s") == 0) {
        dbus_message_get_args(message, NULL, DBUS_TYPE_STRING, &id, DBUS_TYPE_INVALID);
    } else if (strcmp(member, "SetBadge") == 0 && strcmp(signature, "ss") == 0) {
        dbus_message_get_args(message, NULL, DBUS_TYPE_STRING, &id, DBUS_TYPE_STRING, &value, DBUS_TYPE_INVALID);
    } else {
        reply = dbus_message_new_error(message, DBUS_ERROR_UNKNOWN_METHOD, "no such method");
    }
    if (reply == NULL) {
        int index = find_tab(id);
        if (index < 0) {
            reply = dbus_message_new_error_printf(message, "org.tabbard.TabBar1.Error.NoSuchTab", "No tab '%s'.", id);
        } else {
            if (value == NULL) select_tab(connection, index);
            else set_badge(connection, index, value);
            reply = dbus_message_new_method_return(message);
        }
    }
    dbus_connection_send(connection, reply, NULL);
    dbus_message_unref(reply);
    return DBUS_HANDLER_RESULT_HANDLED;
}

int main(int argc, char **argv) {
    if (argc < 4 || argc - 3 >= (int)(sizeof number_words / sizeof *number_words)) {
        fprintf(stderr, "usage: same-work-c ADDRESS NAME ID=TITLE... (1 to 19 items)\n");
        return 1;
    }
    for (int k = 3; k < argc; k++) {
        char *equals = strchr(argv[k], '=');
        if (equals == NULL) {
            fprintf(stderr, "same-work-c: %s is not ID=TITLE\n", argv[k]);
            return 1;
        }
        *equals = 0;
        tabs[tab_count] = (tab){argv[k], equals + 1, tab_path(argv[k]), NULL};
        tab_count++;
    }
    DBusError error;
    dbus_error_init(&error);
    DBusConnection *connection = dbus_connection_open_private(argv[1], &error);
    if (connection == NULL || !dbus_bus_register(connection, &error)) {
        fprintf(stderr, "same-work-c: %s\n", error.message);
        return 1;
    }
    DBusObjectPathVTable vtable = {.message_function = handle};
    dbus_connection_register_object_path(connection, CONTROLLER_PATH, &vtable, NULL);
    if (dbus_bus_request_name(connection, argv[2], DBUS_NAME_FLAG_DO_NOT_QUEUE, &error) != DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER) {
        fprintf(stderr, "same-work-c: cannot own %s\n", argv[2]);
        return 1;
    }
    while (dbus_connection_read_write_dispatch(connection, -1)) {}
    return 0;
}
