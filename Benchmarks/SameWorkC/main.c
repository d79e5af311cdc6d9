// The honest baseline for tabbard's requests: a service written straight against libdbus in C,
// with libdbus's own main loop, that does the message work of `Select` and `SetBadge` and
// nothing else (no model, no persistence, no plugins). Benchmark-only.
//   same-work-c [--bytes] [--extra-signals N] ADDRESS NAME ID=TITLE...
// The arguments are the bar's items in order (their count is the "of N" of the labels).
// On /org/tabbard/TabBar1, interface org.tabbard.TabBar1:
//   Select(s): when the selection changes, the four PropertiesChanged tabbard sends (the
//     controller's SelectedItem, SelectedTab, SelectedIndex, Revision; the old and the new
//     tab's Selected and AccessibilityLabel; the bar's SelectedItem), then the empty reply;
//   SetBadge(ss): when the badge changes, the controller's Revision and the tab's BadgeValue,
//     then the empty reply.
// Same paths, interfaces, members and value types as tabbard's signals; labels are built per
// call as tabbard builds them ("Selected, Alarm, two of five").
//
// With --extra-signals N, each Select that changes the selection first sends N more signals,
// the cheapest libdbus sends: `PropertiesChanged` with no body from /org/tabbard/TabBar1/view/1
// … N, made by `dbus_message_new_signal` and sent. What they add per signal is the floor of what
// an extra signal costs, such as a view's (VIEW-6), whatever builds it.
//
// By default each signal is built through libdbus's iterator (`dbus_message_iter_*`), the way
// a C service would: that is the baseline of the targets. With --bytes each is written as the
// bytes of a whole message and parsed by `dbus_message_demarshal`, the way tabbard's `DBus`
// layer builds its messages (`Message+Assembly.swift`). The same bytes go out either way; the
// second shows what libdbus costs on tabbard's path without any Swift code around it.
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

/// Whether signals are written as bytes and parsed (--bytes) instead of built by the iterator.
static int written_as_bytes;

/// A message being written as bytes in the wire format, little-endian; far larger than any
/// signal here needs.
typedef struct {
    unsigned char data[2048];
    size_t length;
} wire;

static void wire_pad(wire *out, size_t alignment) {
    while (out->length % alignment) out->data[out->length++] = 0;
}

static void wire_u32(wire *out, dbus_uint32_t value) {
    wire_pad(out, 4);
    memcpy(out->data + out->length, &value, 4);
    out->length += 4;
}

static void wire_u64(wire *out, dbus_uint64_t value) {
    wire_pad(out, 8);
    memcpy(out->data + out->length, &value, 8);
    out->length += 8;
}

/// An `s` or `o`: length, bytes, NUL.
static void wire_string(wire *out, const char *text) {
    size_t length = strlen(text);
    wire_u32(out, (dbus_uint32_t)length);
    memcpy(out->data + out->length, text, length + 1);
    out->length += length + 1;
}

/// A `g`: one length byte, bytes, NUL.
static void wire_signature(wire *out, const char *text) {
    size_t length = strlen(text);
    out->data[out->length++] = (unsigned char)length;
    memcpy(out->data + out->length, text, length + 1);
    out->length += length + 1;
}

/// The signal being built: by the iterator, or as a body whose `a{sv}` length is filled in
/// when it is sent.
static struct {
    const char *path;
    DBusMessage *message;
    DBusMessageIter body, changed;
    wire bytes;
    size_t changed_length_at, changed_start;
} building;

/// Starts `PropertiesChanged(s interface, a{sv} changed, as invalidated)` on `path`.
static void begin_changed(const char *path, const char *interface) {
    building.path = path;
    if (written_as_bytes) {
        building.bytes.length = 0;
        wire_string(&building.bytes, interface);
        wire_u32(&building.bytes, 0);
        building.changed_length_at = building.bytes.length - 4;
        wire_pad(&building.bytes, 8);  // a dict entry is aligned like a struct
        building.changed_start = building.bytes.length;
        return;
    }
    building.message = dbus_message_new_signal(path, "org.freedesktop.DBus.Properties", "PropertiesChanged");
    dbus_message_iter_init_append(building.message, &building.body);
    dbus_message_iter_append_basic(&building.body, DBUS_TYPE_STRING, &interface);
    dbus_message_iter_open_container(&building.body, DBUS_TYPE_ARRAY, "{sv}", &building.changed);
}

