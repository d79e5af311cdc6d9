import DBus
import Foundation
import FoundationXML
import TabbardTestSupport
import Testing

@Suite("A service built on the library, called by busctl, gdbus and dbus-python", .timeLimit(.minutes(2)))
struct ExternalClientTests {
    @Test("every basic and container type round-trips through busctl")
    func busctlRoundTrips() throws {
        let fixture = try ServiceFixture()
        let cases: [(method: String, arguments: [String], expected: String)] = [
            ("EchoByte", ["y", "200"], "y 200"),
            ("EchoBool", ["b", "true"], "b true"),
            ("EchoInt16", ["n", "-300"], "n -300"),
            ("EchoUInt16", ["q", "65000"], "q 65000"),
            ("EchoInt32", ["i", "-5"], "i -5"),
            ("EchoUInt32", ["u", "4000000000"], "u 4000000000"),
            ("EchoInt64", ["x", "-9000000000"], "x -9000000000"),
            ("EchoUInt64", ["t", "18446744073709551615"], "t 18446744073709551615"),
            ("EchoDouble", ["d", "2.5"], "d 2.5"),
            ("EchoString", ["s", "hello world"], "s \"hello world\""),
            ("EchoPath", ["o", "/a/b"], "o \"/a/b\""),
            ("EchoSignature", ["g", "a{sv}"], "g \"a{sv}\""),
            ("EchoStrings", ["as", "2", "a", "b"], "as 2 \"a\" \"b\""),
            ("EchoInts", ["ai", "3", "1", "2", "3"], "ai 3 1 2 3"),
            ("EchoBytes", ["ay", "2", "0", "255"], "ay 2 0 255"),
            ("EchoVariant", ["v", "s", "hi"], "v s \"hi\""),
            ("EchoVardict", ["a{sv}", "1", "k", "i", "5"], "a{sv} 1 \"k\" i 5"),
            ("EchoMap", ["a{sas}", "1", "k", "2", "x", "y"], "a{sas} 1 \"k\" 2 \"x\" \"y\""),
            ("EchoStruct", ["(sib)", "x", "1", "true"], "(sib) \"x\" 1 true"),
            ("EchoStructs", ["a(ii)", "2", "1", "2", "3", "4"], "a(ii) 2 1 2 3 4"),
            ("EchoNested", ["a{sa{sv}}", "1", "o", "1", "p", "t", "9"], "a{sa{sv}} 1 \"o\" 1 \"p\" t 9"),
        ]
        for (method, arguments, expected) in cases {
            let result = try fixture.busctl(
                ["call", TestService.name, TestService.path.rawValue, TestService.interface, method] + arguments)
            #expect(result.status == 0, "\(method): \(result.errors)")
            #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines) == expected, "\(method)")
        }
    }

    @Test("gdbus calls methods and reads properties")
    func gdbusCalls() throws {
        let fixture = try ServiceFixture()
        let base = ["--dest", TestService.name, "--object-path", TestService.path.rawValue]
        let concat = try fixture.gdbus("call", base + ["--method", "org.example.Test1.Concat", "tab", "bar"])
        #expect(concat.output.trimmingCharacters(in: .whitespacesAndNewlines) == "('tabbar',)", "\(concat.errors)")
        let strings = try fixture.gdbus("call", base + ["--method", "org.example.Test1.EchoStrings", "['a', 'b']"])
        #expect(strings.output.trimmingCharacters(in: .whitespacesAndNewlines) == "(['a', 'b'],)")
        let title = try fixture.gdbus(
            "call", base + ["--method", "org.freedesktop.DBus.Properties.Get", TestService.interface, "Title"])
        #expect(title.output.trimmingCharacters(in: .whitespacesAndNewlines) == "(<'initial'>,)")
        let ping = try fixture.gdbus("call", base + ["--method", "org.freedesktop.DBus.Peer.Ping"])
        #expect(ping.status == 0 && ping.output.trimmingCharacters(in: .whitespacesAndNewlines) == "()")
    }

    @Test("every type round-trips through dbus-python, file descriptors included")
    func pythonRoundTrips() throws {
        let fixture = try ServiceFixture()
        let result = try fixture.python("python_client.py", ["roundtrip"])
        #expect(result.status == 0, "\(result.errors)")
        let seen = try jsonObject(result.output)
        #expect(seen.count == 22)
        for (method, outcome) in seen {
            #expect(outcome as? Bool == true, "\(method): \(outcome)")
        }
    }

