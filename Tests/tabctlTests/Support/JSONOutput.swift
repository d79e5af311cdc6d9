import Foundation
import TabbardTestSupport

/// Parses a JSON document printed by `tabctl --json`.
func parseJSON(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8))
}

/// Parses a JSON object printed by `tabctl --json`.
func parseObject(_ text: String) throws -> [String: Any] {
    guard let object = try parseJSON(text) as? [String: Any] else { throw TestFailure("not a JSON object: \(text)") }
    return object
}
