/* The handlers: a fatal signal or an unexpected exit() is blamed on a plugin, recorded, logged,
 * and the process ends with a failure status. Async-signal-safe from the first line. */
#define _GNU_SOURCE
#include "guard_internal.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

static const int guarded_signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS};
#define GUARDED_SIGNAL_COUNT (sizeof guarded_signals / sizeof guarded_signals[0])

static struct crash_guard_settings settings;
static struct sigaction earlier_actions[GUARDED_SIGNAL_COUNT];
static atomic_bool installed;
static atomic_bool armed;
/** The thread that is ending the process, 0 while none is. */
static atomic_int dying_thread;

/** The most a thread's used stack is searched for plugin code (a guard against a wild pointer). */
#define GUARD_MAX_STACK_SCAN ((uintptr_t)64 << 20)
/** The loop thread's alternate signal stack, so that its stack overflowing can still be reported. */
#define GUARD_ALTERNATE_STACK_SIZE (64 * 1024)

// MARK: - Blame

/** Who is to blame for what the calling thread is doing, and the words for it. */
struct blame {
    const struct crash_guard_module *module;
    /** Set when the module was in a call on the loop thread. */
    const struct crash_guard_call *call;
};

/**
 * The loop thread blames the plugin in the call it is making, if any. Another thread blames the
 * plugin whose code it is running (`pc`) or whose frame is innermost on its stack, from `sp` up
 * to its thread descriptor, which glibc keeps just above every thread's stack. The loop thread
 * (the main thread) has no such bound and is never searched.
 */
static struct blame find_blame(uintptr_t pc, uintptr_t sp) {
    struct blame blame = {NULL, NULL};
    if (guard_thread_id() == guard_loop_thread) {
        blame.call = guard_current_call();
        if (blame.call != NULL) blame.module = blame.call->module;
        return blame;
    }
    blame.module = crash_guard_module_at(pc);
    uintptr_t top = (uintptr_t)pthread_self();
    if (blame.module == NULL && sp != 0 && top > sp && top - sp <= GUARD_MAX_STACK_SCAN) blame.module = crash_guard_scan(sp, top);
    return blame;
}

/** "render for tab a ", "its load (…) " or "a thread of the plugin ", then `what`. */
static void describe(char *reason, size_t capacity, const struct blame *blame, const char *what) {
    reason[0] = '\0';
    if (blame->call != NULL) {
        guard_append(reason, capacity, blame->call->function);
        if (blame->call->tab != NULL) {
            guard_append(reason, capacity, " for tab ");
            guard_append(reason, capacity, blame->call->tab);
        }
        guard_append(reason, capacity, " ");
    } else {
        guard_append(reason, capacity, "a thread of the plugin ");
    }
    guard_append(reason, capacity, what);
}

/**
 * Records and logs the failure `what` ("crashed (SIGSEGV)") of the blamed plugin, or logs
 * `unblamed` when no plugin is to blame.
 */
static void report(const struct blame *blame, const char *what, const char *unblamed) {
    char line[1024] = "";
    guard_append(line, sizeof line, settings.log_prefix);
    if (blame->module == NULL) {
        guard_append(line, sizeof line, unblamed);
    } else {
        char reason[512];
        describe(reason, sizeof reason, blame, what);
        int failures = guard_record_failure(&settings, blame->module, reason);
        guard_append(line, sizeof line, "plugin ");
        guard_append(line, sizeof line, blame->module->name);
        guard_append(line, sizeof line, ": ");
        guard_append(line, sizeof line, reason);
        guard_append(line, sizeof line, "; exiting so that the service restarts");
        if (failures > 0) {
            guard_append(line, sizeof line, "; failure ");
            guard_append_number(line, sizeof line, failures);
            guard_append(line, sizeof line, " of ");
            guard_append_number(line, sizeof line, settings.failure_limit);
            guard_append(line, sizeof line, " before the plugin is disabled");
        } else {
            guard_append(line, sizeof line, "; the failure could not be recorded");
        }
    }
    guard_append(line, sizeof line, "\n");
    guard_write_text(settings.log_fd, line);
}

/**
 * Claims the end of the process for the calling thread. Another thread that dies meanwhile
 * waits for the end instead of ending the process before this one has recorded its failure.
 */
static bool claim_end(void) {
    int self = guard_thread_id();
    int expected = 0;
    if (atomic_compare_exchange_strong(&dying_thread, &expected, self)) return true;
    if (expected == self) return false;  // Failing again inside the handler: end as the signal says.
    for (;;) pause();
}

// MARK: - Signals

