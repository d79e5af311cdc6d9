import Foundation

/// Runs the built `tabctl --address BUS ARGUMENTS…` to its end (20 s at most).
public func tabctl(_ bus: PrivateBus, _ arguments: String..., environment: [String: String] = [:]) throws
    -> CommandResult
{
    var command = [try PackagePaths.executable("tabctl"), "--address", bus.address] + arguments
    if !environment.isEmpty {
        command = ["/usr/bin/env"] + environment.map { "\($0.key)=\($0.value)" } + command
    }
    return try runCommand(command, timeout: 20)
}

/// A `tabctl` that keeps running (`follow`, `delegate`, `show --follow`), its standard output
/// read line by line through a pipe as it arrives. Killed when released.
public final class RunningTabctl {
    /// The process id.
    public let pid: pid_t
    private var readEnd: Int32
    private var pending: [UInt8] = []
    private let errorFile: String
    private var exitStatus: Int32?

    /// Starts `tabctl --address BUS ARGUMENTS…`.
    public init(_ bus: PrivateBus, _ arguments: String...) throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw TestFailure("pipe failed") }
        // Close-on-exec, so that processes other tests start meanwhile do not hold the pipe open.
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        errorFile = try makeTemporaryDirectory("tabctl-stderr") + "/stderr"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let all = [try PackagePaths.executable("tabctl"), "--address", bus.address] + arguments
        let argv = all.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, all[0], &actions, nil, argv, environ)
        close(fds[1])
        guard status == 0 else {
            close(fds[0])
            throw TestFailure("cannot start tabctl: \(status)")
        }
        self.pid = pid
        readEnd = fds[0]
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            waitpid(pid, nil, 0)
        }
        if readEnd >= 0 { close(readEnd) }
    }

    /// What it wrote on standard error so far.
    public var errors: String { (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? "" }

    /// The next complete line, waiting at most `timeout` seconds for it.
    public func nextLine(timeout: TimeInterval = 10) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw TestFailure("no line from tabctl within \(timeout) s; stderr: \(errors)") }
            var poller = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(left * 1000) + 1) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(readEnd, &chunk, chunk.count)
            guard count > 0 else { throw TestFailure("tabctl closed its output; stderr: \(errors)") }
            pending += chunk[..<count]
        }
    }

    /// Skips lines until one satisfies `matches`; returns it.
    public func line(where matches: (String) -> Bool, timeout: TimeInterval = 10) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let line = try nextLine(timeout: max(deadline.timeIntervalSinceNow, 0.001))
            if matches(line) { return line }
        }
    }

    /// Skips lines until one starts with `prefix`.
    public func line(startingWith prefix: String, timeout: TimeInterval = 10) throws -> String {
        try line(where: { $0.hasPrefix(prefix) }, timeout: timeout)
    }

    /// Closes the reading end of its output pipe, as `| head` does when it has enough.
    public func closeOutput() {
        close(readEnd)
        readEnd = -1
    }

    /// Sends `signal`.
    public func send(_ signal: Int32) { kill(pid, signal) }

    /// Waits at most `timeout` seconds for it to exit; its exit status, or 128 + the signal
    /// that killed it.
    public func waitForExit(timeout: TimeInterval = 10) throws -> Int32 {
        if let exitStatus { return exitStatus }
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) != pid {
            guard Date() < deadline else {
                throw TestFailure("tabctl did not exit within \(timeout) s; stderr: \(errors)")
            }
            usleep(5_000)
        }
        let signal = status & 0x7F
        let result = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        exitStatus = result
        return result
    }
}
