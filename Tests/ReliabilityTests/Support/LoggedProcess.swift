import Foundation
import TabbardTestSupport

/// A program started with its output going to a file, whose lines a test reads as they come.
final class LoggedProcess {
    /// The process id, until it has been reaped.
    private(set) var pid: pid_t
    /// Where its standard output and error go.
    let outputFile: String
    /// Its exit status once it ended by itself (or 128 + the signal that ended it).
    private(set) var exitStatus: Int32?

    /// Starts `arguments` (the program path first).
    init(_ arguments: [String]) throws {
        outputFile = try makeTemporaryDirectory("tabbard-reliability") + "/output"
        pid = try spawnLogging(arguments, to: outputFile)
    }

    deinit { stop() }

    /// Its output so far, line by line.
    var lines: [String] {
        ((try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Waits at most `timeout` seconds for a line equal to `line`.
    func waitFor(_ line: String, timeout: TimeInterval) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !lines.contains(line) {
            guard Date() < deadline else {
                throw TestFailure("no line \"\(line)\" within \(timeout) s:\n\(lines.joined(separator: "\n"))")
            }
            usleep(10_000)
        }
    }

    /// Waits at most `timeout` seconds for the process to end by itself, then kills it
    /// (unless `stopping` is false: it is left running); returns whether it ended by itself.
    @discardableResult
    func waitForExit(timeout: TimeInterval, stopping: Bool = true) -> Bool {
        guard pid != 0 else { return true }
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                pid = 0
                exitStatus = TabbardTestSupport.exitStatus(waitStatus: status)
                return true
            }
            usleep(10_000)
        }
        if stopping { stop() }
        return false
    }

    /// Sends `signal` (SIGKILL unless told) and reaps it.
    func stop(signal: Int32 = SIGKILL) {
        guard pid != 0 else { return }
        kill(pid, signal)
        waitpid(pid, nil, 0)
        pid = 0
    }
}
