import Glibc

/// Why a plugin's helper could not give up a privilege before loading its plugin
/// (`PluginConfinement`). The helper then does not load the plugin: it logs this and ends with
/// status 1, which the daemon counts as a failure of the plugin like any other end.
enum ConfinementError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `PR_SET_NO_NEW_PRIVS` failed with this `errno`.
    case noNewPrivileges(Int32)
    /// Reading or dropping the capabilities failed with this `errno`.
    case capabilities(Int32)
    /// The kernel has no Landlock to offer: `ENOSYS`, `EOPNOTSUPP`, or `EPERM` from a filter.
    case landlockUnavailable(Int32)
    /// Building or applying the Landlock ruleset failed: the call (and its path) and `errno`.
    case landlock(call: String, code: Int32)
    /// Installing the seccomp filter that keeps the plugin off every bus failed with this `errno`.
    case busFilter(Int32)
    /// Reading its niceness or going back to 0 from the daemon's failed with this `errno`.
    case priority(Int32)

    var description: String {
        switch self {
        case .noNewPrivileges(let code):
            "cannot set no_new_privs: \(Self.reason(code))"
        case .capabilities(let code):
            "cannot drop its capabilities: \(Self.reason(code))"
        case .landlockUnavailable(let code):
            "Landlock is unavailable (\(Self.reason(code))), and a helper of the system instance does not run "
                + "where it could write the state directory"
        case .landlock(let call, let code):
            "\(call) failed: \(Self.reason(code))"
        case .busFilter(let code):
            "cannot install the system call filter that keeps it off the bus: \(Self.reason(code))"
        case .priority(let code):
            "cannot give up the daemon's priority (setpriority, which the unit's SystemCallFilter= must allow): "
                + Self.reason(code)
        }
    }

    /// The system's words for `code`, with its number for those who grep for it.
    private static func reason(_ code: Int32) -> String {
        "\(String(cString: strerror(code))) (errno \(code))"
    }
}
