import Glibc
import Loop

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
        let child: ChildProcess
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
        let child: ChildProcess
        do {
            child = try spawn(item)
        } catch {
            done(.failedToStart("cannot run /bin/sh: \(String(cString: strerror(error.code)))"))
            return
        }
        let limitMs = Self.limit(forDaemonTimeout: daemonTimeoutMs)
        do {
            let timer = try loop.schedule(after: .milliseconds(limitMs)) { [unowned self] in
                running[child.pid]?.timedOut = true
                // The whole process group: the shell and whatever it started.
                child.kill(SIGKILL)
                reap()
            }
            running[child.pid] = Running(child: child, timer: timer, done: done, limitMs: limitMs)
        } catch {
            child.kill(SIGKILL)
            child.wait()
            done(.failedToStart(error.description))
        }
        // The child may have ended before its entry existed; SIGCHLD stays pending in the
        // signalfd, but reaping now costs nothing.
        reap()
    }

    /// Collects every ended command and delivers its verdict (call on SIGCHLD).
    func reap() {
        for (pid, entry) in running {
            guard let termination = entry.child.reap() else { continue }
            running[pid] = nil
            entry.timer.cancel()
            switch termination {
            case _ where entry.timedOut: entry.done(.killed(entry.limitMs))
            case .exited(let status): entry.done(.exited(status))
            case .signalled(let signal): entry.done(.signalled(signal))
            }
        }
    }

    /// Kills every command still running (the delegate is going away).
    func killAll() {
        for entry in running.values { entry.child.kill(SIGKILL) }
        for entry in running.values { entry.child.wait() }
        running = [:]
    }

    /// `/bin/sh -c 'CMD "$@"' tabctl ITEM` in its own process group, stdout on stderr, so
    /// decisions stay alone on stdout.
    private func spawn(_ item: String) throws(LoopError) -> ChildProcess {
        try ChildProcess.spawn(
            "/bin/sh", arguments: ["-c", command + " \"$@\"", "tabctl", item], standardOutput: 2,
            newProcessGroup: true)
    }
}
