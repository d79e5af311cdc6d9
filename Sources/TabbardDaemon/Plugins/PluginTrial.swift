import Glibc
import Loop

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

        let child: ChildProcess
        do {
            child = try ChildProcess.spawn(executable, arguments: ["--probe-plugin", path] + arguments, standardOutput: writeEnd)
            close(writeEnd)
        } catch {
            close(writeEnd)
            return .failed("cannot run the probe: \(String(cString: strerror(error.code)))")
        }

        // The child's output ends when it exits; waiting on the pipe gives the timeout.
        var output: [UInt8] = []
        let deadline = MonotonicInstant.now() + timeout
        var timedOut = false
        while true {
            let remaining = (deadline - MonotonicInstant.now()).nanoseconds
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
        if timedOut { child.kill(SIGKILL) }
        let termination = child.wait()
        if timedOut { return .failed("did not finish within \(timeout.milliseconds) ms (killed)") }

        let text = String(decoding: output, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
        switch termination {
        case .signalled(let signal):
            return .failed("crashed (signal \(signal), \(String(cString: strsignal(signal))))")
        case .exited(let code):
            if code == 0 && text.hasPrefix("ok:") { return .passed }
            if text.hasPrefix("refused: ") { return .failed(String(text.dropFirst("refused: ".count))) }
            return .failed("exited with status \(code)" + (text.isEmpty ? "" : ": \(text)"))
        }
    }
}
