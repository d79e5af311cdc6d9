import CDBus
import TabbardTestSupport
import Testing

@testable import DBus

/// Messages built whole (`Message.assembledSignal`, `assembledReply`) against the same
/// messages written through libdbus's iterator: the bytes libdbus would send must be the same.
@Suite("Replies and signals marshalled by the library, byte for byte as libdbus writes them")
struct MarshallingTests {
    private static let path = "/org/example/Thing"
    private static let interface = "org.example.Thing1"

    /// The whole message as libdbus sends it, serial included (0 until sent).
    private func wire(_ raw: OpaquePointer) throws -> [UInt8] {
        var data: UnsafeMutablePointer<CChar>?
        var length: Int32 = 0
        guard dbus_message_marshal(raw, &data, &length) != 0, let data else { throw DBus.DBusError.noMemory() }
        defer { dbus_free(data) }
        return Array(UnsafeRawBufferPointer(start: data, count: Int(length)))
    }

    /// A signal carrying `values`, built whole.
    private func assembled(_ values: [DBusValue]) throws -> Message {
        let body = MessageBody()
        try body.write { (writer: inout MessageWriter) throws(DBus.DBusError) in
            for value in values { try writer.append(value: value) }
        }
        return try Message.assembledSignal(
            validatedPath: Self.path, interface: Self.interface, name: "Changed", body: body)
    }

    /// The same signal written through libdbus's iterator.
    private func iterated(_ values: [DBusValue]) throws -> Message {
        let message = try Message.signal(path: Self.path, interface: Self.interface, name: "Changed")
        var writer = message.writer()
        for value in values { try writer.append(value: value) }
        return message
    }

    @Test("generated arguments of every type and nesting give the bytes libdbus's iterator gives")
    func generatedSignals() throws {
        var random = SplitMix64(seed: 0x7ab_ba2d)
        for round in 0..<400 {
            let values = (0..<Int.random(in: 0...5, using: &random)).map { _ in
                DBusValue.generated(depth: 3, using: &random)
            }
            let ours = try assembled(values)
            let theirs = try iterated(values)
            #expect(try wire(ours.raw) == wire(theirs.raw), "round \(round): \(values)")
            #expect(ours.signature == theirs.signature)
            #expect(try ours.arguments() == values, "round \(round)")
        }
    }

