import DBus
import Glibc

/// `delegate --exec CMD`: runs `CMD ITEM` through `/bin/sh` for each question and allows the
/// item when it exits 0. The loop never waits for it: the answer goes out when SIGCHLD says the
/// command ended, or when its time is up, which comes before the daemon's own timeout so the
/// daemon hears the answer rather than falling back on its policy.
final class ExecJudge {
    /// How a judgement ended.
    enum Verdict {
        /// The command exited with this status.
        case exited(Int32)
        /// The command was still running after this many milliseconds and was killed.
        case killed(Int)
        /// The command died of this signal, sent by someone else.
        case signalled(Int32)
        /// The command could not be started.
        case failedToStart(String)
    }

    private struct Running {
        let timer: LoopTimer
        let done: (Verdict) -> Void
        let limitMs: Int
        var timedOut = false
    }

    private let command: String
    private let loop: EventLoop
    private var running: [pid_t: Running] = [:]

    /// A judge running `command` on `loop`.
    init(command: String, loop: EventLoop) {
        self.command = command
        self.loop = loop
    }

    /// How long a command may run when the daemon waits `timeoutMs`: a quarter less (at most
    /// 500 ms less), so that killing it, answering, and the answer's trip over a busy bus all
    /// fit inside the daemon's wait.
    static func limit(forDaemonTimeout timeoutMs: Int) -> Int {
        max(timeoutMs - min(max(timeoutMs / 4, 5), 500), 1)
    }

    /// Starts the command for `item`; `done` runs on the loop thread once it has a verdict.
    func judge(_ item: String, daemonTimeoutMs: Int, done: @escaping (Verdict) -> Void) {
        let pid: pid_t
        do {
            pid = try spawn(item)
        } catch {
            done(.failedToStart(error.message))
            return
        }
        let limitMs = Self.limit(forDaemonTimeout: daemonTimeoutMs)
        do {
            let timer = try loop.schedule(after: .milliseconds(limitMs)) { [unowned self] in
                running[pid]?.timedOut = true
                // The whole process group: the shell and whatever it started.
                kill(-pid, SIGKILL)
                reap()
            }
            running[pid] = Running(timer: timer, done: done, limitMs: limitMs)
        } catch {
            kill(-pid, SIGKILL)
            waitpid(pid, nil, 0)
            done(.failedToStart(error.message))
        }
        // The child may have ended before its entry existed; SIGCHLD stays pending in the
        // signalfd, but reaping now costs nothing.
        reap()
    }

    /// Collects every ended command and delivers its verdict (call on SIGCHLD).
    func reap() {
        for (pid, entry) in running {
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { continue }
            running[pid] = nil
            entry.timer.cancel()
            let signal = status & 0x7F
            entry.done(entry.timedOut ? .killed(entry.limitMs) : signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal))
        }
    }

    /// Kills every command still running (the delegate is going away).
    func killAll() {
        for pid in running.keys { kill(-pid, SIGKILL) }
        for pid in running.keys { waitpid(pid, nil, 0) }
        running = [:]
    }

    /// `/bin/sh -c 'CMD "$@"' tabctl ITEM` in its own process group, with default signal
    /// handling and no blocked signals (the parent blocks some for its signalfd), stdin from
    /// /dev/null and stdout on stderr, so decisions stay alone on stdout.
    private func spawn(_ item: String) throws(DBusError) -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, 2, 1)
        let arguments = ["/bin/sh", "-c", command + " \"$@\"", "tabctl", item]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ)
        guard result == 0 else { throw .failed("cannot run /bin/sh: \(String(cString: strerror(result)))") }
        return pid
    }
}
