import CLinuxEvents
import Glibc

/// A process started with `posix_spawn` (never `fork`: the parent has threads, and in the
/// daemon a bus connection, that a forked copy must not touch), with a clean signal state:
/// the parent blocks signals for its signalfd and ignores `SIGPIPE`, and a child must be
/// killable, must die of a crash as any process does, and must see a closed pipe. Standard
/// input is `/dev/null`; standard output goes where the parent says; standard error is the
/// parent's; no other descriptor reaches the child, not even one the parent inherited
/// without close-on-exec. Ended children are collected with `reap()` (after `SIGCHLD`) or `wait()`.
public struct ChildProcess: Sendable {
    /// How a child process ended.
    public enum Termination: Equatable, Sendable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)

        /// The termination a `waitpid` status describes.
        init(waitStatus status: Int32) {
            let signal = status & 0x7F
            self = signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
        }
    }

    /// The signals a child gets back at their default disposition.
    static let defaultSignals = [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD]

    /// The process id.
    public let pid: pid_t
    /// Whether the child leads a process group of its own, which `kill` then signals whole.
    public let leadsGroup: Bool

    /// Starts `executable` with `arguments` (after `argv[0]`, which is `executable`) and
    /// `environment` (`NAME=value` entries; the parent's when nil), its standard output on
    /// `standardOutput`; in a process group of its own with `newProcessGroup`, so that
    /// whatever it starts can be killed with it. `passing`, when given, is the child's
    /// descriptor 3 (a link to it); the child gets no other descriptor but its standard streams.
    public static func spawn(
        _ executable: String, arguments: [String], standardOutput: Int32, newProcessGroup: Bool = false,
        environment: [String]? = nil, passing passed: Int32? = nil
    ) throws(LoopError) -> ChildProcess {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in defaultSignals { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if newProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
        // dup2 onto itself would keep close-on-exec: a descriptor already at 3 is moved first.
        let moved =
            passed == Self.passedDescriptor
            ? fcntl(Self.passedDescriptor, F_DUPFD_CLOEXEC, Self.passedDescriptor + 1) : -1
        defer { if moved >= 0 { close(moved) } }
        if let passed {
            if passed == Self.passedDescriptor && moved < 0 { throw LoopError("fcntl(F_DUPFD_CLOEXEC)", code: errno) }
            posix_spawn_file_actions_adddup2(&actions, moved >= 0 ? moved : passed, Self.passedDescriptor)
        }
        posix_spawn_file_actions_addclosefrom_np(
            &actions, passed == nil ? Self.passedDescriptor : Self.passedDescriptor + 1)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let envp = environment.map { $0.map { strdup($0) } + [nil] }
        defer { for pointer in envp ?? [] { free(pointer) } }
        var pid: pid_t = 0
        let result =
            envp.map { posix_spawn(&pid, executable, &actions, &attributes, argv, $0) }
            ?? posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard result == 0 else { throw LoopError("posix_spawn(\(executable))", code: result) }
        return ChildProcess(pid: pid, leadsGroup: newProcessGroup)
    }

    /// The descriptor number a child finds the descriptor `spawn` passed it at.
    public static let passedDescriptor: Int32 = 3

    /// Called in a child, first thing: the kernel sends it `signal` when the thread of the
    /// parent that spawned it ends (with the parent, at the latest), so that a child stuck in
    /// code it does not control never outlives the parent that would have killed it. Ends the
    /// child at once when the parent is gone already (adopted by init).
    public static func endWithParent(signal: Int32 = SIGKILL) {
        _ = tabbard_set_parent_death_signal(signal)
        if getppid() == 1 { _exit(1) }
    }

    /// Sends `signal` to the child, and to its whole process group when it leads one.
    public func kill(_ signal: Int32) {
        _ = Glibc.kill(leadsGroup ? -pid : pid, signal)
    }

    /// How the child ended, collecting it; nil while it runs. Never blocks.
    public func reap() -> Termination? {
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        return Termination(waitStatus: status)
    }

    /// Waits for the child to end and collects it.
    @discardableResult
    public func wait() -> Termination {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return Termination(waitStatus: status)
    }
}
