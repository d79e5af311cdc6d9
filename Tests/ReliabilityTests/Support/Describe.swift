import Foundation
import TabbardTestSupport

/// The daemon's state, parsed from `Describe` (called through busctl).
func describe(_ address: String) throws -> [String: Any] {
    let result = try runCommand(
        [
            "/usr/bin/busctl", "--address=\(address)", "--json=short", "--timeout=10", "call",
            "org.tabbard.TabBar1", "/org/tabbard/TabBar1", "org.tabbard.TabBar1", "Describe",
        ],
        timeout: 20)
    guard result.status == 0,
        let reply = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any],
        let text = (reply["data"] as? [Any])?.first as? String,
        let state = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    else {
        throw TestFailure("Describe failed (\(result.status)): \(result.output)\(result.errors)")
    }
    return state
}

/// The properties of catalog tab `id` in a `Describe` document, or nil when it is not there.
func catalogTab(_ id: String, in state: [String: Any]) -> [String: Any]? {
    (state["catalog"] as? [[String: Any]])?.first { $0["Id"] as? String == id }
}
