import Foundation

/// A C plugin with one tab, `<name>-tab`, and a fault chosen by a `-D` switch, compiled during a
/// test: `CRASH_IN_ENTRY`, `HANG_IN_ENTRY`; an abort in the entry point only where the environment
/// has a variable (`ABORT_IN_ENTRY_IF_SET="NAME"`), or an abort or a hang at every entry after
/// the first, which leaves a mark file (`ABORT_IN_ENTRY_AFTER_MARK="<path>"`,
/// `HANG_IN_ENTRY_AFTER_MARK="<path>"`); on `did_appear`, `HANG_IN_DID_APPEAR`, or
/// `BADGE_IN_DID_APPEAR` (the tab's badge becomes `appeared`); on `activate`, the next step of
/// `ICONS_IN_ACTIVATE` (good icon names and a 2×2 pixmap, then a name with `/`, one not UTF-8,
/// one with an escape, a 300×300 pixmap, one short of its bytes, 5 sizes; the badge `step N`
/// after each), `HANG_IN_ACTIVATE`, `SEGV_IN_ACTIVATE`,
/// `ABORT_IN_ACTIVATE`, `EXIT_IN_ACTIVATE`, or a thread of the plugin's own that crashes or
/// exits `FAULT_DELAY_MS` later (`SEGV_ON_THREAD`, `ABORT_ON_THREAD`, `EXIT_ON_THREAD`), or
/// floods the host with badge, title and content-changed callbacks as fast as it can while
/// `activate` waits for it (`FLOOD_IN_ACTIVATE`), or from a thread `activate` leaves running,
/// for `FLOOD_MS` (1500 by default) with a log line per round, then after 1.5 s of quiet one
/// badge, `calm`, and the log line `flood over` (`FLOOD_ON_THREAD`); in a helper, bytes written straight to its
/// end of the link, descriptor 3: a frame declaring 2 GiB (`OVERSIZED_IN_ACTIVATE`), one of
/// an unknown kind (`MALFORMED_IN_ACTIVATE`), or well-formed events naming another plugin's
/// tab, `FORGED_TAB` (`alarm` by default): its title with escape sequences, its badge `forged` and `Enabled` false
/// (`FORGED_EVENTS_IN_ACTIVATE`);
/// a version, and on `activate` a title, badge, page name, log line and (from then on) rendered
/// page full of control characters (`CONTROLS_IN_ACTIVATE`); `SLOW_RENDER=<ms>`; a body of its own, to tell two builds
/// apart (`RENDER_BODY="text"`); a line logged at info and one at warning from `create`, each naming
/// the process (`LOG_IN_CREATE`: "info from process PID", "warning from process PID"); host callbacks given handles the host never made (`BAD_HANDLES`, on
/// `poke`); values far over every limit (`HUGE_VALUES`: on any action a 40 MB title, 1 MB badge,
/// color, page and log line; the actions `huge-body` and `huge-title` make render return 33 MB
/// of body or a 40 MB title); a plugin that tries to change a daemon's state directory
/// (`INTRUDE_STATE_DIR="<dir>"`: see `fault_intrude`, whose outcomes render returns as its body);
/// a plugin that tries to reach a bus (`BUS_INTRUDE="<script>"`: see `fault_bus_intrude`, whose
/// outcomes and the script's output render returns as its body); a structured page over every
/// bound of PAGE-2 (`BAD_PAGE`: 2,000 rows, control characters in a row's title and page, an
/// action label not UTF-8); a table as a plugin built against the 1.0 header has it (`ABI_1_0`).
public enum FaultPlugin {
    /// A plugin with one tab, `<name>-tab`, whose faults `-D` switches choose.
    public static let source = #"""
        #define _POSIX_C_SOURCE 200809L
        #include <pthread.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <time.h>
        #include <unistd.h>
        #include <tabbard/plugin.h>

        static const struct tabbard_host *fault_host;
        /* Never set: a store through it is a real SIGSEGV the compiler cannot see coming. */
        static int *volatile fault_nowhere;

        /* A string of `size` bytes of 'x', made once and kept (the ABI lets a plugin keep them). */
        __attribute__((unused)) static const char *fault_text(size_t size) {
            char *text = malloc(size + 1);
            if (text == NULL) abort();
            memset(text, 'x', size);
            text[size] = '\0';
            return text;
        }
        __attribute__((unused)) static void fault_sleep_ms(long milliseconds) {
            struct timespec pause = {milliseconds / 1000, (milliseconds % 1000) * 1000 * 1000};
            while (nanosleep(&pause, &pause) != 0) {}
        }

