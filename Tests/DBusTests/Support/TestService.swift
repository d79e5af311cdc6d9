import DBus
import Glibc
import Loop
import TabbardTestSupport

/// A service exported with the library for the tests: echo methods for every type, properties
/// of every change mode, deferred replies, and an ObjectManager with children that come and go.
/// Lives on its loop thread.
final class TestService {
    static let name = "org.example.Test1"
    static let path: ObjectPath = "/org/example/Test1"
    static let interface = "org.example.Test1"
    static let childInterface = "org.example.Child1"

    let connection: Connection
    var title = "initial"
    var count: UInt32 = 0
    var secret = "hidden"
    var labels: [String] = []
    var limit: Int32 = 10
    private var timers: [LoopTimer] = []
    private var kept: [DeferredReply] = []

    init(address: String, loop: EventLoop) throws {
        connection = try Connection(.address(address))
        connection.attach(to: loop)
        try connection.export(Self.path, interfaces: [makeInterface(loop: loop)], objectManager: true)
        guard try connection.requestName(Self.name, flags: .failIfTaken) == .primaryOwner else {
            throw TestFailure("could not own \(Self.name)")
        }
    }

    private func echo<T: DBusCodable>(_ name: String, _ type: T.Type) -> Interface.Method {
        .init(
            name, inputs: [Argument("value", T.dbusSignature)], outputs: [Argument("value", T.dbusSignature)],
            doc: "Returns its \(T.dbusSignature) argument."
        ) { call in
            let value: T = try call.decode(T.self)
            return try call.reply(value)
        }
    }

    /// Echo through the dynamic value type, for the container shapes without a Swift type.
    private func echoValue(_ name: String, _ signature: String) -> Interface.Method {
        .init(name, inputs: [Argument("value", signature)], outputs: [Argument("value", signature)]) { call in
            var reader = call.arguments()
            let value = try reader.readValue()
            let replied = try call.reply { (writer: inout MessageWriter) throws(DBusError) in
                try writer.append(value: value)
            }
            // A received descriptor is ours to close; the reply carries libdbus's duplicate.
            if case .unixFD(let fd) = value { close(fd) }
            return replied
        }
    }

    /// Exports the child the call names, with a `Label`, announced with `InterfacesAdded` or not.
    private func addChild(_ call: MethodCall, announced: Bool) throws -> Replied {
        let name = try call.decode(String.self)
        let child = try ObjectPath(Self.path.rawValue + "/child/" + name)
        try connection.export(
            child,
            interfaces: [
                Interface(
                    Self.childInterface,
                    properties: [
                        .read("Label", String.self) { "label of \(name)" }
                    ])
            ], announced: announced)
        return try call.reply(child)
    }