    @Test(
        "a byte array appended at once gives the bytes of one appended byte by byte, built whole and through libdbus (ICON-3's pixels)"
    )
    func byteArrays() throws {
        var random = SplitMix64(seed: 0x1c0_a77)
        for length in [0, 1, 3, 4, 1024, 262_144] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            let values: [DBusValue] = [.int32(16), .array("y", bytes.map { .byte($0) })]
            let body = MessageBody()
            try body.write { (writer: inout MessageWriter) throws(DBus.DBusError) in
                try writer.append(value: values[0])
                try writer.appendByteArray(bytes)
            }
            let ours = try Message.assembledSignal(
                validatedPath: Self.path, interface: Self.interface, name: "Changed", body: body)
            let message = try Message.signal(path: Self.path, interface: Self.interface, name: "Changed")
            var writer = message.writer()
            try writer.append(value: values[0])
            try writer.appendByteArray(bytes)
            let theirs = try iterated(values)
            #expect(try wire(ours.raw) == wire(theirs.raw), "\(length) bytes, built whole")
            #expect(try wire(message.raw) == wire(theirs.raw), "\(length) bytes, through libdbus")
        }
    }

    @Test(
        "a string map appended as a{ss} gives the bytes of the generic dictionary, reads back the same, and refuses a NUL as it does"
    )
    func stringMaps() throws {
        let maps: [[String: String]] = [
            [:], ["a": ""], ["world-clock": "Horloge", "alarm": "Sélectionné, Alarme, deux sur cinq", "ü": "日本"],
            Dictionary(uniqueKeysWithValues: (0..<40).map { ("tab\($0)", String(repeating: "x", count: $0)) }),
        ]
        for map in maps {
            let fast = MessageBody()
            try fast.write { (writer: inout MessageWriter) throws(DBus.DBusError) in try writer.append(map) }
            let generic = MessageBody()
            try generic.write { (writer: inout MessageWriter) throws(DBus.DBusError) in try map.encode(to: &writer) }
            let ours = try Message.assembledSignal(
                validatedPath: Self.path, interface: Self.interface, name: "Changed", body: fast)
            let theirs = try Message.assembledSignal(
                validatedPath: Self.path, interface: Self.interface, name: "Changed", body: generic)
            #expect(try wire(ours.raw) == wire(theirs.raw), "\(map)")
            #expect(try ours.decode([String: String].self) == map)
        }
        let body = MessageBody()
        #expect(throws: DBus.DBusError.self) {
            try body.write { (writer: inout MessageWriter) throws(DBus.DBusError) in try writer.append(["a\0b": "c"]) }
        }
    }

    @Test("a reply has libdbus's header: destination, reply serial, no reply expected")
    func replies() throws {
        var random = SplitMix64(seed: 0x5e41)
        for round in 0..<100 {
            let call = try Message.methodCall(
                destination: "org.example.Thing", path: Self.path, interface: Self.interface, method: "Get")
            dbus_message_set_serial(call.raw, UInt32.random(in: 1...UInt32.max, using: &random))
            // A call on a bus carries its sender; a peer-to-peer call has none.
            if round % 4 != 0 { _ = dbus_message_set_sender(call.raw, ":1.\(round)") }
            let values = (0..<Int.random(in: 0...3, using: &random)).map { _ in
                DBusValue.generated(depth: 2, using: &random)
            }
            let body = MessageBody()
            try body.write { (writer: inout MessageWriter) throws(DBus.DBusError) in
                for value in values { try writer.append(value: value) }
            }
            let ours = Message(taking: try Message.assembledReply(to: call.raw, body: body))
            let theirs = Message(taking: try #require(dbus_message_new_method_return(call.raw)))
            var iterating = theirs.writer()
            for value in values { try iterating.append(value: value) }
            #expect(try wire(ours.raw) == wire(theirs.raw), "round \(round): \(values)")
            #expect(ours.kind == .methodReturn && ours.replySerial == call.serial)
        }
    }

    @Test("a container whose writing throws is taken back whole; what came before it stays")
    func thrownContainerIsTakenBack() throws {
        let body = MessageBody()
        try body.write { (writer: inout MessageWriter) throws(DBus.DBusError) in
            try writer.append("kept")
            let mark = body.mark
            #expect(throws: DBus.DBusError.failed("getter failed")) {
                try writer.appendArray(elementSignature: "{sv}") {
                    (entries: inout MessageWriter) throws(DBus.DBusError) in
                    try entries.appendDictEntry("half", Variant(.int32(1)))
                    throw .failed("getter failed")
                }
            }
            #expect(body.mark == mark)
            try writer.append([Int32(7)])
        }
        let message = try Message.assembledSignal(
            validatedPath: Self.path, interface: Self.interface, name: "Changed", body: body)
        #expect(message.signature == "sai")
        #expect(try message.arguments() == [.string("kept"), .array("i", [.int32(7)])])
    }

    @Test("what libdbus would refuse to send is an error, never a malformed message")
    func refusedByLibdbus() throws {
        let body = MessageBody()
        try body.write { (writer: inout MessageWriter) throws(DBus.DBusError) in try writer.append("x") }
        // Names the callers promise are valid are still checked as libdbus parses.
        #expect(throws: DBus.DBusError.self) {
            _ = try Message.assembledSignal(
                validatedPath: "not/a/path", interface: Self.interface, name: "Changed", body: body)
        }
        #expect(throws: DBus.DBusError.self) {
            _ = try Message.assembledSignal(validatedPath: Self.path, interface: "nodots", name: "Changed", body: body)
        }
        // An array element of another type than the array's signature says.
        let mismatched = MessageBody()
        try mismatched.write { (elements: inout MessageWriter) throws(DBus.DBusError) in
            try elements.appendArray(elementSignature: "s") { (items: inout MessageWriter) throws(DBus.DBusError) in
                try items.append(Int32(1))
            }
        }
        #expect(throws: DBus.DBusError.self) {
            _ = try Message.assembledSignal(
                validatedPath: Self.path, interface: Self.interface, name: "Changed", body: mismatched)
        }
    }

    @Test("a message larger than a bus carries is LimitsExceeded before libdbus sees it")
    func overTheBusLimit() throws {
        let body = MessageBody()
        let chunk = String(repeating: "x", count: 1 << 20)
        try body.write { (writer: inout MessageWriter) throws(DBus.DBusError) in
            for _ in 0..<33 { try writer.append(chunk) }
        }
        let refused = #expect(throws: DBus.DBusError.self) {
            _ = try Message.assembledSignal(
                validatedPath: Self.path, interface: Self.interface, name: "Changed", body: body)
        }
        #expect(refused?.name == DBus.DBusError.Names.limitsExceeded)
    }

    @Test("a file descriptor is refused here: only libdbus's iterator attaches one")
    func fileDescriptorsGoThroughLibdbus() throws {
        let body = MessageBody()
        try body.write { (writer: inout MessageWriter) throws(DBus.DBusError) in try writer.append(UnixFD(0)) }
        #expect(body.carriesFileDescriptors)
        #expect(throws: DBus.DBusError.self) {
            _ = try Message.assembledSignal(
                validatedPath: Self.path, interface: Self.interface, name: "Changed", body: body)
        }
    }
}