        #ifndef FAULT_DELAY_MS
        #define FAULT_DELAY_MS 100
        #endif
        /* The plugin's own thread: waits, then does what the fault says. */
        __attribute__((unused)) static void *fault_thread(void *unused) {
            (void)unused;
            fault_sleep_ms(FAULT_DELAY_MS);
        #if defined(SEGV_ON_THREAD)
            *fault_nowhere = 1;
        #elif defined(ABORT_ON_THREAD)
            abort();
        #elif defined(EXIT_ON_THREAD)
            exit(0);
        #endif
            return NULL;
        }

        #if defined(FLOOD_IN_ACTIVATE) || defined(FLOOD_ON_THREAD)
        /* One round of a flood: a badge, a title and a content change, numbered `count`. */
        static void fault_flood_round(void *tab, unsigned long count) {
            char text[32];
            snprintf(text, sizeof text, "%lu", count);
            fault_host->set_badge(tab, text);
            snprintf(text, sizeof text, "Flood %lu", count);
            fault_host->set_title(tab, text);
            fault_host->content_changed(tab);
        }
        #endif
        #ifdef FLOOD_IN_ACTIVATE
        /* The plugin's own thread: host callbacks as fast as it can, for ever. */
        static void *fault_flood(void *tab) {
            for (unsigned long count = 1;; count++) fault_flood_round(tab, count);
            return NULL;
        }
        #endif
        #ifdef FLOOD_ON_THREAD
        #ifndef FLOOD_MS
        #define FLOOD_MS 1500
        #endif
        static long fault_elapsed_ms(const struct timespec *since) {
            struct timespec now;
            clock_gettime(CLOCK_MONOTONIC, &now);
            return (now.tv_sec - since->tv_sec) * 1000 + (now.tv_nsec - since->tv_nsec) / 1000000;
        }
        /* The plugin's own thread: host callbacks as fast as it can for FLOOD_MS, then, after
           1.5 s of quiet, one badge ("calm") and one log line. */
        static void *fault_flood_for_a_while(void *tab) {
            struct timespec start;
            clock_gettime(CLOCK_MONOTONIC, &start);
            for (unsigned long count = 1; (count % 1024 != 0) || fault_elapsed_ms(&start) < FLOOD_MS; count++) {
                fault_flood_round(tab, count);
                fault_host->log(fault_host, TABBARD_LOG_DEBUG, "flooding");
            }
            fault_sleep_ms(1500);
            fault_host->set_badge(tab, "calm");
            fault_host->log(fault_host, TABBARD_LOG_NOTICE, "flood over");
            return NULL;
        }
        #endif
        #if defined(OVERSIZED_IN_ACTIVATE) || defined(MALFORMED_IN_ACTIVATE) || defined(FORGED_EVENTS_IN_ACTIVATE)
        /* Bytes on the helper's end of the link (descriptor 3), as no helper would send them. */
        static void fault_write_link(const unsigned char *bytes, size_t count) {
            if (write(3, bytes, count) != (ssize_t)count) abort();
        }
        #endif
        #ifdef FORGED_EVENTS_IN_ACTIVATE
        #ifndef FORGED_TAB
        #define FORGED_TAB "alarm"
        #endif
        /* Appends `value` to `frame` at `*used` as the link writes integers: 4 bytes, little-endian. */
        static void fault_put_integer(unsigned char *frame, size_t *used, uint32_t value) {
            for (int shift = 0; shift < 32; shift += 8) frame[(*used)++] = (unsigned char)(value >> shift);
        }
        /* One event frame for tab FORGED_TAB, well formed as the link reads it: kind 4, the tab id,
           the change, then its text (when `text` is not NULL) or its flag. */
        static void fault_forge_event(unsigned char change, const char *text, unsigned char flag) {
            unsigned char frame[256];
            size_t used = 4;
            frame[used++] = 4;
            fault_put_integer(frame, &used, (uint32_t)strlen(FORGED_TAB));
            memcpy(frame + used, FORGED_TAB, strlen(FORGED_TAB));
            used += strlen(FORGED_TAB);
            frame[used++] = change;
            if (text != NULL) {
                fault_put_integer(frame, &used, (uint32_t)strlen(text));
                memcpy(frame + used, text, strlen(text));
                used += strlen(text);
            } else {
                frame[used++] = flag;
            }
            size_t length = 0;
            fault_put_integer(frame, &length, (uint32_t)(used - 4));
            fault_write_link(frame, used);
        }
        #endif