    private func makeInterface(loop: EventLoop) -> Interface {
        let path = Self.path
        let interface = Self.interface
        return Interface(
            Self.interface, doc: "A service to test the D-Bus layer.",
            methods: [
                echo("EchoByte", UInt8.self), echo("EchoBool", Bool.self), echo("EchoInt16", Int16.self),
                echo("EchoUInt16", UInt16.self), echo("EchoInt32", Int32.self), echo("EchoUInt32", UInt32.self),
                echo("EchoInt64", Int64.self), echo("EchoUInt64", UInt64.self), echo("EchoDouble", Double.self),
                echo("EchoString", String.self), echo("EchoPath", ObjectPath.self),
                echo("EchoSignature", Signature.self),
                echo("EchoStrings", [String].self), echo("EchoInts", [Int32].self), echo("EchoBytes", [UInt8].self),
                echo("EchoVariant", Variant.self), echo("EchoVardict", [String: Variant].self),
                echo("EchoMap", [String: [String]].self),
                echoValue("EchoStruct", "(sib)"), echoValue("EchoStructs", "a(ii)"),
                echoValue("EchoNested", "a{sa{sv}}"),
                echoValue("EchoFd", "h"),
                .init(
                    "Concat", inputs: [Argument("first", "s"), Argument("second", "s")],
                    outputs: [Argument("joined", "s")],
                    doc: "Joins two strings."
                ) { call in
                    let (first, second) = try call.decode(String.self, String.self)
                    return try call.reply(first + second)
                },
                .init(
                    "Repeat", inputs: [Argument("count", "u")], outputs: [Argument("text", "s")],
                    doc: "Returns count bytes of x: a reply as large as asked."
                ) { call in
                    let count = try call.decode(UInt32.self)
                    return try call.reply(String(repeating: "x", count: Int(count)))
                },
                .init(
                    "Touch", outputs: [Argument("count", "u")], doc: "Changes Title and Count twice each, then replies."
                ) { [unowned self] call in
                    for _ in 0..<2 {
                        count += 1
                        title = "touched \(count)"
                        secret = "secret \(count)"
                        try connection.propertiesChanged(path, interface: interface, ["Count", "Title"])
                        try connection.propertiesChanged(path, interface: interface, ["Secret", "Version"])
                    }
                    return try call.reply(count)
                },
                .init(
                    "Later", inputs: [Argument("milliseconds", "u")], outputs: [Argument("answer", "s")],
                    doc: "Replies after a delay."
                ) { [unowned self] call in
                    let milliseconds = try call.decode(UInt32.self)
                    return try call.deferReply { reply in
                        let timer = try loop.schedule(after: .milliseconds(Int(milliseconds))) {
                            try? reply.reply("late by \(milliseconds)")
                        }
                        timers.append(timer)
                    }
                },
                .init("Keep", doc: "Defers the reply and never answers while the service lives.") {
                    [unowned self] call in
                    call.deferReply { kept.append($0) }
                },
                .init("Drop", doc: "Defers the reply and drops it.") { call in
                    call.deferReply { _ in }
                },
                .init("AnswerKept", outputs: [Argument("answered", "u")]) { [unowned self] call in
                    let answered = UInt32(kept.count)
                    for reply in kept { try? reply.reply() }
                    kept.removeAll()
                    return try call.reply(answered)
                },
                .init(
                    "WhoAmI", outputs: [Argument("caller", "s")], doc: "The caller's unique name.", unprivileged: true
                ) { call in
                    try call.reply(call.sender)
                },
                .init("Fail", inputs: [Argument("name", "s"), Argument("message", "s")]) { call in
                    let (name, message) = try call.decode(String.self, String.self)
                    throw DBusError(name: name, message: message)
                },
                .init("AddChild", inputs: [Argument("name", "s")], outputs: [Argument("path", "o")]) {
                    [unowned self] call in
                    try addChild(call, announced: true)
                },
                .init("AddUnannouncedChild", inputs: [Argument("name", "s")], outputs: [Argument("path", "o")]) {
                    [unowned self] call in
                    try addChild(call, announced: false)
                },
                .init("RemoveChild", inputs: [Argument("name", "s")]) { [unowned self] call in
                    let name = try call.decode(String.self)
                    connection.unexport(try ObjectPath(path.rawValue + "/child/" + name))
                    return try call.reply()
                },
            ],
            signals: [
                .init("Poked", arguments: [Argument("by", "s")], doc: "Emitted by Poke.")
            ],
            properties: [
                .readWrite(
                    "Title", String.self, doc: "A writable title.", get: { [unowned self] in title },
                    set: { [unowned self] value, _ in
                        title = value
                        try connection.propertiesChanged(path, interface: interface, ["Title"])
                    }),
                .read("Count", UInt32.self, doc: "How often Touch ran.") { [unowned self] in count },
                .read("Secret", String.self, emitsChanged: .invalidates) { [unowned self] in secret },
                .read("Version", String.self, emitsChanged: .const) { "1.0" },
                .readWrite(
                    "Labels", [String].self, get: { [unowned self] in labels },
                    set: { [unowned self] value, _ in labels = value }),
                .readWrite(
                    "Limit", Int32.self, emitsChanged: .false, get: { [unowned self] in limit },
                    set: { [unowned self] value, _ in
                        guard value >= 0 else {
                            throw DBusError.invalidArgs("Limit must not be negative, got \(value)")
                        }
                        limit = value
                    }),
            ])
    }
}
