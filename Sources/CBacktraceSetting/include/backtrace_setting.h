/*
 * backtrace_setting.h: tabctl's release build turns the Swift runtime's crash backtracer off
 * before the runtime starts, unless the environment already says what it wants.
 *
 * The static Swift runtime decides on backtracing in one of its own start-up initializers
 * (`BacktraceInitializer`), from the SWIFT_BACKTRACE environment variable alone. Unless that
 * variable names a `swift-backtrace` program, the runtime looks for one next to the executable
 * and in the libexec directories above it (nine stat calls), and asks whether standard output
 * is a terminal (two ioctls), at every start, even when backtracing ends up off. The package
 * installs no `swift-backtrace`, so on an installed machine that search finds nothing and
 * backtracing is off already; a crash prints the runtime's fatal-error message either way.
 * A developer who wants a backtrace sets SWIFT_BACKTRACE, which is then left exactly as given
 * (docs/performance.md, "tabctl"). Debug builds, whose runtime is a shared library started
 * before any code of the executable, do nothing here.
 */
#ifndef BACKTRACE_SETTING_H
#define BACKTRACE_SETTING_H

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Takes SWIFT_BACKTRACE out of the environment again if this process put it there, so that
 * the programs tabctl starts (`delegate --exec`) see the environment tabctl was given. Call it
 * first thing in main: the runtime has read the variable by then and keeps its own copy.
 */
void tabctl_forget_backtrace_setting(void);

#ifdef __cplusplus
}
#endif

#endif
