import Foundation
import TabbardTestSupport

/// The directory of this target's Python scripts.
let scriptsDirectory = PackagePaths.scripts(of: "IntegrationTests")

/// Runs one of this target's scripts with the system Python, as `user` when given, and
/// returns what it printed, failing when it exits non-zero.
func runScript(
    _ name: String, _ arguments: [String], as user: String? = nil, input: String? = nil,
    timeout: TimeInterval = 60
) throws -> String {
    let path = scriptsDirectory.appendingPathComponent(name).path
    let result = try runCommand(
        TestUsers.asUser(user, [systemPython, path] + arguments), input: input, timeout: timeout)
    guard result.status == 0 else {
        throw TestFailure("\(name) \(arguments.joined(separator: " ")) failed (\(result.status)):\n\(result.errors)")
    }
    return result.output
}

/// Serialises `value` (arrays, dictionaries, strings, numbers) to JSON text.
func jsonText(_ value: Any) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
}
