import Glibc

/// One probe of a plugin in a child process: `tabbard --probe-plugin MANIFEST` spawned from
/// this very executable (`posix_spawn`, never `fork`: the daemon has threads and a bus
/// connection a forked copy must not touch). A plugin that crashes while it initialises
/// takes down the child; a plugin that hangs is killed when the time is up.
enum PluginTrial {
    /// What became of the child.
    enum Outcome: Equatable {
        /// The probe passed.
        case passed
        /// The probe failed, crashed or timed out: the reason for the log line.
        case failed(String)
    }

    /// Runs `executable --probe-plugin path` plus `arguments`, giving it `timeout`.
    static func run(executable: String, path: String, arguments: [String], timeout: Duration) -> Outcome {
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { return .failed("cannot make a pipe: \(String(cString: strerror(errno)))") }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        // Neither end may leak into the child beyond its standard output (glibc's pipe2 is
        // not visible to Swift; the moment before fcntl matters only to a concurrent fork,
        // which the daemon never does).
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        defer { close(readEnd) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        // The daemon blocks its signals for its signal watch; the child must be killable
        // and must die of a crash as any process does, so it starts with a clean mask.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable, "--probe-plugin", path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, executable, &actions, &attributes, argv, environ)
        close(writeEnd)
        guard spawned == 0 else { return .failed("cannot run the probe: \(String(cString: strerror(spawned)))") }

        // The child's output ends when it exits; waiting on the pipe gives the timeout.
        var output: [UInt8] = []
        let deadline = now() + timeout.nanoseconds
        var timedOut = false
        while true {
            let remaining = deadline - now()
            if remaining <= 0 { timedOut = true; break }
            var entry = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Int32(min(remaining / 1_000_000 + 1, Int64(Int32.max))))
            if ready < 0 && errno != EINTR { break }
            guard ready > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            if output.count < 65_536 { output += buffer[0..<count] }
        }
        if timedOut { kill(child, SIGKILL) }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        if timedOut { return .failed("did not finish within \(timeout.nanoseconds / 1_000_000) ms (killed)") }

        let text = String(decoding: output, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
        let signal = status & 0x7f
        if signal != 0 { return .failed("crashed (signal \(signal), \(String(cString: strsignal(signal))))") }
        let code = (status >> 8) & 0xff
        if code == 0 && text.hasPrefix("ok:") { return .passed }
        if text.hasPrefix("refused: ") { return .failed(String(text.dropFirst("refused: ".count))) }
        return .failed("exited with status \(code)" + (text.isEmpty ? "" : ": \(text)"))
    }

    private static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}

extension Duration {
    /// The duration in whole nanoseconds.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