    @Test("dbus-python sees one PropertiesChanged for a call's changes, before its reply")
    func pythonSeesChangesBeforeReply() throws {
        let fixture = try ServiceFixture()
        let result = try fixture.python("python_client.py", ["signals"])
        #expect(result.status == 0, "\(result.errors)")
        let events = try jsonObject(result.output)["events"] as? [[Any]] ?? []
        #expect(events.count == 2)
        #expect(events.first?.first as? String == "changed")
        #expect(events.first?.dropFirst().first as? String == TestService.interface)
        #expect(events.first?.dropFirst(2).first as? [String] == ["Count", "Title"])
        #expect(events.first?.dropFirst(3).first as? [String] == ["Secret"])
        #expect(events.last?.first as? String == "reply")
        #expect(events.last?.last as? Int == 2)
    }

    @Test("gdbus introspect shows what the interface table says, with doc strings and child nodes")
    func introspection() throws {
        let fixture = try ServiceFixture()
        _ = try fixture.busctl([
            "call", TestService.name, TestService.path.rawValue, TestService.interface, "AddChild", "s", "one",
        ])
        let result = try fixture.gdbus(
            "introspect", ["--dest", TestService.name, "--object-path", TestService.path.rawValue, "--xml"])
        #expect(result.status == 0, "\(result.errors)")
        let xml = try XMLDocument(xmlString: result.output)
        func nodes(_ query: String) throws -> [XMLNode] { try xml.nodes(forXPath: query) }
        let interfaces = try nodes("/node/interface/@name").compactMap(\.stringValue)
        #expect(
            Set(interfaces) == [
                TestService.interface, "org.freedesktop.DBus.Introspectable",
                "org.freedesktop.DBus.Properties", "org.freedesktop.DBus.Peer",
                "org.freedesktop.DBus.ObjectManager",
            ])
        let concatArgs = try nodes("/node/interface[@name='org.example.Test1']/method[@name='Concat']/arg")
            .compactMap { $0 as? XMLElement }
            .map {
                "\($0.attribute(forName: "name")!.stringValue!):\($0.attribute(forName: "type")!.stringValue!):\($0.attribute(forName: "direction")!.stringValue!)"
            }
        #expect(concatArgs == ["first:s:in", "second:s:in", "joined:s:out"])
        let doc = try nodes(
            "/node/interface[@name='org.example.Test1']/method[@name='Concat']/annotation[@name='org.gtk.GDBus.DocString']/@value"
        )
        #expect(doc.first?.stringValue == "Joins two strings.")
        let secret = try nodes(
            "/node/interface[@name='org.example.Test1']/property[@name='Secret']/annotation[@name='org.freedesktop.DBus.Property.EmitsChangedSignal']/@value"
        )
        #expect(secret.first?.stringValue == "invalidates")
        let title = try nodes("/node/interface[@name='org.example.Test1']/property[@name='Title']/@access")
        #expect(title.first?.stringValue == "readwrite")
        let signal = try nodes("/node/interface[@name='org.example.Test1']/signal[@name='Poked']/arg/@type")
        #expect(signal.first?.stringValue == "s")
        #expect(try nodes("/node/node/@name").compactMap(\.stringValue) == ["child"])
        // An intermediate path with no object still lists its children, so tools can browse.
        let root = try fixture.gdbus(
            "introspect", ["--dest", TestService.name, "--object-path", "/org/example", "--xml"])
        #expect(root.output.contains("<node name=\"Test1\"/>"))
        let tree = try fixture.busctl(["tree", TestService.name])
        #expect(tree.output.contains("/org/example/Test1/child/one"), "\(tree.output) \(tree.errors)")
    }

    @Test("properties read, write and refuse through busctl")
    func properties() throws {
        let fixture = try ServiceFixture()
        let set = try fixture.busctl([
            "set-property", TestService.name, TestService.path.rawValue, TestService.interface, "Labels", "as", "2",
            "x", "y",
        ])
        #expect(set.status == 0, "\(set.errors)")
        let labels = try fixture.busctl([
            "get-property", TestService.name, TestService.path.rawValue, TestService.interface, "Labels",
        ])
        #expect(labels.output.trimmingCharacters(in: .whitespacesAndNewlines) == "as 2 \"x\" \"y\"")
        let readOnly = try fixture.busctl([
            "set-property", TestService.name, TestService.path.rawValue, TestService.interface, "Count", "u", "3",
        ])
        #expect(readOnly.status != 0)
        #expect(readOnly.errors.contains("read-only"))
        let all = try fixture.gdbus(
            "call",
            [
                "--dest", TestService.name, "--object-path", TestService.path.rawValue,
                "--method", "org.freedesktop.DBus.Properties.GetAll", TestService.interface,
            ])
        for expected in ["'Title': <'initial'>", "'Count': <uint32 0>", "'Version': <'1.0'>", "'Labels': <['x', 'y']>"]
        {
            #expect(all.output.contains(expected), "\(all.output)")
        }
    }

    @Test("Properties.Get, Set and GetAll with an empty interface name search the object's interfaces (busctl)")
    func emptyInterfaceName() throws {
        let fixture = try ServiceFixture()
        let properties = ["call", TestService.name, TestService.path.rawValue, "org.freedesktop.DBus.Properties"]
        let get = try fixture.busctl(properties + ["Get", "ss", "", "Title"])
        #expect(get.status == 0, "\(get.errors)")
        #expect(get.output == "v s \"initial\"\n")
        let set = try fixture.busctl(properties + ["Set", "ssv", "", "Title", "s", "through no interface"])
        #expect(set.status == 0, "\(set.errors)")
        let title = try fixture.busctl([
            "get-property", TestService.name, TestService.path.rawValue, TestService.interface, "Title",
        ])
        #expect(title.output == "s \"through no interface\"\n")
        let readOnly = try fixture.busctl(properties + ["Set", "ssv", "", "Count", "u", "3"])
        #expect(
            readOnly.errors.contains("org.freedesktop.DBus.Error.PropertyReadOnly")
                || readOnly.errors.contains("read-only"),
            "\(readOnly.errors)")
        let unknown = try fixture.busctl(properties + ["Get", "ss", "", "NoSuchProperty"])
        #expect(unknown.status != 0)
        #expect(unknown.errors.contains("NoSuchProperty"), "\(unknown.errors)")
        let all = try fixture.busctl(properties + ["GetAll", "s", ""])
        #expect(all.status == 0 && all.output.contains("\"Title\" s \"through no interface\""), "\(all.output)")
    }

    @Test("malformed input gets errors and the service stays up")
    func malformedInput() throws {
        let fixture = try ServiceFixture()
        let result = try fixture.python("python_client.py", ["errors"], timeout: 120)
        #expect(result.status == 0, "\(result.errors)")
        let seen = try jsonObject(result.output)
        let expected: [String: String] = [
            "wrong_signature": "org.freedesktop.DBus.Error.InvalidArgs",
            "too_many": "org.freedesktop.DBus.Error.InvalidArgs",
            "unknown_method": "org.freedesktop.DBus.Error.UnknownMethod",
            "unknown_interface": "org.freedesktop.DBus.Error.UnknownInterface",
            "unknown_object": "org.freedesktop.DBus.Error.UnknownObject",
            "invalid_path_argument": "org.freedesktop.DBus.Error.InvalidArgs",
            "invalid_error_name": "org.freedesktop.DBus.Error.Failed",
            "custom_error": "org.example.Error.Custom",
            "unknown_property": "org.freedesktop.DBus.Error.UnknownProperty",
            "read_only": "org.freedesktop.DBus.Error.PropertyReadOnly",
            "wrong_property_type": "org.freedesktop.DBus.Error.InvalidArgs",
            "setter_refuses": "org.freedesktop.DBus.Error.InvalidArgs",
            "properties_unknown_interface": "org.freedesktop.DBus.Error.UnknownInterface",
            "dropped_deferred": "org.freedesktop.DBus.Error.NoReply",
        ]
        for (check, name) in expected {
            #expect(seen[check] as? String == name, "\(check): \(seen[check] ?? "missing")")
        }
        #expect(seen["huge_array_len"] as? Int == 100_000)
        #expect(seen["huge_bytes_len"] as? Int == 8 * 1024 * 1024)
        #expect(seen["invalid_utf8"] as? String == "refused by the client")
        // A hand-written message with invalid UTF-8 never reaches the service: the bus drops
        // the sender. The service keeps answering.
        let socket = String(fixture.bus.address.dropFirst("unix:path=".count))
        let raw = try runCommand([systemPython, scriptsDirectory.appendingPathComponent("raw_client.py").path, socket])
        #expect(try jsonObject(raw.output)["bus_closed_connection"] as? Bool == true, "\(raw.output) \(raw.errors)")
        let after = try fixture.busctl([
            "call", TestService.name, TestService.path.rawValue, TestService.interface, "Concat", "ss", "still", "up",
        ])
        #expect(after.output.trimmingCharacters(in: .whitespacesAndNewlines) == "s \"stillup\"")
    }
}
