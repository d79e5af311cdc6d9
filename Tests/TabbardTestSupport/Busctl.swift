import Foundation

/// Runs `busctl --address=ADDRESS ARGUMENTS…` and returns the outcome whether it succeeded or
/// not. With `timeout`, busctl's own call timeout in seconds, and the command's ten more.
@discardableResult
public func busctl(_ address: String, _ arguments: [String], timeout: Int? = nil) throws -> CommandResult {
    guard let timeout else { return try runCommand(["/usr/bin/busctl", "--address=\(address)"] + arguments) }
    return try runCommand(
        ["/usr/bin/busctl", "--address=\(address)", "--timeout=\(timeout)"] + arguments,
        timeout: TimeInterval(timeout + 10))
}

/// Calls a controller method with `busctl call` (arguments in busctl's syntax); returns the
/// outcome whether the call succeeded or not.
@discardableResult
public func busctl(_ address: String, _ member: String, _ arguments: String..., timeout: Int = 10) throws
    -> CommandResult
{
    try busctl(address, ["call", Names.service, Names.controller, Names.service, member] + arguments, timeout: timeout)
}

/// Reads a property with `busctl --json`; returns its value as JSON-decoded data.
public func property(
    _ address: String, _ name: String, path: String = Names.controller,
    interface: String = Names.service
) throws -> Any {
    let result = try busctl(address, ["--json=short", "get-property", Names.service, path, interface, name])
    guard result.status == 0, let reply = try parseJSON(result.output) as? [String: Any], let data = reply["data"]
    else {
        throw TestFailure("busctl get-property \(name) failed: \(result.errors)")
    }
    return data
}

/// A string property.
public func stringProperty(
    _ address: String, _ name: String, path: String = Names.controller,
    interface: String = Names.service
) throws -> String {
    try property(address, name, path: path, interface: interface) as? String ?? "<not a string>"
}

/// A string-array property.
public func stringsProperty(
    _ address: String, _ name: String, path: String = Names.controller,
    interface: String = Names.service
) throws -> [String] {
    try property(address, name, path: path, interface: interface) as? [String] ?? ["<not strings>"]
}

/// Calls a controller method with `busctl call` (arguments in busctl's syntax) and fails
/// unless it succeeds; returns what busctl printed.
@discardableResult
public func busctlCall(_ address: String, _ member: String, _ arguments: String...) throws -> String {
    try busctlCall(address, member, arguments: arguments)
}

/// `busctlCall` with the arguments in an array.
@discardableResult
public func busctlCall(_ address: String, _ member: String, arguments: [String]) throws -> String {
    let result = try busctl(address, ["call", Names.service, Names.controller, Names.service, member] + arguments)
    guard result.status == 0 else { throw TestFailure("busctl call \(member) \(arguments) failed: \(result.errors)") }
    return result.output
}

/// Calls `member` of `interface` on the object at `path` with `busctl call` and fails unless
/// it succeeds; returns what busctl printed.
@discardableResult
public func busctlCall(_ address: String, path: String, interface: String, _ member: String, _ arguments: String...)
    throws -> String
{
    let result = try busctl(address, ["call", Names.service, path, interface, member] + arguments)
    guard result.status == 0 else {
        throw TestFailure("busctl call \(member) on \(path) \(arguments) failed: \(result.errors)")
    }
    return result.output
}

/// Sets a controller property with `busctl set-property` (value in busctl's syntax).
public func busctlSet(_ address: String, _ name: String, _ signature: String, _ value: String...) throws {
    let result = try busctl(
        address, ["set-property", Names.service, Names.controller, Names.service, name, signature] + value)
    guard result.status == 0 else { throw TestFailure("busctl set-property \(name) failed: \(result.errors)") }
}

/// A controller method's single string reply, through `busctl --json`.
public func busctlJSON(_ address: String, _ member: String) throws -> String {
    let result = try busctl(address, ["--json=short", "call", Names.service, Names.controller, Names.service, member])
    guard let reply = try parseJSON(result.output) as? [String: Any], let data = reply["data"] as? [Any],
        let text = data.first as? String
    else { throw TestFailure("busctl \(member): \(result.errors)") }
    return text
}
