import Foundation
import TabbardTestSupport
import Testing

/// Fails unless `result` is a successful reply.
func requireAcknowledged(_ result: CommandResult, _ what: String) throws {
    guard result.status == 0 else { throw TestFailure("\(what) was not acknowledged: \(result.errors)") }
}

/// A property of catalog tab `id` in a parsed `Describe`.
func tabProperty(_ state: [String: Any], _ id: String, _ name: String) -> String? {
    (state["catalog"] as? [[String: Any]])?.first { $0["Id"] as? String == id }?[name] as? String
}

/// A configuration file with a flush interval of a minute, so that batched changes reach the
/// disk only through a stop path, never through the batch's own timer.
func slowFlushConfiguration() throws -> String {
    let file = try makeTemporaryDirectory("tabbard-config") + "/tabbard.toml"
    try "flush_interval_ms = 60000\n".write(toFile: file, atomically: true, encoding: .utf8)
    return file
}

/// Counts acknowledged changes found missing after a restart, each also a failed expectation,
/// so that a run's "lost" figure is counted rather than assumed.
struct Losses {
    /// How many were missing.
    private(set) var count = 0

    /// Expects an acknowledged change to be `kept`; counts it as lost when not.
    mutating func expectKept(
        _ kept: Bool, _ comment: @autoclosure () -> String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        if !kept { count += 1 }
        #expect(kept, Comment(rawValue: comment()), sourceLocation: sourceLocation)
    }
}
