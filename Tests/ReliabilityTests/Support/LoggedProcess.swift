import Foundation
import TabbardTestSupport

/// A program started with its output going to a file, whose lines a test reads as they come.
final class LoggedProcess {
    /// The process id, until it has been reaped.
    private(set) var pid: pid_t
    /// Where its standard output and error go.
    let outputFile: String

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
            guard Date() < deadline else { throw TestFailure("no line \"\(line)\" within \(timeout) s:\n\(lines.joined(separator: "\n"))") }
            usleep(10_000)
        }
    }

    /// Waits at most `timeout` seconds for the process to end by itself, then kills it;
    /// returns whether it ended by itself.
    @discardableResult
    func waitForExit(timeout: TimeInterval) -> Bool {
        guard pid != 0 else { return true }
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if waitpid(pid, nil, WNOHANG) == pid {
                pid = 0
                return true
            }
            usleep(10_000)
        }
        stop()
        return false
    }

    /// Kills it (SIGKILL) and reaps it.
    func stop() {
        guard pid != 0 else { return }
        kill(pid, SIGKILL)
        waitpid(pid, nil, 0)
        pid = 0
    }
}
