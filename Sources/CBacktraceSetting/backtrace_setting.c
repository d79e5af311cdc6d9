/*
 * backtrace_setting.c: SWIFT_BACKTRACE for the static runtime's start-up (see
 * backtrace_setting.h). The initializer is compiled in release builds only
 * (TABCTL_BACKTRACE_SETTING, Package.swift), where the runtime is linked into the executable
 * and starts with its initializers.
 */
#include "backtrace_setting.h"

#include <stdbool.h>
#include <stdlib.h>

/* Whether SWIFT_BACKTRACE in the environment is this process's and not the user's. */
static bool setting_is_ours;

#ifdef TABCTL_BACKTRACE_SETTING

/*
 * Off, and every choice the runtime would otherwise look up made: `enable=no` alone still
 * leaves the runtime searching for `swift-backtrace` (it searches whenever no path is given)
 * and asking whether stdout is a terminal for its `interactive` and `color` defaults. The empty
 * path is never run, since backtracing is off.
 */
static const char backtracing_off[] = "enable=no,interactive=no,color=no,swift-backtrace=";

/*
 * Priority 101, the earliest a program may use: the linker places it ahead of every
 * initializer without a priority, the Swift runtime's among them, so the runtime's single scan
 * of the environment finds the variable. An existing SWIFT_BACKTRACE, even an empty one, is
 * the user's and is left alone.
 */
__attribute__((constructor(101)))
static void turn_backtracing_off_unless_asked(void) {
    if (getenv("SWIFT_BACKTRACE") != NULL) return;
    setting_is_ours = setenv("SWIFT_BACKTRACE", backtracing_off, 0) == 0;
}

#endif

void tabctl_forget_backtrace_setting(void) {
    if (!setting_is_ours) return;
    unsetenv("SWIFT_BACKTRACE");
    setting_is_ours = false;
}
