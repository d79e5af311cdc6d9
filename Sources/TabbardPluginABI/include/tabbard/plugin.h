/*
 * tabbard/plugin.h: the plugin ABI of tabbard, version 1 (minor 2).
 *
 * This header is the whole contract between the tabbard daemon (the host) and a plugin (a
 * shared library that offers tabs). Nothing else is shared: no Swift type, no C++ type, no
 * allocator. A plugin written in C includes only this file; the Swift SDK
 * (TabbardPluginKit) is a convenience layer over it.
 *
 * ---------------------------------------------------------------------------------------
 * Loading
 *   The host dlopen()s the module named by the plugin's manifest (<name>.plugin) with
 *   RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE, never unloads it, looks up the one exported
 *   symbol TABBARD_PLUGIN_ENTRY_SYMBOL and calls it once on its loop thread:
 *
 *       const struct tabbard_plugin *tabbard_plugin_entry_v1(
 *           uint32_t host_abi_minor, const struct tabbard_host *host);
 *
 *   The plugin returns a pointer to its table (struct tabbard_plugin), or NULL to refuse to
 *   load (for example when host_abi_minor is too old for a feature it cannot do without).
 *   The table must stay valid and unchanged for the life of the process (a static const
 *   object is the natural choice). `host` stays valid for the life of the process too.
 *
 * Versioning (the promise)
 *   - The major version is in the symbol name and in the tables. The host refuses a plugin
 *     whose abi_major differs from TABBARD_PLUGIN_ABI_MAJOR.
 *   - Minor versions only ever APPEND fields to the end of struct tabbard_plugin and struct
 *     tabbard_host. Nothing is removed, reordered or retyped within a major version.
 *   - A plugin built for a NEWER minor than the host's is refused ("built for a newer
 *     tabbard"). A plugin built for an OLDER or equal minor loads.
 *   - struct_size is the first field of every versioned struct and holds sizeof() of the
 *     struct as its writer was compiled. The host copies the plugin's table (struct_size
 *     bytes) into a zero-filled struct of the host's own size, so every field a plugin's
 *     older header did not have reads as zero (NULL: "not implemented"). The host refuses a
 *     table smaller than TABBARD_PLUGIN_SIZE_1_0 or larger than the struct it knows.
 *   - A plugin reading struct tabbard_host must not touch a field past host->struct_size;
 *     TABBARD_HOST_HAS(host, field) says whether the host has it.
 *
 * Threads
 *   - Every function in struct tabbard_plugin is called on the host's single loop thread,
 *     one call at a time, and must return quickly (well under 10 ms; slower calls are
 *     logged). Work that takes longer belongs on a thread of the plugin's own.
 *   - Every host callback in struct tabbard_host may be called from ANY thread of the
 *     plugin, at any time from the call of create() until destroy() returns for that
 *     tab, including from inside a plugin function. The host only records what changed and
 *     posts it to its loop; a callback never calls back into the plugin. A `tab` or `host`
 *     the host never handed out is logged and ignored, never followed.
 *   - Live content (a ticking clock) should tick only between did_appear and
 *     did_disappear, so that an idle host never wakes up.
 *
 * Strings and memory
 *   - Every string is NUL-terminated UTF-8. A string passed as an argument is owned by the
 *     CALLER and valid only for the duration of the call: copy it to keep it.
 *   - Neither side ever frees memory the other allocated. Results that the plugin hands to
 *     the host (rendered content, the action list) come with an optional release function
 *     that the host calls once it has copied them (see struct tabbard_content).
 * ---------------------------------------------------------------------------------------
 */
#ifndef TABBARD_PLUGIN_H
#define TABBARD_PLUGIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The ABI major version this header describes; it is also in the entry symbol's name. */
#define TABBARD_PLUGIN_ABI_MAJOR 1
/** The ABI minor version this header describes. */
#define TABBARD_PLUGIN_ABI_MINOR 2
/** The name of the one symbol a plugin exports. */
#define TABBARD_PLUGIN_ENTRY_SYMBOL "tabbard_plugin_entry_v1"
/**
 * The name of the symbol a Swift plugin built with the SDK (TabbardPluginKit) exports besides
 * the entry point: `const char *tabbard_plugin_swift_release_v1(void)`, the Swift release that
 * compiled the plugin ("6.3.1"). Swift has no stable ABI on Linux and a Swift plugin shares the
 * daemon's Swift runtime, so the host refuses a plugin whose release differs from its own,
 * before it calls the entry point. C plugins do not export it.
 */
