import Foundation
import TabbardTestSupport

/// One argument of a call, written for gdbus (GVariant text) and for dbus-python (JSON).
enum Argument: Sendable {
    case string(String)
    case int32(Int32)
    case uint32(UInt32)
    case bool(Bool)
    case path(String)
    case strings([String])
    /// A variant, as `Properties.Set` takes.
    indirect case variant(Argument)
    /// An `a{sv}` of settings, as `OpenView` takes, in key order.
    indirect case settings([(String, Argument)])

    /// The D-Bus signature.
    var signature: String {
        switch self {
        case .string: "s"
        case .int32: "i"
        case .uint32: "u"
        case .bool: "b"
        case .path: "o"
        case .strings: "as"
        case .variant: "v"
        case .settings: "a{sv}"
        }
    }

    /// GVariant text, as `gdbus call` parses it.
    var gvariant: String {
        switch self {
        case .string(let value): quoted(value)
        case .int32(let value): "int32 \(value)"
        case .uint32(let value): "uint32 \(value)"
        case .bool(let value): value ? "true" : "false"
        case .path(let value): "objectpath \(quoted(value))"
        case .strings(let values): "@as [" + values.map(quoted).joined(separator: ", ") + "]"
        case .variant(let inner): "<\(inner.gvariant)>"
        case .settings(let entries):
            "@a{sv} {" + entries.map { "\(quoted($0.0)): <\($0.1.gvariant)>" }.joined(separator: ", ") + "}"
        }
    }

    /// The value as `tabbar_client.py` reads it.
    var json: Any {
        switch self {
        case .string(let value), .path(let value): value
        case .int32(let value): value
        case .uint32(let value): value
        case .bool(let value): value
        case .strings(let values): values
        case .variant(let inner): ["variant": [inner.signature, inner.json]]
        case .settings(let entries): ["settings": entries.map { [$0.0, $0.1.signature, $0.1.json] }]
        }
    }

    private func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}

/// A method call on the service and the outcome the contract promises: success, or the named
/// error (a bare name is a tabbard error, a dotted one a standard D-Bus error).
struct BusCall: CustomStringConvertible, Sendable {
    var path = Names.controller
    var interface = Names.service
    let member: String
    var arguments: [Argument]
    /// The error name expected, nil for success.
    let error: String?
    /// Which of the Python client's two connections makes it.
    var connection = 0

    /// A call of the controller interface.
    init(_ member: String, _ arguments: Argument..., fails error: String? = nil) {
        self.member = member
        self.arguments = arguments
        self.error = error.map { $0.contains(".") ? $0 : Names.errorPrefix + $0 }
    }

    /// A call on another object or interface.
    init(path: String, interface: String, _ member: String, _ arguments: Argument..., fails error: String? = nil) {
        self.init(member, fails: error)
        self.path = path
        self.interface = interface
        self.arguments = arguments
    }

    /// `Properties.Set` of a controller property.
    static func set(_ property: String, _ value: Argument, fails error: String? = nil) -> BusCall {
        BusCall(
            path: Names.controller, interface: Names.properties, "Set",
            .string(Names.service), .string(property), .variant(value), fails: error)
    }

    /// A call of `org.tabbard.TabBar1.Bar` on the standalone bar `name`.
    static func bar(_ name: String, _ member: String, _ arguments: Argument..., fails error: String? = nil) -> BusCall {
        var call = BusCall(path: Names.bar(name), interface: Names.barInterface, member, fails: error)
        call.arguments = arguments
        return call
    }

    /// A call of `org.tabbard.TabBar1.Item` on item `id` of bar `name`.
    static func item(
        _ id: String, of name: String, _ member: String, _ arguments: Argument..., fails error: String? = nil
    ) -> BusCall {
        var call = BusCall(path: Names.item(id, bar: name), interface: Names.itemInterface, member, fails: error)
        call.arguments = arguments
        return call
    }

    /// `Properties.Set` of `property` of `interface` on the object at `path`.
    static func set(
        _ property: String, _ value: Argument, on path: String, interface: String, fails error: String? = nil
    ) -> BusCall {
        BusCall(
            path: path, interface: Names.properties, "Set", .string(interface), .string(property), .variant(value),
            fails: error)
    }

    /// The same call made on the Python client's other connection.
    func onSecondConnection() -> BusCall {
        var copy = self
        copy.connection = 1
        return copy
    }

    var description: String {
        "\(interface).\(member)(\(arguments.map(\.gvariant).joined(separator: ", "))) on \(path)"
    }

    /// The call as `tabbar_client.py` reads it.
    var json: [String: Any] {
        [
            "conn": connection, "path": path, "interface": interface, "member": member,
            "signature": arguments.map(\.signature).joined(), "args": arguments.map(\.json),
        ]
    }

    /// Makes the call with `gdbus`, as `user` when given; returns nil on success, else the
    /// error name it reported.
    func throughGDBus(address: String, as user: String? = nil) throws -> (error: String?, output: String) {
        let result = try runCommand(
            TestUsers.asUser(
                user,
                [
                    "/usr/bin/gdbus", "call", "--address", address, "--dest", Names.service,
                    "--object-path", path, "--method", "\(interface).\(member)",
                ] + arguments.map(\.gvariant)))
        guard result.status != 0 else { return (nil, result.output) }
        // "Error: GDBus.Error:org.tabbard.TabBar1.Error.NoSuchTab: No such tab: 'nope'."
        guard let range = result.errors.range(of: "GDBus.Error:") else { return ("unparsed: \(result.errors)", "") }
        let rest = result.errors[range.upperBound...]
        return (String(rest.prefix { $0 != ":" }), result.errors)
    }
}

/// Makes `calls` in order with dbus-python, as `user` when given; returns each outcome: the error name, or nil and
/// the reply's values (a failure's message).
func callThroughPython(address: String, as user: String? = nil, _ calls: [BusCall]) throws -> [(
    error: String?, values: [Any]
)] {
    let output = try runScript(
        "tabbar_client.py", [address, "calls"], as: user, input: try jsonText(calls.map(\.json)))
    guard let outcomes = try parseJSON(output) as? [[String: Any]], outcomes.count == calls.count else {
        throw TestFailure("tabbar_client.py calls printed \(output)")
    }
    // A failure's values are its message.
    return outcomes.map { ($0["error"] as? String, $0["ok"] as? [Any] ?? [$0["message"] ?? ""]) }
}