/// One `{sv}` entry of a string, boolean, int32 or uint64 value.
static void append_entry(const char *name, int type, const void *value) {
    const char signature[2] = {(char)type, 0};
    if (written_as_bytes) {
        wire *out = &building.bytes;
        wire_pad(out, 8);
        wire_string(out, name);
        wire_signature(out, signature);
        switch (type) {
        case DBUS_TYPE_STRING: wire_string(out, *(const char *const *)value); break;
        case DBUS_TYPE_BOOLEAN: wire_u32(out, *(const dbus_bool_t *)value); break;
        case DBUS_TYPE_INT32: wire_u32(out, (dbus_uint32_t) * (const dbus_int32_t *)value); break;
        case DBUS_TYPE_UINT64: wire_u64(out, *(const dbus_uint64_t *)value); break;
        default: abort();
        }
        return;
    }
    DBusMessageIter entry, variant;
    dbus_message_iter_open_container(&building.changed, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
    dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &name);
    dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, signature, &variant);
    dbus_message_iter_append_basic(&variant, type, value);
    dbus_message_iter_close_container(&entry, &variant);
    dbus_message_iter_close_container(&building.changed, &entry);
}

/// A header field `(yv)` whose value is a string-like `type`.
static void header_field(wire *out, unsigned char code, const char *type, const char *value) {
    wire_pad(out, 8);
    out->data[out->length++] = code;
    wire_signature(out, type);
    if (type[0] == 'g') wire_signature(out, value);
    else wire_string(out, value);
}

/// The signal's header, in the order tabbard writes it, then `body`, parsed by libdbus.
static DBusMessage *parsed_signal(const char *path, const wire *body) {
    static wire message;
    message.length = 0;
    const unsigned char start[4] = {'l', DBUS_MESSAGE_TYPE_SIGNAL, DBUS_HEADER_FLAG_NO_REPLY_EXPECTED, 1};
    memcpy(message.data, start, 4);
    message.length = 4;
    wire_u32(&message, (dbus_uint32_t)body->length);
    wire_u32(&message, 1);  // libdbus parses no message with serial 0; sending replaces it
    wire_u32(&message, 0);
    size_t fields_length_at = message.length - 4, fields_start = message.length;
    header_field(&message, DBUS_HEADER_FIELD_PATH, "o", path);
    header_field(&message, DBUS_HEADER_FIELD_INTERFACE, "s", "org.freedesktop.DBus.Properties");
    header_field(&message, DBUS_HEADER_FIELD_MEMBER, "s", "PropertiesChanged");
    header_field(&message, DBUS_HEADER_FIELD_SIGNATURE, "g", "sa{sv}as");
    dbus_uint32_t fields_length = (dbus_uint32_t)(message.length - fields_start);
    memcpy(message.data + fields_length_at, &fields_length, 4);
    wire_pad(&message, 8);
    memcpy(message.data + message.length, body->data, body->length);
    message.length += body->length;
    DBusError error;
    dbus_error_init(&error);
    DBusMessage *parsed = dbus_message_demarshal((const char *)message.data, (int)message.length, &error);
    if (parsed == NULL) {
        fprintf(stderr, "same-work-c: a signal's bytes do not parse: %s\n", error.message);
        exit(1);
    }
    dbus_message_set_serial(parsed, 0);
    return parsed;
}