#define TABBARD_PLUGIN_SWIFT_RELEASE_SYMBOL "tabbard_plugin_swift_release_v1"

/**
 * One tab instance as the host knows it. Opaque to the plugin: the host passes it to
 * create() and the plugin hands it back to the host callbacks so the host knows which tab
 * changed. Valid from create() until destroy() returns for that instance.
 */
struct tabbard_tab;

/** Severity of a log line, the syslog priorities journald understands. */
enum tabbard_log_level {
    TABBARD_LOG_ERROR = 3,
    TABBARD_LOG_WARNING = 4,
    TABBARD_LOG_NOTICE = 5,
    TABBARD_LOG_INFO = 6,
    TABBARD_LOG_DEBUG = 7,
};

/**
 * Since 1.1. An icon a plugin drew itself, as StatusNotifierItem's IconPixmap: `width` x
 * `height` pixels, ARGB32 in network byte order (A, R, G, B for each pixel, row by row),
 * `length` bytes at `argb`. Owned by the caller; the host copies it during the call.
 */
struct tabbard_icon_pixmap {
    /** Pixels across: 1 to 256. */
    int32_t width;
    /** Pixels down: equal to `width`. */
    int32_t height;
    /** The pixels. */
    const uint8_t *argb;
    /** The bytes at `argb`: exactly width * height * 4. */
    uint32_t length;
};

/**
 * The callbacks the host offers to a plugin. Built by the host, read-only to the plugin,
 * valid for the life of the process. Every callback is safe to call from any thread.
 */
struct tabbard_host {
    /** sizeof(struct tabbard_host) as the host was compiled; see TABBARD_HOST_HAS. */
    uint32_t struct_size;
    /** The host's ABI major version (equal to the plugin's, or the plugin was refused). */
    uint32_t abi_major;
    /** The host's ABI minor version. */
    uint32_t abi_minor;
    /** The host's own data. Owned by the host; a plugin never reads or writes it. */
    void *host_data;

    /**
     * Sets the tab's badge. `value` NULL removes the badge; "" shows a dot badge; any other
     * text (at most 64 bytes; longer is refused) is shown as is. `value` is owned by the caller.
     */
    void (*set_badge)(struct tabbard_tab *tab, const char *value);
    /** Sets the badge color: "#RRGGBB", or "" for the default; anything else is refused. Owned by the caller. */
    void (*set_badge_color)(struct tabbard_tab *tab, const char *color);
    /**
     * Sets the tab's title, replacing the manifest's (the localized titles of the manifest
     * no longer apply; at most 256 bytes, longer is refused). Ignored for tabs with a system
     * item. Owned by the caller.
     */
    void (*set_title)(struct tabbard_tab *tab, const char *title);
    /** Enables or disables the tab (a disabled tab cannot be tapped). */
    void (*set_enabled)(struct tabbard_tab *tab, bool enabled);
    /** Says the tab's content changed: the host will render it again when someone asks. */
    void (*content_changed)(struct tabbard_tab *tab);
    /**
     * Pushes `page` onto the tab's navigation stack as if a client had navigated there;
     * the host will call navigate() with it on its loop. At most 255 bytes. Owned by the caller.
     */
    void (*push_page)(struct tabbard_tab *tab, const char *page);
    /**
     * Writes one line to the host's log, attributed to the plugin. `host` is the pointer
     * given to the entry point; `level` a tabbard_log_level; `message` owned by the caller,
     * cut after 4096 bytes.
     */
    void (*log)(const struct tabbard_host *host, int32_t level, const char *message);

    /* ---- Since 1.1: check TABBARD_HOST_HAS(host, set_icon_name) before calling these. ---- */

