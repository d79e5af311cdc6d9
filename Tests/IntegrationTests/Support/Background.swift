import Foundation
import TabbardTestSupport

/// An external command running on another thread, so that a test can act while it waits
/// (a `Tap` held by its delegate, say).
final class BackgroundCommand: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)
    private var outcome: Result<CommandResult, any Error>?
    /// When it was started.
    let started = Date()
    /// When it ended, once it has.
    private(set) var ended: Date?

    /// Starts `arguments` (the program path first).
    init(_ arguments: [String]) {
        DispatchQueue.global().async { [self] in
            outcome = Result { try runCommand(arguments, timeout: 60) }
            ended = Date()
            finished.signal()
        }
    }

    /// Waits at most `timeout` seconds for the command and returns its result.
    func wait(timeout: TimeInterval = 40) throws -> CommandResult {
        guard finished.wait(timeout: .now() + timeout) == .success, let outcome else {
            throw TestFailure("the command did not finish within \(timeout) s")
        }
        finished.signal() // A later wait returns at once.
        return try outcome.get()
    }

    /// How long it took, once it has ended.
    var duration: TimeInterval? { ended.map { $0.timeIntervalSince(started) } }
}

/// `busctl call` of a controller method, in the background.
func backgroundCall(_ address: String, _ member: String, _ arguments: String...) -> BackgroundCommand {
    BackgroundCommand(
        [
            "/usr/bin/busctl", "--address=\(address)", "--timeout=30", "call", Names.service,
            Names.controller, Names.service, member,
        ] + arguments)
}