        /* What render returns: 0 the usual page, 1 a huge body, 2 a huge title (HUGE_VALUES). */
        __attribute__((unused)) static int fault_huge_render;
        #ifdef CONTROLS_IN_ACTIVATE
        /* What a terminal acts on: a screen clear, a clipboard write (OSC 52), a link (OSC 8), C1
           CSI (U+009B, as UTF-8) and DEL. Strings are split where a hex escape would run on. */
        #define FAULT_CONTROLS "\x1b[2J\x1b]52;c;Zm9yZ2Vk\x07" "\x1b]8;;http://example.org\x1b\\link\xc2\x9b" "31m\x7f"
        /* Set once `activate` ran: render returns a page full of control characters. */
        static int fault_controls_rendered;
        #endif

        static void *fault_create(void *user_data, const char *tab_id, struct tabbard_tab *tab) {
            (void)user_data; (void)tab_id;
        #ifdef LOG_IN_CREATE
            /* One line at info and one at warning, each naming the process that logged it. */
            char line[64];
            snprintf(line, sizeof line, "info from process %d", (int)getpid());
            fault_host->log(fault_host, TABBARD_LOG_INFO, line);
            snprintf(line, sizeof line, "warning from process %d", (int)getpid());
            fault_host->log(fault_host, TABBARD_LOG_WARNING, line);
        #endif
            return tab;
        }
        static void fault_destroy(void *instance) { (void)instance; }
        #if defined(HANG_IN_DID_APPEAR) || defined(BADGE_IN_DID_APPEAR)
        /* Told that its tab is shown: hangs, or sets the tab's badge to "appeared". */
        static void fault_did_appear(void *instance) {
            struct tabbard_tab *tab = instance;
        #ifdef HANG_IN_DID_APPEAR
            for (;;) sleep(1);
        #endif
            fault_host->set_badge(tab, "appeared");
        }
        #endif
        #ifdef INTRUDE_STATE_DIR
        #include <errno.h>
        #include <fcntl.h>
        #include <signal.h>
        #include <stdio.h>
        #include <sys/stat.h>
        static char fault_report[1024];
        /* Appends `what=0` to the report when `result` is 0 or more, else `what=errno`. */
        static void fault_attempt(const char *what, int result) {
            size_t used = strlen(fault_report);
            snprintf(fault_report + used, sizeof fault_report - used, "%s%s=%d", used == 0 ? "" : " ", what, result >= 0 ? 0 : errno);
        }
        /* open() as an attempt: what it returned, the descriptor closed. */
        static int fault_opened(int descriptor) {
            if (descriptor >= 0) close(descriptor);
            return descriptor;
        }
        /* Tries to change the state directory (make a file and a directory in it; write, truncate,
           rename and remove its file `lock`), then what a confined plugin may still do (make and
           remove a file in /var/tmp, write /dev/null), and to signal its parent (the daemon, or
           the helper's daemon). One `what=errno` per attempt, 0 for success. */
        static const char *fault_intrude(void) {
            fault_report[0] = '\0';
            fault_attempt("create", fault_opened(open(INTRUDE_STATE_DIR "/intruder", O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600)));
            fault_attempt("mkdir", mkdir(INTRUDE_STATE_DIR "/intruder.d", 0700));
            fault_attempt("write", fault_opened(open(INTRUDE_STATE_DIR "/lock", O_WRONLY | O_APPEND | O_CLOEXEC)));
            fault_attempt("truncate", truncate(INTRUDE_STATE_DIR "/lock", 0));
            fault_attempt("rename", rename(INTRUDE_STATE_DIR "/lock", INTRUDE_STATE_DIR "/lock.moved"));
            fault_attempt("unlink", unlink(INTRUDE_STATE_DIR "/lock"));
            char scratch[64];
            snprintf(scratch, sizeof scratch, "/var/tmp/tabbard-intruder-%d", (int)getpid());
            fault_attempt("scratch", fault_opened(open(scratch, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600)));
            unlink(scratch);
            fault_attempt("devnull", fault_opened(open("/dev/null", O_WRONLY | O_CLOEXEC)));
            fault_attempt("signal", kill(getppid(), 0));
            return fault_report;
        }
        #endif
        #ifdef BUS_INTRUDE
        #include <errno.h>
        #include <stdio.h>
        #include <sys/socket.h>
        #include <sys/syscall.h>
        long syscall(long number, ...);  /* glibc's, which _POSIX_C_SOURCE hides */
        static char fault_bus_report[8192];
        /* Tries to reach a bus from where the plugin runs: a Unix socket of its own, an io_uring
           (whose rings make sockets without socket()), and a socket pair (which reaches nothing
           else); then runs the shell script BUS_INTRUDE, which calls the daemon and a delegate and
           leaves a detached grandchild behind, and appends what it printed. Each attempt is
           `what=errno`, 0 for success. */
        static const char *fault_bus_intrude(void) {
            int unix_socket = socket(AF_UNIX, SOCK_STREAM, 0);
            int unix_error = unix_socket < 0 ? errno : 0;
            if (unix_socket >= 0) close(unix_socket);
            unsigned char ring_parameters[512] = {0};  /* struct io_uring_params, zeroed */
            long ring = syscall(SYS_io_uring_setup, 1L, ring_parameters);
            int ring_error = ring < 0 ? errno : 0;
            if (ring >= 0) close((int)ring);
            int pair[2];
            int pair_error = socketpair(AF_UNIX, SOCK_STREAM, 0, pair) == 0 ? 0 : errno;
            if (pair_error == 0) { close(pair[0]); close(pair[1]); }
            int used = snprintf(fault_bus_report, sizeof fault_bus_report, "unix=%d uring=%d pair=%d ", unix_error, ring_error, pair_error);
            FILE *script = popen(BUS_INTRUDE, "r");
            if (script != NULL) {
                size_t count = fread(fault_bus_report + used, 1, sizeof fault_bus_report - (size_t)used - 1, script);
                fault_bus_report[(size_t)used + count] = '\0';
                pclose(script);
            }
            return fault_bus_report;
        }
        #endif

