import Foundation
import TabbardTestSupport

/// `busctl call` of a member of the controller, `org.tabbard.TabBar1`, on the bus at `address`;
/// the result whether the call succeeded or not (an error's name is in `errors`).
func callController(
    _ address: String, _ member: String, _ signature: String = "", _ arguments: String...,
    timeout: TimeInterval = 20
) throws -> CommandResult {
    try runCommand(
        [
            "/usr/bin/busctl", "--address=\(address)", "--timeout=\(Int(timeout))", "call",
            "org.tabbard.TabBar1", "/org/tabbard/TabBar1", "org.tabbard.TabBar1", member,
        ]
            + (signature.isEmpty ? [] : [signature]) + arguments,
        timeout: timeout + 10)
}