static const char *signal_name(int signal) {
    switch (signal) {
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    case SIGILL: return "SIGILL";
    case SIGABRT: return "SIGABRT";
    case SIGTRAP: return "SIGTRAP";
    case SIGSYS: return "SIGSYS";
    default: return "a signal";
    }
}

static void context_registers(const void *context, uintptr_t *pc, uintptr_t *sp) {
    const ucontext_t *user = context;
    *pc = 0;
    *sp = 0;
    if (user == NULL) return;
#if defined(__x86_64__)
    *pc = (uintptr_t)user->uc_mcontext.gregs[REG_RIP];
    *sp = (uintptr_t)user->uc_mcontext.gregs[REG_RSP];
#elif defined(__aarch64__)
    *pc = (uintptr_t)user->uc_mcontext.pc;
    *sp = (uintptr_t)user->uc_mcontext.sp;
#endif
}

static void on_fatal_signal(int signal, siginfo_t *info, void *context) {
    int saved_errno = errno;
    // Sent by another process (kill -SEGV): nobody here crashed, so nobody is blamed.
    bool sent = info != NULL && info->si_code <= 0 && info->si_pid != getpid();
    if (atomic_load(&armed) && !sent && claim_end()) {
        uintptr_t pc, sp;
        context_registers(context, &pc, &sp);
        struct blame blame = find_blame(pc, sp);
        char what[64] = "crashed (";
        guard_append(what, sizeof what, signal_name(signal));
        guard_append(what, sizeof what, ")");
        char unblamed[128] = "tabbard ";
        guard_append(unblamed, sizeof unblamed, what);
        guard_append(unblamed, sizeof unblamed, " outside any plugin call or plugin thread; nothing recorded");
        report(&blame, what, unblamed);
    }
    // The earlier disposition takes over (a core dump, or the Swift runtime's backtrace). A
    // fault repeats by itself when its instruction runs again, with its true context; anything
    // else (abort, a trap that moved past its instruction, a system call refused by seccomp) is
    // raised again, to be delivered when this returns and the signal is unblocked.
    for (size_t i = 0; i < GUARDED_SIGNAL_COUNT; i++) {
        if (guarded_signals[i] != signal) continue;
        struct sigaction earlier = earlier_actions[i];
        if (earlier.sa_handler == SIG_IGN) earlier.sa_handler = SIG_DFL;
        sigaction(signal, &earlier, NULL);
    }
    bool repeats = info != NULL && info->si_code > 0 &&
                   (signal == SIGSEGV || signal == SIGBUS || signal == SIGFPE || signal == SIGILL);
    if (!repeats) syscall(SYS_tgkill, getpid(), guard_thread_id(), signal);
    errno = saved_errno;
}

// MARK: - exit()

static void on_exit_called(const char *what, const char *unblamed) {
    if (!atomic_load(&armed) || !claim_end()) return;
    struct blame blame = find_blame(0, (uintptr_t)__builtin_frame_address(0));
    report(&blame, what, unblamed);
    _exit(settings.exit_status);
}

static void on_exit_hook(void) {
    on_exit_called("called exit()", "exit() called while serving, outside any plugin; a failure exit");
}

static void on_quick_exit_hook(void) {
    on_exit_called("called quick_exit()", "quick_exit() called while serving, outside any plugin; a failure exit");
}

// MARK: - Installing

static char *copy_setting(const char *text) { return text != NULL ? strdup(text) : NULL; }

int crash_guard_install(const struct crash_guard_settings *given) {
    bool expected = false;
    if (!atomic_compare_exchange_strong(&installed, &expected, true)) {
        errno = EALREADY;
        return -1;
    }
    settings = *given;
    settings.records_path = copy_setting(given->records_path);
    settings.temporary_path = copy_setting(given->temporary_path);
    settings.directory = copy_setting(given->directory);
    settings.log_prefix = copy_setting(given->log_prefix != NULL ? given->log_prefix : "");
    guard_loop_thread = guard_thread_id();

    stack_t alternate = {.ss_sp = malloc(GUARD_ALTERNATE_STACK_SIZE), .ss_size = GUARD_ALTERNATE_STACK_SIZE};
    if (alternate.ss_sp != NULL) sigaltstack(&alternate, NULL);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_fatal_signal;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < GUARDED_SIGNAL_COUNT; i++) {
        if (sigaction(guarded_signals[i], &action, &earlier_actions[i]) != 0) return -1;
    }
    if (atexit(on_exit_hook) != 0 || at_quick_exit(on_quick_exit_hook) != 0) {
        errno = ENOMEM;
        return -1;
    }
    atomic_store(&armed, true);
    return 0;
}

void crash_guard_disarm(void) { atomic_store(&armed, false); }