    /**
     * Sets the tab's icon names, replacing the manifest's `icon` and `selected_icon`: names
     * of the freedesktop Icon Naming Specification ("alarm-symbolic"), which frontends look up
     * in their icon theme. NULL reads as ""; an empty `selected_icon_name` means "use
     * `icon_name`". Each must be valid UTF-8 of at most 255 bytes with no control character and
     * no '/'; anything else, and any name on a tab with a system item (whose names are the
     * standard ones), is refused, logged and counted as a failure of the plugin. Owned by the caller.
     */
    void (*set_icon_name)(struct tabbard_tab *tab, const char *icon_name, const char *selected_icon_name);
    /**
     * Sets the icons the plugin drew itself, one per size, which a frontend uses when its
     * theme has none of the tab's names: at most 4, each square with a side of 1 to 256 and
     * exactly width * height * 4 bytes. Anything else is refused (the pixmaps set before stay),
     * logged and counted as a failure of the plugin. `count` 0 removes them. Never saved:
     * set them again in create(). Owned by the caller, copied before the call returns.
     */
    void (*set_icon_pixmaps)(struct tabbard_tab *tab, const struct tabbard_icon_pixmap *pixmaps, uint32_t count);
};

/** The size of the 1.0 host table, which hosts of minor 0 hand out. */
#define TABBARD_HOST_SIZE_1_0 \
    (offsetof(struct tabbard_host, log) + sizeof(((struct tabbard_host *)0)->log))

/** Whether `host` has `field` (false for fields of minors newer than the host's). */
#define TABBARD_HOST_HAS(host, field) \
    (offsetof(struct tabbard_host, field) + sizeof(((struct tabbard_host *)0)->field) <= (host)->struct_size)

/**
 * A rendered page. The host zero-fills it and passes it to render(); the plugin fills it.
 * Limits: title 256 bytes, mime_type 255, body 1 MiB (1048576); a page over any of them is
 * refused like a failed render.
 *
 * Ownership: the three strings belong to the plugin. They must stay valid until the host
 * calls `release` (the host copies them first, then calls it, before any other call into
 * the plugin). If `release` is NULL the strings must stay valid until the next call into
 * the same instance (static strings, or a buffer the instance keeps, both qualify).
 */
struct tabbard_content {
    /** The page's title, shown above its content. NULL reads as "". */
    const char *title;
    /** The body's MIME type, e.g. "text/plain" or "text/markdown". NULL reads as "text/plain". */
    const char *mime_type;
    /** The body, UTF-8 text. NULL reads as "". */
    const char *body;
    /** Called by the host once it has copied the strings; may be NULL. */
    void (*release)(struct tabbard_content *content);
    /** Free for the plugin's use in `release` (e.g. the buffer to free). */
    void *release_data;
};

/**
 * The actions a tab accepts now (the strings activate() will take), each at most 64 bytes (a
 * longer one makes the host refuse the list). Same ownership rule as
 * struct tabbard_content: `names` and every string in it belong to the plugin and stay
 * valid until the host calls `release` (or, when it is NULL, until the next call into the
 * same instance).
 */
struct tabbard_actions {
    /** `count` action names; may be NULL when `count` is 0. */
    const char *const *names;
    /** The number of names. */
    uint32_t count;
    /** Called by the host once it has copied the names; may be NULL. */
    void (*release)(struct tabbard_actions *actions);
    /** Free for the plugin's use in `release`. */
    void *release_data;
};

/** Since 1.2. How a row's live value reads (struct tabbard_page_row's clock). */
enum tabbard_clock_format {
    /** The row has no clock. */
    TABBARD_CLOCK_NONE = 0,
    /** A duration (a stopwatch, a timer). */
    TABBARD_CLOCK_DURATION = 1,
    /** A time of day: microseconds since midnight where the row's `detail` says. */
    TABBARD_CLOCK_TIME_OF_DAY = 2,
};

/**
 * Since 1.2. One row of a structured page (struct tabbard_page). Every string is owned by the
 * plugin as in struct tabbard_content; NULL reads as "" (absent, for the optional ones).
 */
