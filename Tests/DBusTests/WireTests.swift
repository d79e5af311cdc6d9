import DBus
import TabbardTestSupport
import Testing

@Suite("Typed messages and validation, without a bus")
struct WireTests {
    private func message() throws -> Message {
        try Message.methodCall(destination: "org.example.X", path: "/x", interface: "org.example.X", method: "Do")
    }

    @Test("basic types, arrays and dictionaries decode as they were encoded")
    func typedRoundTrip() throws {
        let message = try message()
        try message.append(
            UInt8(7), true, Int16(-2), UInt16(3), Int32(-4), UInt32(5), Int64(-6), UInt64(7), 1.5, "text")
        try message.append(ObjectPath("/a/b"), Signature("a{sv}"), ["x", "y"], ["k": Variant(.int32(1))], [Int32]())
        #expect(message.signature == "ybnqiuxtdsogasa{sv}ai")
        var reader = message.reader()
        #expect(try reader.read(UInt8.self) == 7)
        #expect(try reader.read(Bool.self) == true)
        #expect(try reader.read(Int16.self) == -2)
        #expect(try reader.read(UInt16.self) == 3)
        #expect(try reader.read(Int32.self) == -4)
        #expect(try reader.read(UInt32.self) == 5)
        #expect(try reader.read(Int64.self) == -6)
        #expect(try reader.read(UInt64.self) == 7)
        #expect(try reader.read(Double.self) == 1.5)
        #expect(try reader.read(String.self) == "text")
        #expect(try reader.read(ObjectPath.self) == "/a/b")
        #expect(try reader.read(Signature.self) == "a{sv}")
        #expect(try reader.read([String].self) == ["x", "y"])
        #expect(try reader.read([String: Variant].self) == ["k": Variant(.int32(1))])
        #expect(try reader.read([Int32].self) == [])
        #expect(reader.isAtEnd)
    }

    @Test("dynamic values of every shape round-trip with their signatures")
    func dynamicRoundTrip() throws {
        let values: [DBusValue] = [
            .structure([.string("a"), .int32(1), .bool(false)]),
            .array("(ii)", [.structure([.int32(1), .int32(2)])]),
            .dictionary(
                key: "s", value: "a{sv}",
                [.string("o"): .dictionary(key: "s", value: "v", [.string("p"): .variant(.uint64(9))])]),
            .variant(.array("y", [.byte(1), .byte(2)])),
            .array("s", []),
        ]
        let message = try message()
        var writer = message.writer()
        for value in values { try writer.append(value: value) }
        #expect(message.signature == "(sib)a(ii)a{sa{sv}}vas")
        #expect(try message.arguments() == values)
    }

    @Test("a wrong type is InvalidArgs naming the argument, never a crash")
    func mismatch() throws {
        let message = try message()
        try message.append("one", Int32(2))
        #expect(throws: DBusError.invalidArgs("argument 2: expected 's', got 'i'")) {
            _ = try message.decode(String.self, String.self)
        }
        #expect(throws: DBusError.self) { _ = try message.decode(String.self) }
        let arrays = try self.message()
        try arrays.append([Int32(1)])
        #expect(throws: DBusError.self) { _ = try arrays.decode([String].self) }
        let empty = try self.message()
        try empty.append([Int32]())
        // Even an empty array carries its element type, and it is checked.
        #expect(throws: DBusError.self) { _ = try empty.decode([String].self) }
    }

    @Test("invalid names, paths, signatures and strings are refused before libdbus sees them")
    func validation() throws {
        // Strings from outside go through the throwing initializers (a literal would be checked
        // at its creation and trap, being a programming error).
        let outside = ["no/slash", "/trailing/", "a{vs}"]
        #expect(throws: DBusError.self) { _ = try ObjectPath(outside[0]) }
        #expect(throws: DBusError.self) { _ = try ObjectPath(outside[1]) }
        #expect(throws: DBusError.self) { _ = try Signature(outside[2]) }
        #expect(try ObjectPath(String("/ok/path")).rawValue == "/ok/path")
        #expect(throws: DBusError.self) {
            _ = try Message.methodCall(destination: "bad..name", path: "/x", interface: "org.example.X", method: "Do")
        }
        #expect(throws: DBusError.self) {
            _ = try Message.methodCall(destination: nil, path: "/x", interface: "nodots", method: "Do")
        }
        #expect(throws: DBusError.self) {
            _ = try Message.methodCall(destination: nil, path: "/x", interface: "org.example.X", method: "Bad-Member")
        }
        #expect(throws: DBusError.self) { _ = try Message.signal(path: "/x", interface: "org.example.X", name: "1Bad") }
        let message = try message()
        #expect(throws: DBusError.self) { try message.append("nul\u{0}inside") }
        var writer = message.writer()
        #expect(throws: DBusError.self) { try writer.append(value: .array("s", [.int32(1)])) }
        #expect(throws: DBusError.self) { try writer.append(value: .structure([])) }
        #expect(Validation.isValid(":1.42", as: .busName))
        #expect(!Validation.isValidUTF8([0xFF, 0xFE]))
        #expect(Validation.isValidUTF8(Array("grüß".utf8)))
        #expect(Validation.isValid("org.example.Error.Bad", as: .errorName))
        #expect(!Validation.isValid("Bad", as: .errorName))
    }

    @Test("exporting an interface table with an invalid name or signature fails with InvalidArgs")
    func invalidTables() throws {
        let bus = try PrivateBus()
        let connection = try Connection(.address(bus.address))
        let handler: MethodHandler = { try $0.reply() }
        #expect(throws: DBusError.self) {
            try connection.export("/a", interfaces: [Interface("no_dots", methods: [.init("Do", handler: handler)])])
        }
        #expect(throws: DBusError.self) {
            try connection.export(
                "/a",
                interfaces: [
                    Interface(
                        "org.example.A",
                        methods: [
                            .init("Do", inputs: [Argument("x", "ss")], handler: handler)
                        ])
                ])
        }
        #expect(throws: DBusError.self) {
            try connection.export("/a", interfaces: [Interface("org.freedesktop.DBus.Properties")])
        }
        try connection.export("/a", interfaces: [Interface("org.example.A", methods: [.init("Do", handler: handler)])])
        #expect(throws: DBusError.self) { try connection.export("/a", interfaces: []) }
        #expect(connection.isExported("/a"))
    }
}
