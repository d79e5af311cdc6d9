import CCrashGuard
import DaemonBase
import Glibc

/// The daemon's guard against in-process plugins that crash or call `exit()`, over the
/// async-signal-safe handlers of `CCrashGuard` (see `crash_guard.h`).
///
/// A crash (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS) or an `exit()` while the
/// daemon serves is blamed on a plugin: the one in a call when the loop thread dies, otherwise
/// the one whose code is innermost on the dying thread's stack. Its failure is written to
/// `plugins.state` as a hang's is, so that after `PluginAdmission.failureLimit` the plugin is
/// disabled, with the same way back (replace or touch the module); the daemon then ends with a
/// failure status, never 0, for systemd to restart it. The handlers cannot allocate or lock, so
/// everything they write is prepared here beforehand: the modules and where their code lies
/// (`register`), the lines of `plugins.state` with and without one more failure (`publish`),
/// and the call in progress (`Module.during`).
public final class CrashGuard: Sendable {
    /// One loaded module as the guard knows it.
    struct Module: @unchecked Sendable { // A pointer to an entry the C side never frees.
        let entry: OpaquePointer

        /// Runs `call`, a call of `function` for `tab` into this module (nil: for no tab, its
        /// load), as the call in progress.
        func during<Result>(_ function: String, tab: String?, _ call: () -> Result) -> Result {
            function.withCString { function in
                withOptionalCString(tab) { tab in
                    var current = crash_guard_call(module: entry, function: function, tab: tab)
                    return withUnsafePointer(to: &current) { current in
                        let previous = crash_guard_enter(current)
                        defer { crash_guard_leave(previous) }
                        return call()
                    }
                }
            }
        }

        /// Finds the module's code from `code`, any address in it; false when no loaded object
        /// holds it.
        func locate(code: UnsafeRawPointer) -> Bool {
            crash_guard_locate(entry, code) == 0
        }
    }

    /// A guard whose handlers are not installed: it prepares what they would write, and a
    /// test can look at that. Only `install` makes one that acts.
    init() {}

    /// Installs the guard for the process, armed, with the calling thread as the loop thread:
    /// failures go to `records` (nil: counted in the log only, as with `--no-state`) and a line
    /// to `log`. Nil, logged, when it could not be installed; the daemon then serves without it.
    public static func install(records: StateFile?, log: Log) -> CrashGuard? {
        let prefix = String(log.line(.error, "").dropLast()) // The line's start, without the newline.
        let status = withOptionalCString(records?.path) { path in
            withOptionalCString(records.map { $0.path + ".crash" }) { temporary in
                withOptionalCString(records?.directory) { directory in
                    prefix.withCString { prefix in
                        var settings = crash_guard_settings(
                            records_path: path, temporary_path: temporary, directory: directory, log_prefix: prefix,
                            log_fd: log.fileDescriptor, failure_limit: Int32(PluginAdmission.failureLimit),
                            exit_status: PluginAdmission.failureExitStatus)
                        return crash_guard_install(&settings)
                    }
                }
            }
        }
        guard status == 0 else {
            log.warning("cannot guard against crashing plugins: \(String(cString: strerror(errno)))")
            return nil
        }
        return CrashGuard()
    }

    /// From now on an `exit()` is the daemon's own.
    public func disarm() { crash_guard_disarm() }

    /// Registers the module of plugin `plugin`, whose code holds `code` (nil: not loaded yet,
    /// `Module.locate` finds it later), recording failures under `fingerprint`; nil when the
    /// guard cannot find its code.
    func register(plugin: String, fingerprint: PluginFingerprint?, code: UnsafeRawPointer?) -> Module? {
        let entry = withOptionalCString(fingerprint?.path) { path in
            crash_guard_add_module(plugin, path, fingerprint?.size ?? 0, fingerprint?.modified ?? 0, code)
        }
        return entry.map(Module.init)
    }

    /// Hands the handlers the lines of `entries` as `PluginRecords` writes them, and each with
    /// one more failure. Callers serialize calls (`PluginRecords` calls it under its lock).
    func publish(_ entries: [PluginRecordEntry]) {
        var texts: [UnsafeMutablePointer<CChar>?] = []
        defer { for text in texts { free(text) } }
        let lines = entries.map { entry in
            let fingerprint = entry.fingerprint
            var failed = entry.record
            failed.failures += 1
            failed.reason = ""
            let parts: [String] = [
                fingerprint.path, entry.line, String(PluginRecords.line(fingerprint, failed).dropLast()),
            ]
            let strings = parts.map { strdup($0) }
            texts += strings
            return crash_guard_record(
                path: strings[0], size: fingerprint.size, modified: fingerprint.modified,
                line: strings[1], failed_head: strings[2], failures_after: Int32(failed.failures))
        }
        lines.withUnsafeBufferPointer { crash_guard_publish($0.baseAddress, $0.count) }
    }
}

/// `body` with `text` as a C string, or with NULL for nil.
private func withOptionalCString<Result>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> Result) -> Result {
    guard let text else { return body(nil) }
    return text.withCString(body)
}