struct tabbard_page_row {
    /** The row's id, unique within the page (at most 255 bytes, no control character). */
    const char *id;
    /** The row's title, localized (at most 256 bytes). */
    const char *title;
    /** Optional: a second line, localized (at most 1024 bytes). */
    const char *detail;
    /** Optional: an icon name of the freedesktop Icon Naming Specification (as set_icon_name). */
    const char *icon;
    /** Optional: the page activating the row navigates to (one navigate() accepts). */
    const char *page;
    /** Optional: the action activating the row performs (one of actions()). */
    const char *action;
    /**
     * A live value a frontend extrapolates without asking again: TABBARD_CLOCK_NONE, or the
     * format of `clock_value` microseconds, valid at `clock_at` (CLOCK_REALTIME, microseconds),
     * moving at `clock_rate` (1 running, -1 counting down, 0 stopped).
     */
    int32_t clock_format;
    /** The clock's rate: 1, -1 or 0. */
    int32_t clock_rate;
    /** The clock's value in microseconds at `clock_at`. */
    int64_t clock_value;
    /** When `clock_value` held, CLOCK_REALTIME in microseconds. */
    int64_t clock_at;
};

/**
 * Since 1.2. The label of one action, localized, for frontends to show on a button. The
 * actions themselves are still those actions() gives; a label for a name it does not give is
 * ignored, and an action without a label is shown by its name.
 */
struct tabbard_action_label {
    /** The action's name, as actions() gives it. */
    const char *action;
    /** Its label, localized (at most 256 bytes). */
    const char *label;
    /** Optional: an icon name (as set_icon_name). */
    const char *icon;
};

/**
 * Since 1.2. A structured page: what render() gives, plus rows and action labels. The host
 * zero-fills it, sets `struct_size` to its own sizeof(struct tabbard_page) and passes it to
 * render_page(); the plugin fills it and must not write past `struct_size`. The limits of
 * struct tabbard_content apply to title, mime_type and text; a page of more than 1,000 rows,
 * or of more than 64 KiB as published, is cut (rows from the end, then text) and logged.
 * Ownership as struct tabbard_content: everything the page points to is the plugin's until
 * the host calls `release`.
 */
struct tabbard_page {
    /** sizeof(struct tabbard_page) as the host was compiled. Set by the host. */
    uint32_t struct_size;
    /** The page's title, localized. NULL reads as "". */
    const char *title;
    /** The text's MIME type. NULL reads as "text/plain". */
    const char *mime_type;
    /** The page as plain text: what GetContent returns as body. NULL reads as "". */
    const char *text;
    /** `row_count` rows; may be NULL when `row_count` is 0. */
    const struct tabbard_page_row *rows;
    /** The number of rows. */
    uint32_t row_count;
    /** `action_label_count` labels; may be NULL when `action_label_count` is 0. */
    const struct tabbard_action_label *action_labels;
    /** The number of labels. */
    uint32_t action_label_count;
    /** Called by the host once it has copied the page; may be NULL. */
    void (*release)(struct tabbard_page *page);
    /** Free for the plugin's use in `release`. */
    void *release_data;
};

/**
 * The plugin's table, returned by the entry point. Every function receives the `instance`
 * pointer that create() returned (owned by the plugin; the host never dereferences it).
 * Functions marked optional may be NULL.
 */
struct tabbard_plugin {
    /** sizeof(struct tabbard_plugin) as the plugin was compiled. Always first. */
    uint32_t struct_size;
    /** TABBARD_PLUGIN_ABI_MAJOR as the plugin was compiled. */
    uint32_t abi_major;
    /** TABBARD_PLUGIN_ABI_MINOR as the plugin was compiled. */
    uint32_t abi_minor;
    /** The plugin's name; must equal the manifest's `name`. Static, owned by the plugin. */
    const char *name;
    /** The plugin's version, free text such as "1.2.0". Static, owned by the plugin. */
    const char *version;
    /** Passed back to create(); owned by the plugin. */
    void *user_data;