extension DBusValue {
    /// A value of a random type, containers nested at most `depth` deep.
    static func generated(depth: Int, using random: inout SplitMix64) -> DBusValue {
        let basic: [(inout SplitMix64) -> DBusValue] = [
            { .byte(UInt8.random(in: 0...255, using: &$0)) },
            { .bool(Bool.random(using: &$0)) },
            { .int16(Int16.random(in: .min ... .max, using: &$0)) },
            { .uint16(UInt16.random(in: 0 ... .max, using: &$0)) },
            { .int32(Int32.random(in: .min ... .max, using: &$0)) },
            { .uint32(UInt32.random(in: 0 ... .max, using: &$0)) },
            { .int64(Int64.random(in: .min ... .max, using: &$0)) },
            { .uint64(UInt64.random(in: 0 ... .max, using: &$0)) },
            { .double(Double.random(in: -1e9...1e9, using: &$0)) },
            { .string(String(repeating: "é", count: Int.random(in: 0...9, using: &$0))) },
            {
                .objectPath(
                    ObjectPath(
                        trusted: Int.random(in: 0...1, using: &$0) == 0
                            ? "/" : "/a/b_\(Int.random(in: 0...99, using: &$0))"))
            },
            { .signature(Signature(trusted: ["", "s", "a{sv}", "(iy)"][Int.random(in: 0...3, using: &$0)])) },
        ]
        let choice = Int.random(in: 0..<(depth > 0 ? basic.count + 4 : basic.count), using: &random)
        if choice < basic.count { return basic[choice](&random) }
        let inner = { (random: inout SplitMix64) in generated(depth: depth - 1, using: &random) }
        switch choice - basic.count {
        case 0:
            // Every element of an array has one type: the first, then copies of it. An empty
            // array still carries its element type, and the padding before its first element.
            let sample = inner(&random)
            return .array(
                Signature(trusted: sample.signature),
                Array(repeating: sample, count: Int.random(in: 0...3, using: &random)))
        case 1:
            let count = Int.random(in: 0...2, using: &random)
            let entries = (0..<count).map { _ in
                (DBusValue.string("k\(Int.random(in: 0...999, using: &random))"), DBusValue.variant(inner(&random)))
            }
            return .dictionary(key: "s", value: "v", Dictionary(entries, uniquingKeysWith: { first, _ in first }))
        case 2:
            return .structure((0..<Int.random(in: 1...3, using: &random)).map { _ in inner(&random) })
        default:
            return .variant(inner(&random))
        }
    }
}
