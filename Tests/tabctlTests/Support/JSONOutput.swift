import Foundation
import TabbardTestSupport

/// Parses a JSON object printed by `tabctl --json`.
func parseObject(_ text: String) throws -> [String: Any] {
    guard let object = try parseJSON(text) as? [String: Any] else { throw TestFailure("not a JSON object: \(text)") }
    return object
}