/// Closes the changed properties, appends an empty invalidated list and sends the signal.
static void send_changed(DBusConnection *connection) {
    if (written_as_bytes) {
        wire *body = &building.bytes;
        dbus_uint32_t changed_length = (dbus_uint32_t)(body->length - building.changed_start);
        memcpy(body->data + building.changed_length_at, &changed_length, 4);
        wire_u32(body, 0);
        building.message = parsed_signal(building.path, body);
    } else {
        DBusMessageIter invalidated;
        dbus_message_iter_close_container(&building.body, &building.changed);
        dbus_message_iter_open_container(&building.body, DBUS_TYPE_ARRAY, "s", &invalidated);
        dbus_message_iter_close_container(&building.body, &invalidated);
    }
    dbus_connection_send(connection, building.message, NULL);
    dbus_message_unref(building.message);
    building.message = NULL;
}

/// The old or new tab's `Selected` and `AccessibilityLabel`.
static void announce_tab_selection(DBusConnection *connection, int index, dbus_bool_t is_selected) {
    char label[256];
    snprintf(label, sizeof label, "%s%s, %s of %s", is_selected ? "Selected, " : "", tabs[index].title,
             number_words[index + 1], number_words[tab_count]);
    const char *text = label;
    begin_changed(tabs[index].path, TAB_INTERFACE);
    append_entry("Selected", DBUS_TYPE_BOOLEAN, &is_selected);
    append_entry("AccessibilityLabel", DBUS_TYPE_STRING, &text);
    send_changed(connection);
}

// MARK: - Requests

/// The number of bodiless signals each Select sends first (--extra-signals).
static int extra_signals;

static void send_extra_signals(DBusConnection *connection) {
    for (int number = 1; number <= extra_signals; number++) {
        char path[64];
        snprintf(path, sizeof path, CONTROLLER_PATH "/view/%d", number);
        DBusMessage *signal = dbus_message_new_signal(path, "org.freedesktop.DBus.Properties", "PropertiesChanged");
        dbus_connection_send(connection, signal, NULL);
        dbus_message_unref(signal);
    }
}

static void select_tab(DBusConnection *connection, int index) {
    if (index == selected) return;
    send_extra_signals(connection);
    int previous = selected;
    selected = index;
    revision++;
    const char *id = tabs[index].id;
    dbus_int32_t position = index;
    begin_changed(CONTROLLER_PATH, CONTROLLER_INTERFACE);
    append_entry("SelectedItem", DBUS_TYPE_STRING, &id);
    append_entry("SelectedTab", DBUS_TYPE_STRING, &id);
    append_entry("SelectedIndex", DBUS_TYPE_INT32, &position);
    append_entry("Revision", DBUS_TYPE_UINT64, &revision);
    send_changed(connection);
    announce_tab_selection(connection, previous, FALSE);
    announce_tab_selection(connection, index, TRUE);
    begin_changed(BAR_PATH, BAR_INTERFACE);
    append_entry("SelectedItem", DBUS_TYPE_STRING, &id);
    send_changed(connection);
}

static void set_badge(DBusConnection *connection, int index, const char *value) {
    if (tabs[index].badge != NULL && strcmp(tabs[index].badge, value) == 0) return;
    free(tabs[index].badge);
    tabs[index].badge = strdup(value);
    revision++;
    begin_changed(CONTROLLER_PATH, CONTROLLER_INTERFACE);
    append_entry("Revision", DBUS_TYPE_UINT64, &revision);
    send_changed(connection);
    begin_changed(tabs[index].path, TAB_INTERFACE);
    append_entry("BadgeValue", DBUS_TYPE_STRING, &value);
    send_changed(connection);
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
    if (argc > 1 && strcmp(argv[1], "--bytes") == 0) {
        written_as_bytes = 1;
        argv++;
        argc--;
    }
    if (argc > 2 && strcmp(argv[1], "--extra-signals") == 0) {
        extra_signals = atoi(argv[2]);
        argv += 2;
        argc -= 2;
    }
    if (argc < 4 || argc - 3 >= (int)(sizeof number_words / sizeof *number_words)) {
        fprintf(stderr, "usage: same-work-c [--bytes] [--extra-signals N] ADDRESS NAME ID=TITLE... (1 to 19 items)\n");
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
