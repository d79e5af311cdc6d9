import Foundation
import Synchronization

@testable import DaemonBase
@testable import TabbardDaemon
@testable import TabbardPluginHost

/// Collects host callbacks as the daemon's sink would receive them, from any thread.
final class EventRecorder: Sendable {
    private let events = Mutex<[PluginTabEvent]>([])

    /// The sink to hand to `PluginHost.createTab`.
    var sink: PluginEventSink { { [self] event in events.withLock { $0.append(event) } } }

    /// Everything received so far.
    var all: [PluginTabEvent] { events.withLock { $0 } }

    /// The changes received for `tab`, in order.
    func changes(for tab: String) -> [PluginTabEvent.Change] {
        all.filter { $0.tabID == tab }.map(\.change)
    }

    /// How many content-changed events `tab` sent.
    func contentChanges(for tab: String) -> Int {
        changes(for: tab).filter { $0 == .contentChanged }.count
    }

    /// Waits until `condition` holds, at most `timeout`; returns whether it held.
    func wait(timeout: Duration = .seconds(5), until condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }
}

/// A `Log` writing into a temporary file, so tests can read what was logged.
final class CapturedLog {
    let log: Log
    private let path: String
    private let descriptor: Int32

    init() {
        path = NSTemporaryDirectory() + "/tabbard-log-\(UUID().uuidString)"
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        log = Log(threshold: .debug, journal: false, fileDescriptor: descriptor)
    }

    // The descriptor is never closed: plugin threads and leaked tab contexts may still log
    // after a test ends, and a closed number would be reused by another test's files.
    deinit { unlink(path) }

    /// Every line written so far.
    var lines: [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }
}

/// A log for tests that do not read it: only errors, to a descriptor that stays open.
let quietLog = Log(threshold: .error, journal: false, fileDescriptor: open("/dev/null", O_WRONLY | O_CLOEXEC))