    /**
     * Required. Creates the instance for the tab `tab_id` (one of the manifest's tabs;
     * owned by the caller). `tab` identifies this instance to the host callbacks. Returns
     * the instance, or NULL when the plugin cannot create it (the tab is then skipped).
     */
    void *(*create)(void *user_data, const char *tab_id, struct tabbard_tab *tab);
    /**
     * Required. Destroys an instance. After it returns, no thread of the plugin may use
     * the instance's `tab` pointer again: stop the instance's threads first.
     */
    void (*destroy)(void *instance);

    /** Optional. The tab is about to be shown. */
    void (*will_appear)(void *instance);
    /** Optional. The tab is shown: start live updates here. */
    void (*did_appear)(void *instance);
    /** Optional. The tab is about to be hidden. */
    void (*will_disappear)(void *instance);
    /** Optional. The tab is hidden: stop live updates here. */
    void (*did_disappear)(void *instance);

    /** Optional. The navigation stack was popped back to the root page. */
    void (*pop_to_root)(void *instance);
    /**
     * Optional. A client navigates to `page` (owned by the caller). Returns whether the page
     * is known; the host pushes it only then. NULL: only the root page is known.
     */
    bool (*navigate)(void *instance, const char *page);
    /** Optional. The top page was popped. */
    void (*back)(void *instance);

    /**
     * Required. Renders `page` (owned by the caller) into `content` (zero-filled by the
     * host; see struct tabbard_content for ownership). Returns false on failure.
     */
    bool (*render)(void *instance, const char *page, struct tabbard_content *content);
    /**
     * Optional. Fills `actions` (zero-filled by the host) with what activate() accepts now.
     * Returns false on failure. NULL: the tab has no actions.
     */
    bool (*actions)(void *instance, struct tabbard_actions *actions);
    /**
     * Optional. Performs `action` (owned by the caller), one of the names actions() gave.
     * Returns whether it was performed. NULL: no action is ever performed.
     */
    bool (*activate)(void *instance, const char *action);

    /* ---- Since 1.2: a host of minor 2 or later calls these when they are not NULL. ---- */

    /**
     * Optional. Renders `page` (owned by the caller) as a structured page into `page_out`
     * (zero-filled by the host, with its struct_size set; see struct tabbard_page). Returns
     * false on failure. When set, the host calls it instead of render(), which must still be
     * there for hosts of minor 0 and 1.
     */
    bool (*render_page)(void *instance, const char *page, struct tabbard_page *page_out);
    /**
     * Optional. The controller's locale (a POSIX locale name such as "fr_FR", or "" for the
     * default language), told right after create() and again whenever it changes. Titles,
     * rows and action labels are rendered in it; the host renders the page again after a
     * change, so the plugin need not call content_changed(). Owned by the caller.
     */
    void (*set_locale)(void *instance, const char *locale);
};

/** The size of the 1.0 table: the smallest struct_size the host accepts. */
#define TABBARD_PLUGIN_SIZE_1_0 \
    (offsetof(struct tabbard_plugin, activate) + sizeof(((struct tabbard_plugin *)0)->activate))

/** The size of the 1.1 table: minor 1 appended no function to it. */
#define TABBARD_PLUGIN_SIZE_1_1 TABBARD_PLUGIN_SIZE_1_0

/** Whether `plugin` (a table of struct_size bytes) has `field`. */
#define TABBARD_PLUGIN_HAS(plugin, field) \
    (offsetof(struct tabbard_plugin, field) + sizeof(((struct tabbard_plugin *)0)->field) <= (plugin)->struct_size)

/** The type of the entry point. */
typedef const struct tabbard_plugin *(*tabbard_plugin_entry_fn)(
    uint32_t host_abi_minor, const struct tabbard_host *host);

/**
 * The entry point every plugin exports (declared here so that a C plugin's definition is
 * checked against it). `host_abi_minor` is the host's minor version (also host->abi_minor).
 */
#ifndef __swift__ /* Swift plugins define it with @c; the host finds it with dlsym. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((visibility("default")))
#endif
const struct tabbard_plugin *tabbard_plugin_entry_v1(uint32_t host_abi_minor, const struct tabbard_host *host);
#endif

#ifdef __cplusplus
}
#endif

#endif /* TABBARD_PLUGIN_H */
