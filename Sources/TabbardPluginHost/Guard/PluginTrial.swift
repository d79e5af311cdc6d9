import Glibc
import Loop

/// One probe of a plugin in a child process: `tabbard --probe-plugin MANIFEST` spawned from
/// this very executable (`posix_spawn`, never `fork`: the daemon has threads and a bus
/// connection a forked copy must not touch). A plugin that crashes while it initialises
/// takes down the child; a plugin that hangs is killed when the time is up. `run` waits for
/// the child; the daemon calls it on a thread of its own (`start`), never on the loop thread.
/// The child runs the entry point where the daemon will load it: in the daemon's environment,
/// unchanged (an entry point that behaves otherwise where `STATE_DIRECTORY` is set must do so
/// in its probe), on the very module file the daemon opened and checked, handed over as its
/// descriptor 3, and with no other descriptor of the daemon's but its standard output.
enum PluginTrial {
    /// What became of the child.
    enum Outcome: Equatable {
        /// The probe passed.
        case passed
        /// The probe failed, crashed or timed out: the reason for the log line.
        case failed(String)
    }

    /// Runs `executable --probe-plugin path` plus `arguments`, giving it `timeout`; with
    /// `module`, an open module file, the child gets it as descriptor 3 (`--module-fd 3`) and
    /// probes that file, not whatever lies at the manifest's module path by then.
    static func run(executable: String, path: String, arguments: [String], timeout: Duration, module: Int32? = nil)
        -> Outcome
    {
        // A socket pair rather than a pipe: it is made close-on-exec in the same call (glibc's
        // pipe2 is not visible to Swift), so that a probe spawned at the same moment on another
        // thread never inherits this one's end and keeps it from seeing the end of the output.
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            return .failed("cannot make a socket pair: \(String(cString: strerror(errno)))")
        }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        defer { close(readEnd) }

        let child: ChildProcess
        do {
            let handOver = module == nil ? [] : ["--module-fd", String(ChildProcess.passedDescriptor)]
            // No environment given: the child inherits the daemon's, as the plugin would find it.
            child = try ChildProcess.spawn(
                executable, arguments: ["--probe-plugin", path] + arguments + handOver,
                standardOutput: writeEnd, passing: module)
            close(writeEnd)
        } catch {
            close(writeEnd)
            return .failed("cannot run the probe: \(String(cString: strerror(error.code)))")
        }

        // The child's output ends when it exits; waiting on the socket gives the timeout.
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