        static bool fault_render(void *instance, const char *page, struct tabbard_content *content) {
            (void)instance; (void)page;
        #ifdef SLOW_RENDER
            fault_sleep_ms(SLOW_RENDER);
        #endif
            content->title = "Fault";
            content->body = "fault";
        #ifdef RENDER_BODY
            content->body = RENDER_BODY;
        #endif
        #ifdef INTRUDE_STATE_DIR
            content->body = fault_intrude();
        #endif
        #ifdef CONTROLS_IN_ACTIVATE
            if (fault_controls_rendered) {
                content->title = "Page " FAULT_CONTROLS;
                content->mime_type = "text/plain" FAULT_CONTROLS;
                content->body = "line 1\n\tline 2\r" FAULT_CONTROLS " end";
            }
        #endif
        #ifdef BUS_INTRUDE
            content->body = fault_bus_intrude();
        #endif
        #ifdef HUGE_VALUES
            /* After the action of that name: 33 MB of body, more than the bus carries in one
               message, or a 40 MB title. */
            static const char *huge_body, *huge_title;
            if (fault_huge_render == 1) content->body = huge_body != NULL ? huge_body : (huge_body = fault_text(33u << 20));
            if (fault_huge_render == 2) content->title = huge_title != NULL ? huge_title : (huge_title = fault_text(40u << 20));
        #endif
            return true;
        }
        #ifdef BAD_PAGE
        /* A structured page over every bound: 2,000 rows of 120 bytes of detail, the first with
           an escape sequence in its title and a C1 CSI in its page, and a label not UTF-8. */
        static struct tabbard_page_row fault_rows[2000];
        static char fault_row_ids[2000][8];
        static const struct tabbard_action_label fault_labels[] = {{"poke", "Po\xff\xfeke \x1b[2J", "media-playback-start-symbolic"}};
        static bool fault_render_page(void *instance, const char *page, struct tabbard_page *out) {
            (void)instance; (void)page;
            static const char *detail;
            if (detail == NULL) detail = fault_text(120);
            for (int index = 0; index < 2000; index++) {
                snprintf(fault_row_ids[index], sizeof fault_row_ids[index], "r%d", index);
                fault_rows[index] = (struct tabbard_page_row){.id = fault_row_ids[index], .title = "row", .detail = detail};
            }
            fault_rows[0].title = "row \x1b[2J zero";
            fault_rows[1].page = "pa\xc2\x9bge";
            fault_rows[2].clock_format = TABBARD_CLOCK_DURATION;
            fault_rows[2].clock_rate = 1;
            fault_rows[2].clock_value = 5000000;
            fault_rows[2].clock_at = 1700000000000000;
            out->title = "Fault";
            out->text = "fault";
            out->rows = fault_rows;
            out->row_count = 2000;
            out->action_labels = fault_labels;
            out->action_label_count = 1;
            return true;
        }
        #endif
        #ifdef HUGE_VALUES
        static const char *const fault_action_names[] = {"poke", "huge-body", "huge-title"};
        #else
        static const char *const fault_action_names[] = {"poke"};
        #endif
        static bool fault_actions(void *instance, struct tabbard_actions *actions) {
            (void)instance;
            actions->names = fault_action_names;
            actions->count = sizeof fault_action_names / sizeof fault_action_names[0];
            return true;
        }
        static bool fault_activate(void *instance, const char *action) {
            struct tabbard_tab *tab = instance;
        #ifdef HANG_IN_ACTIVATE
            for (;;) sleep(1);
        #endif
        #ifdef EXIT_IN_ACTIVATE
            exit(0);
        #endif
        #ifdef SEGV_IN_ACTIVATE
            *fault_nowhere = 1;
        #endif
        #ifdef ABORT_IN_ACTIVATE
            abort();
        #endif
        #ifdef FLOOD_IN_ACTIVATE
            pthread_t flood;
            if (pthread_create(&flood, NULL, fault_flood, tab) == 0) pthread_join(flood, NULL);
        #endif
        #ifdef FLOOD_ON_THREAD
            pthread_t flood;
            if (pthread_create(&flood, NULL, fault_flood_for_a_while, tab) == 0) pthread_detach(flood);
        #endif
        #ifdef OVERSIZED_IN_ACTIVATE
            /* A length of 0x7FFFFFFF: 2 GiB of payload announced. */
            static const unsigned char oversized[] = {0xFF, 0xFF, 0xFF, 0x7F};
            fault_write_link(oversized, sizeof oversized);
        #endif
        #ifdef MALFORMED_IN_ACTIVATE
            /* One byte of payload, a kind no message has. */
            static const unsigned char malformed[] = {0x01, 0x00, 0x00, 0x00, 0xEE};
            fault_write_link(malformed, sizeof malformed);
        #endif
        #ifdef CONTROLS_IN_ACTIVATE
            /* Its own tab: a title and a badge with control characters, a page name with C1 CSI. */
            fault_host->set_title(tab, "Title " FAULT_CONTROLS);
            fault_host->set_badge(tab, "\xc2\x9b" "1\x1b[2J\x7f");
            fault_host->push_page(tab, "page\xc2\x9b");
            fault_host->log(fault_host, TABBARD_LOG_WARNING, "log " FAULT_CONTROLS);
            fault_controls_rendered = 1;
        #endif
        #ifdef ICONS_IN_ACTIVATE
            /* One step per activate: first good names and a good 2x2 pixmap, then one refusal each
               (ICON-2, ICON-3); then the badge "step N" says the step is done. */
            static int icon_step;
            static uint8_t good[2 * 2 * 4] = {0xFF, 0xFF, 0x00, 0x00};
            struct tabbard_icon_pixmap pixmaps[5];
            for (int i = 0; i < 5; i++) pixmaps[i] = (struct tabbard_icon_pixmap){1, 1, good, 4};
            switch (icon_step) {
            case 0:
                fault_host->set_icon_name(tab, "alarm-symbolic", "alarm-selected-symbolic");
                pixmaps[0] = (struct tabbard_icon_pixmap){2, 2, good, sizeof good};
                fault_host->set_icon_pixmaps(tab, pixmaps, 1);
                break;
            case 1: fault_host->set_icon_name(tab, "a/b", NULL); break;
            case 2: fault_host->set_icon_name(tab, "\xff\xfe", NULL); break;
            case 3: fault_host->set_icon_name(tab, "bad\x1b[2J", NULL); break;
            case 4: {
                static uint8_t *big;
                if (big == NULL) big = calloc(300 * 300 * 4, 1);
                pixmaps[0] = (struct tabbard_icon_pixmap){300, 300, big, 300 * 300 * 4};
                fault_host->set_icon_pixmaps(tab, pixmaps, 1);
                break;
            }
            case 5:
                pixmaps[0] = (struct tabbard_icon_pixmap){2, 2, good, sizeof good - 1};
                fault_host->set_icon_pixmaps(tab, pixmaps, 1);
                break;
            case 6: fault_host->set_icon_pixmaps(tab, pixmaps, 5); break;
            }
            char step[16];
            snprintf(step, sizeof step, "step %d", icon_step++);
            fault_host->set_badge(tab, step);
        #endif
        #ifdef FORGED_EVENTS_IN_ACTIVATE
            /* Another plugin's tab: a title that clears the screen, a badge, and Enabled false. */
            fault_forge_event(4, "\x1b[2J\x1b]52;c;Zm9yZ2Vk\x07" "Forged", 0);
            fault_forge_event(2, "forged", 0);
            fault_forge_event(5, NULL, 0);
        #endif
        #if defined(SEGV_ON_THREAD) || defined(ABORT_ON_THREAD) || defined(EXIT_ON_THREAD)
            pthread_t thread;
            if (pthread_create(&thread, NULL, fault_thread, NULL) == 0) pthread_detach(thread);
        #endif
        #ifdef BAD_HANDLES
            /* Handles the host never gave: a small number, a stray pointer, the host table itself. */
            struct tabbard_tab *bad[] = {(struct tabbard_tab *)(uintptr_t)0x10, (struct tabbard_tab *)(uintptr_t)0xdeadbeef,
                                         (struct tabbard_tab *)fault_host, NULL};
            for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
                fault_host->set_badge(bad[i], "1");
                fault_host->set_badge_color(bad[i], "#FF0000");
                fault_host->set_title(bad[i], "Forged");
                fault_host->set_enabled(bad[i], false);
                fault_host->content_changed(bad[i]);
                fault_host->push_page(bad[i], "root");
            }
            fault_host->log((const struct tabbard_host *)(uintptr_t)0xdeadbeef, TABBARD_LOG_ERROR, "from a forged host");
            fault_host->log((const struct tabbard_host *)tab, TABBARD_LOG_ERROR, "from a tab handle as the host");
        #endif
        #ifdef HUGE_VALUES
            static const char *huge_title, *huge_badge, *huge_page, *huge_log;
            if (huge_title == NULL) {
                huge_title = fault_text(40u << 20);
                huge_badge = fault_text(1u << 20);
                huge_page = fault_text(1u << 20);
                huge_log = fault_text(1u << 20);
            }
            fault_host->set_title(tab, huge_title);
            fault_host->set_badge(tab, huge_badge);
            fault_host->set_badge_color(tab, huge_badge);
            fault_host->push_page(tab, huge_page);
            fault_host->log(fault_host, TABBARD_LOG_WARNING, huge_log);
            fault_host->set_badge(tab, "ok");
            if (strcmp(action, "huge-body") == 0) fault_huge_render = 1;
            if (strcmp(action, "huge-title") == 0) fault_huge_render = 2;
            if (fault_huge_render != 0) return true;
        #endif
            (void)tab;
            return strcmp(action, "poke") == 0;
        }
        static const struct tabbard_plugin fault_table = {
        #ifdef ABI_1_0
            /* A plugin built against the 1.0 header: the host reads no field past its table. */
            .struct_size = TABBARD_PLUGIN_SIZE_1_0,
            .abi_minor = 0,
        #else
            .struct_size = sizeof(struct tabbard_plugin),
            .abi_minor = TABBARD_PLUGIN_ABI_MINOR,
        #endif
            .abi_major = TABBARD_PLUGIN_ABI_MAJOR,
            .name = PLUGIN_NAME,
        #ifdef CONTROLS_IN_ACTIVATE
            .version = "0.1" FAULT_CONTROLS,
        #else
            .version = "0.1",
        #endif
            .create = fault_create,
            .destroy = fault_destroy,
            .render = fault_render,
            .actions = fault_actions,
            .activate = fault_activate,
        #ifdef BAD_PAGE
            .render_page = fault_render_page,
        #endif
        #if defined(HANG_IN_DID_APPEAR) || defined(BADGE_IN_DID_APPEAR)
            .did_appear = fault_did_appear,
        #endif
        };
        const struct tabbard_plugin *tabbard_plugin_entry_v1(uint32_t host_abi_minor, const struct tabbard_host *host) {
            (void)host_abi_minor;
            fault_host = host;
        #ifdef CRASH_IN_ENTRY
            abort();
        #endif
        #ifdef ABORT_IN_ENTRY_IF_SET
            /* Aborts where the environment has this variable (the daemon's STATE_DIRECTORY). */
            if (getenv(ABORT_IN_ENTRY_IF_SET) != NULL) abort();
        #endif
        #ifdef ABORT_IN_ENTRY_AFTER_MARK
            /* The first entry (the probe's) leaves the mark; every later one aborts. */
            if (access(ABORT_IN_ENTRY_AFTER_MARK, F_OK) == 0) abort();
            FILE *mark = fopen(ABORT_IN_ENTRY_AFTER_MARK, "w");
            if (mark != NULL) fclose(mark);
        #endif
        #ifdef HANG_IN_ENTRY_AFTER_MARK
            /* The first entry (the probe's) leaves the mark; every later one hangs. */
            if (access(HANG_IN_ENTRY_AFTER_MARK, F_OK) == 0) for (;;) sleep(1);
            FILE *mark = fopen(HANG_IN_ENTRY_AFTER_MARK, "w");
            if (mark != NULL) fclose(mark);
        #endif
        #ifdef HANG_IN_ENTRY
            for (;;) sleep(1);
        #endif
            return &fault_table;
        }
        """#

    /// A daemon on a private bus with the bundled clock plugin and plugin `name`, whose one tab
    /// is `<name>-tab`, compiled with `define`.
    public static func daemon(_ name: String, _ define: String, environment: [String: String] = [:]) throws
        -> DaemonProcess
    {
        try DaemonProcess(environment: environment, pluginDirectory: try directory(fault: (name: name, define: define)))
    }

    /// A plugin directory with a copy of the bundled clock plugin and the Swift fault plugin
    /// (`Tests/Plugins/swiftfault`: one tab, `swiftfault-tab`, whose actions are faults), in
    /// process mode, as `make test-plugins` staged it.
    public static func swiftDirectory() throws -> String {
        let directory = try Self.directory(fault: nil)
        try copy(["libswiftfault.so", "swiftfault.plugin"], from: PackagePaths.testPlugins, to: directory)
        return directory
    }

    private static func copy(_ files: [String], from staged: URL, to directory: String) throws {
        for file in files {
            let path = staged.appendingPathComponent(file).path
            guard FileManager.default.fileExists(atPath: path) else {
                throw TestFailure("\(path) is missing: run `make plugins test-plugins` (or `make test`) first")
            }
            try FileManager.default.copyItem(atPath: path, toPath: directory + "/" + file)
        }
    }

    /// Compiles plugin `name` with `defines` (each a `-D` switch without the `-D`) into the
    /// module file `path`; its source is kept beside it.
    public static func build(_ name: String, defines: [String], to path: String) throws {
        let source = path + ".c"
        try Self.source.write(toFile: source, atomically: true, encoding: .utf8)
        let include = PackagePaths.root.appendingPathComponent("Sources/TabbardPluginABI/include").path
        let compiled = try runCommand(
            [
                "/usr/bin/env", "cc", "-std=c11", "-Wall", "-Werror", "-shared", "-fPIC", "-I", include,
                "-DPLUGIN_NAME=\"\(name)\"",
            ] + defines.map { "-D" + $0 } + ["-o", path, source],
            timeout: 60)
        guard compiled.status == 0 else { throw TestFailure("cc failed for \(name): \(compiled.errors)") }
    }

    /// A plugin directory with a copy of the bundled clock plugin and, when `fault` is
    /// given, plugin `name` compiled with that define.
    public static func directory(fault: (name: String, define: String)?) throws -> String {
        let directory = try makePluginDirectory("tabbard-plugins")
        try copy(["libclock.so", "clock.plugin"], from: PackagePaths.stagedPlugins, to: directory)
        guard let (name, define) = fault else { return directory }
        try build(name, defines: [define], to: directory + "/lib\(name).so")
        try manifest(name).write(toFile: directory + "/\(name).plugin", atomically: true, encoding: .utf8)
        return directory
    }

    /// The manifest of plugin `name`, module `lib<name>.so`, one tab `<name>-tab`.
    public static func manifest(_ name: String) -> String {
        "name = \"\(name)\"\nmodule = \"lib\(name).so\"\nabi = \"1.0\"\ndescription = \"faulty test plugin\"\n"
            + "\n[[tabs]]\nid = \"\(name)-tab\"\ntitle = \"Faulty\"\nactions = [\"poke\"]\n"
    }
}
