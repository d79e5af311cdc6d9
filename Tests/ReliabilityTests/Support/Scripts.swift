import Foundation
import TabbardTestSupport

/// The dbus-python interpreter the scripts run under.
let systemPython = "/usr/bin/python3"

/// The directory of this target's Python scripts.
let scriptsDirectory = PackagePaths.scripts(of: "ReliabilityTests")

/// What a script reported: the JSON object of its `SUMMARY` line, and everything it printed.
struct ScriptSummary {
    /// The parsed summary.
    let values: [String: Any]
    /// The script's whole output, for failure messages.
    let output: String

    /// An integer field, 0 when absent.
    func count(_ key: String) -> Int { (values[key] as? NSNumber)?.intValue ?? 0 }

    /// A field holding an object of counts, keyed by name.
    func counts(_ key: String) -> [String: Int] {
        ((values[key] as? [String: Any]) ?? [:]).compactMapValues { ($0 as? NSNumber)?.intValue }
    }

    /// A field holding a list of strings.
    func strings(_ key: String) -> [String] { (values[key] as? [String]) ?? [] }

    /// A string field, empty when absent.
    func string(_ key: String) -> String { (values[key] as? String) ?? "" }

    /// A number field, as a double, 0 when absent.
    func number(_ key: String) -> Double { (values[key] as? NSNumber)?.doubleValue ?? 0 }
}

/// Runs one of this target's scripts with the system Python, as `user` when given, and parses
/// its `SUMMARY {json}` line, failing when it exits non-zero or prints none. Its output goes to
/// the test log too.
func runScript(_ name: String, _ arguments: [String], as user: String? = nil, timeout: TimeInterval) throws
    -> ScriptSummary
{
    let path = scriptsDirectory.appendingPathComponent(name).path
    let result = try runCommand(TestUsers.asUser(user, [systemPython, path] + arguments), timeout: timeout)
    guard result.status == 0 else {
        throw TestFailure(
            "\(name) \(arguments.joined(separator: " ")) failed (\(result.status)):\n\(result.output)\n\(result.errors)"
        )
    }
    guard let line = result.output.split(separator: "\n").last(where: { $0.hasPrefix("SUMMARY ") }) else {
        throw TestFailure("\(name) printed no summary:\n\(result.output)\n\(result.errors)")
    }
    print("\(name): \(line)")
    let object = try JSONSerialization.jsonObject(with: Data(line.dropFirst("SUMMARY ".count).utf8))
    guard let values = object as? [String: Any] else { throw TestFailure("not a JSON object: \(line)") }
    return ScriptSummary(values: values, output: result.output + result.errors)
}
