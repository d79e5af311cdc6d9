import Foundation
import TabbardTestSupport

/// A long-lived `peer.py` on the daemon's bus: a delegate that allows, denies, hangs or leaves,
/// a client holding a customization session, or a listener. Every line it prints is kept;
/// tests wait for lines with a timeout. Ended (SIGKILL) when released.
final class Peer: @unchecked Sendable {
    /// What `peer.py` should be.
    enum Mode: String {
        case allow, deny, hang, exit, fail, word, session, watch, objects
        case barSession = "bar-session"
    }

    private let process = Process()
    private let input = Pipe()
    private let lock = NSLock()
    private var received: [String] = []
    private var partial = Data()

    /// Starts `peer.py ADDRESS MODE`, as `user` when given (the script drops to it itself,
    /// so that the process the test holds is the peer), and waits (10 s at most) for it to
    /// say it is ready.
    init(address: String, mode: Mode, as user: String? = nil) throws {
        process.executableURL = URL(fileURLWithPath: systemPython)
        process.arguments =
            [scriptsDirectory.appendingPathComponent("peer.py").path, address, mode.rawValue]
            + (user.map { [$0] } ?? [])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = input
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil } // End of file.
            self?.append(data)
        }
        try process.run()
        guard waitForLine(timeout: 10, where: { $0 == "ready" }) != nil else {
            throw TestFailure("peer.py \(mode.rawValue) did not get ready; it printed \(lines)")
        }
    }

    deinit {
        stop()
    }

    /// Every line printed so far.
    var lines: [String] {
        lock.withLock { received }
    }

    /// Whether the process still runs.
    var isRunning: Bool { process.isRunning }

    /// The first line (already printed or yet to come) that satisfies `predicate`, or nil
    /// when none came within `timeout` seconds.
    func waitForLine(timeout: TimeInterval, where predicate: (String) -> Bool) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if let line = lines.first(where: predicate) { return line }
            usleep(10_000)
        } while Date() < deadline
        return lines.first(where: predicate)
    }

    /// Whether `count` lines satisfying `predicate` came (already printed or yet to come)
    /// within `timeout` seconds.
    func waitForLines(_ count: Int, timeout: TimeInterval, where predicate: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while lines.count(where: predicate) < count && Date() < deadline { usleep(10_000) }
        return lines.count(where: predicate) >= count
    }

    /// Writes one line to the peer's standard input (`unregister`, for a delegate, or a call
    /// of a session owner's).
    func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Waits (at most `timeout` seconds) for the process to end by itself.
    func waitForExit(timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        return !process.isRunning
    }

    /// Kills the process and waits for it.
    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    private func append(_ data: Data) {
        lock.withLock {
            partial.append(data)
            while let newline = partial.firstIndex(of: UInt8(ascii: "\n")) {
                received.append(String(decoding: partial[partial.startIndex..<newline], as: UTF8.self))
                partial.removeSubrange(partial.startIndex...newline)
            }
        }
    }
}
