import CConfinement
import DaemonBase
import Glibc

/// What a plugin's helper gives up before it loads the plugin (docs/plugins.md, Isolation):
/// the least privilege the plugin then runs with.
///
/// - On every instance: no_new_privs, so that nothing the plugin runs gains privileges
///   (set-user-ID programs, file capabilities), and every capability, when the helper holds
///   any (a daemon started as root by hand); the bounding set too where `CAP_SETPCAP` allows.
///   The helper already holds no descriptor of the daemon's but its standard streams and its
///   link: the daemon spawns it with every other one closed (`ChildProcess.spawn`).
/// - On the system instance: a Landlock ruleset that leaves the plugin writing only beneath the
///   private temporary directories and devices (`scratch`), so that the daemon's state
///   directory, which the helper's user owns, is read-only to it, as is everything else; a
///   temporary directory that holds the state directory (a state directory under `/tmp`) is
///   left out. From Landlock ABI 6 it cannot signal the daemon either, and Landlock always
///   keeps it from tracing a process outside its domain. A kernel without Landlock fails the
///   helper (closed): see `ConfinementError.landlockUnavailable`.
/// - On the system instance too: a seccomp filter that refuses `socket(AF_UNIX, …)`, io_uring
///   and `pidfd_getfd` (`refusesBusSockets`). The helper runs as the daemon's user, which the
///   bus policy lets own the daemon's name and speak to delegates; without a Unix socket of its
///   own the plugin, and whatever it starts, reaches no bus at all (docs/plugins.md, Least
///   privilege).
/// - On the session instance, no Landlock: a session plugin runs as the user, for the user,
///   whose files are what such a plugin works on (its notes, its downloads), and the daemon's
///   state there is the user's file among others that every other program of the user can
///   write as well.
/// - On every instance: the daemon's priority, when it runs ahead of other processes (the
///   system unit's `Nice=`): the helper goes back to niceness 0, so that a plugin that spins
///   takes no more of the CPU than any user's process.
package struct PluginConfinement: Equatable, Sendable {
    /// The Landlock ruleset a helper of the system instance restricts itself to.
    struct Ruleset: Equatable, Sendable {
        /// The kernel's Landlock ABI it was made for.
        let abi: Int32
        /// The rights refused everywhere but beneath `rules`.
        let handled: Landlock.Access
        /// Where rights are given back.
        let rules: [Landlock.Rule]
        /// Whether signals to processes outside the helper are refused (ABI 6).
        let scopesSignals: Bool
        /// The temporary directories left out because they hold the state directory or lie in it.
        let leftOut: [String]
    }

    /// The instance the helper serves.
    let instance: InstanceKind
    /// The daemon's state directory, resolved when it exists; nil when it keeps no state.
    let stateDirectory: String?

    /// Whether the helper installs the seccomp filter that keeps it off every bus: on the system
    /// instance, where the helper's user is the daemon's. A session helper runs as the user,
    /// who owns the session bus anyway, and its plugins may speak to the user's other services.
    var refusesBusSockets: Bool { instance == .system }

    /// The confinement of a helper of `instance` whose daemon keeps its state in `stateDirectory`.
    package init(instance: InstanceKind, stateDirectory: String?) {
        self.instance = instance
        self.stateDirectory = stateDirectory.map(Self.resolved)
    }

    /// Where a helper of the system instance may still change the filesystem, for Landlock ABI
    /// `abi`: the private temporary directories (under the system unit, `PrivateTmp=yes` makes
    /// `/tmp` and `/var/tmp` the service's own) and `/dev/shm`, and the files of `/dev` such as
    /// `/dev/null`, written but never made or removed.
    static func scratch(abi: Int32) -> [Landlock.Rule] {
        let changing = Landlock.Access.changing(abi: abi)
        return ["/tmp", "/var/tmp", "/dev/shm"].map { Landlock.Rule(path: $0, access: changing) }
            + [Landlock.Rule(path: "/dev", access: .writingFiles(abi: abi))]
    }

    /// The Landlock ruleset of this helper given the kernel's answer to which ABI it has: nil on
    /// the session instance; on the system instance, `scratch` without any directory that holds
    /// the state directory or lies in it. Throws when the system instance meets a kernel
    /// without Landlock: the helper fails closed rather than run a plugin that could write the
    /// state directory.
    func ruleset(landlock abi: Result<Int32, ConfinementError>) throws(ConfinementError) -> Ruleset? {
        guard instance == .system else { return nil }
        let version = try abi.get()
        var rules: [Landlock.Rule] = []
        var leftOut: [String] = []
        for rule in Self.scratch(abi: version) {
            if let stateDirectory, Self.overlap(rule.path, stateDirectory) {
                leftOut.append(rule.path)
            } else {
                rules.append(rule)
            }
        }
        return Ruleset(
            abi: version, handled: .changing(abi: version), rules: rules,
            scopesSignals: version >= Landlock.signalScopeABI, leftOut: leftOut)
    }

    /// Gives up what this helper must before it loads its plugin, for good; returns the words
    /// for the log line that says what was done. The process must have one thread: privileges,
    /// the ruleset and the filter are per thread, and only threads started later inherit them.
    func apply() throws(ConfinementError) -> String {
        assert(Self.threadCount().map { $0 == 1 } ?? true, "a helper confines itself before it starts a thread")
        var done = ["no new privileges"]
        var failure = confinement_no_new_privileges()
        guard failure == 0 else { throw .noNewPrivileges(failure) }
        let held = confinement_holds_capabilities()
        guard held >= 0 else { throw .capabilities(-held) }
        if held == 1 {
            failure = confinement_drop_capabilities()
            guard failure == 0 else { throw .capabilities(failure) }
            done.append("capabilities dropped")
        } else {
            done.append("no capabilities")
        }
        if let ruleset = try ruleset(landlock: Landlock.abi()) {
            let given = try Landlock.restrict(
                handling: ruleset.handled, rules: ruleset.rules, scopingSignals: ruleset.scopesSignals)
            let places = given.map { $0.access == .changing(abi: ruleset.abi) ? $0.path : "files of \($0.path)" }
            var words = "Landlock ABI \(ruleset.abi): writes only beneath " + places.joined(separator: ", ")
            if ruleset.scopesSignals { words += ", no signal out" }
            if !ruleset.leftOut.isEmpty {
                words += " (\(ruleset.leftOut.joined(separator: ", ")) left out: the state directory is there)"
            }
            done.append(words)
        }
        if let given = try Self.giveUpPriority() { done.append("niceness \(given) given up for 0") }
        if refusesBusSockets {
            // Last, once nothing the helper does itself needs a socket: it is inherited by
            // every process the plugin starts and cannot be lifted.
            failure = confinement_refuse_bus_sockets()
            guard failure == 0 else { throw .busFilter(failure) }
            done.append("no Unix socket, io_uring or pidfd_getfd (seccomp)")
        }
        return done.joined(separator: "; ")
    }

    /// Puts this thread (the only one) back to niceness 0 when it runs ahead of it; returns the
    /// niceness it had, nil when it had 0 or more (a lower priority is the daemon's to choose).
    static func giveUpPriority() throws(ConfinementError) -> Int32? {
        errno = 0
        let niceness = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        guard errno == 0 else { throw .priority(errno) }
        guard niceness < 0 else { return nil }
        guard setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 0) == 0 else { throw .priority(errno) }
        return niceness
    }

    /// The threads of this process (`/proc/self/task`); nil where `/proc` cannot be read.
    static func threadCount() -> Int? {
        guard let tasks = opendir("/proc/self/task") else { return nil }
        defer { closedir(tasks) }
        var count = 0
        while let entry = readdir(tasks) {
            if entry.pointee.d_name.0 != CChar(UInt8(ascii: ".")) { count += 1 }
        }
        return count
    }

    // MARK: Paths

    /// Whether `a` and `b` are the same directory or one lies beneath the other.
    static func overlap(_ a: String, _ b: String) -> Bool {
        beneath(a, b) || beneath(b, a)
    }

    /// Whether `path` is `directory` or lies beneath it (absolute paths without `..`).
    static func beneath(_ path: String, _ directory: String) -> Bool {
        let directory = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        return path == directory || path.hasPrefix(directory + "/")
    }

    /// `path` with its symbolic links resolved and made absolute, or as given when it cannot be
    /// resolved (it does not exist yet).
    static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }
}
