import DBus
import Foundation
import TabbardTestSupport
import Testing

@Suite("Properties, ObjectManager and deferred replies, seen by a library client", .timeLimit(.minutes(2)))
struct ServiceBehaviourTests {
    /// Records `PropertiesChanged` from the test object and replies, in arrival order.
    private func recordChanges(_ client: Client, into events: Inbox<String>) throws {
        try client.run { connection in
            let subscription = try connection.subscribe(
                MatchRule(
                    path: TestService.path.rawValue, interface: "org.freedesktop.DBus.Properties",
                    member: "PropertiesChanged"
                )
            ) { message in
                guard
                    let (interface, changed, invalidated) = try? message.decode(
                        String.self, [String: Variant].self, [String].self)
                else { return events.put("undecodable \(message.signature)") }
                let values = changed.keys.sorted().map { "\($0)=\(changed[$0]!.value)" }.joined(separator: ",")
                events.put("changed \(interface) [\(values)] invalidated [\(invalidated.joined(separator: ","))]")
            }
            client.keep(subscription)
            // A round trip after AddMatch makes sure the bus has the rule before we go on.
            _ = try connection.call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                interface: "org.freedesktop.DBus", method: "GetId")
        }
    }

    @Test("changes caused by a call are announced once per object, before the call's reply")
    func coalescedBeforeReply() throws {
        let fixture = try ServiceFixture()
        let client = try Client(address: fixture.bus.address)
        let events = Inbox<String>()
        try recordChanges(client, into: events)
        try client.run { connection in
            client.keep(
                try connection.callAsync(
                    destination: TestService.name, path: TestService.path.rawValue,
                    interface: TestService.interface, method: "Touch"
                ) { result in
                    let count: UInt32? = try? result.get().decode(UInt32.self)
                    events.put("reply \(count.map(String.init) ?? "none")")
                })
        }
        let seen = events.wait(for: 2)
        #expect(
            seen == [
                "changed org.example.Test1 [Count=2,Title='touched 2'] invalidated [Secret]",
                "reply 2",
            ])
        // Nothing else follows: the four announcements of Touch became one signal.
        _ = try client.run { connection in
            try connection.call(
                destination: TestService.name, path: TestService.path.rawValue,
                interface: "org.freedesktop.DBus.Peer", method: "Ping")
        }
        #expect(events.current.count == 2)
    }

    @Test("changes made by posted work go out once, at the end of the loop's turn")
    func coalescedPerTurn() throws {
        let fixture = try ServiceFixture()
        let client = try Client(address: fixture.bus.address)
        let events = Inbox<String>()
        try recordChanges(client, into: events)
        try fixture.withService { service in
            for word in ["a", "b", "c"] {
                service.title = word
                try service.connection.propertiesChanged(TestService.path, interface: TestService.interface, ["Title"])
            }
        }
        #expect(events.wait(for: 1) == ["changed org.example.Test1 [Title='c'] invalidated []"])
        let set = try fixture.busctl([
            "set-property", TestService.name, TestService.path.rawValue, TestService.interface, "Title", "s", "d",
        ])
        #expect(set.status == 0)
        #expect(events.wait(for: 2).last == "changed org.example.Test1 [Title='d'] invalidated []")
        #expect(events.current.count == 2)
    }

    @Test(
        "changes named by their position in the interface table go out as changes named by name; a position outside it is refused"
    )
    func changedByPosition() throws {
        let fixture = try ServiceFixture()
        let client = try Client(address: fixture.bus.address)
        let events = Inbox<String>()
        try recordChanges(client, into: events)
        let refusal = try fixture.withService { service -> DBusError? in
            service.title = "by position"
            // Title, Secret (announced as invalidated) and Version (constant: never announced).
            try service.connection.propertiesChanged(TestService.path, interface: TestService.interface, at: [0, 2, 3])
            do throws(DBusError) {
                try service.connection.propertiesChanged(TestService.path, interface: TestService.interface, at: [6])
                return nil
            } catch {
                return error
            }
        }
        #expect(events.wait(for: 1) == ["changed org.example.Test1 [Title='by position'] invalidated [Secret]"])
        #expect(refusal?.name == "org.freedesktop.DBus.Error.UnknownProperty")
    }

    @Test("GetManagedObjects lists the children, and InterfacesAdded and InterfacesRemoved follow them")
    func objectManager() throws {
        let fixture = try ServiceFixture()
        let client = try Client(address: fixture.bus.address)
        let events = try objectManagerEvents(client)
        for name in ["a", "b"] {
            _ = try fixture.busctl([
                "call", TestService.name, TestService.path.rawValue, TestService.interface, "AddChild", "s", name,
            ])
        }
        _ = try fixture.busctl([
            "call", TestService.name, TestService.path.rawValue, TestService.interface, "RemoveChild", "s", "a",
        ])
        #expect(
            events.wait(for: 3) == [
                "added /org/example/Test1/child/a [\"org.example.Child1\"] 'label of a'",
                "added /org/example/Test1/child/b [\"org.example.Child1\"] 'label of b'",
                "removed /org/example/Test1/child/a [\"org.example.Child1\"]",
            ])
        let managed = try managedObjects(client)
        #expect(
            managed == [
                "/org/example/Test1/child/b": [TestService.childInterface: ["Label": Variant(.string("label of b"))]]
            ])
    }

    @Test(
        "an object exported unannounced is listed by GetManagedObjects without InterfacesAdded; the next one is announced"
    )
    func unannouncedExport() throws {
        let fixture = try ServiceFixture()
        let client = try Client(address: fixture.bus.address)
        let events = try objectManagerEvents(client)
        _ = try fixture.busctl([
            "call", TestService.name, TestService.path.rawValue, TestService.interface, "AddUnannouncedChild", "s",
            "quiet",
        ])
        _ = try fixture.busctl([
            "call", TestService.name, TestService.path.rawValue, TestService.interface, "AddChild", "s", "loud",
        ])
        // Signals arrive in the order sent: had the first been announced, it would be here first.
        let loud = "added /org/example/Test1/child/loud [\"org.example.Child1\"] 'label of loud'"
        #expect(events.wait(for: 1) == [loud])
        #expect(events.current == [loud])
        let managed = try managedObjects(client)
        #expect(
            managed.keys.map(\.rawValue).sorted() == [
                "/org/example/Test1/child/loud", "/org/example/Test1/child/quiet",
            ])
    }

    @Test("an interface exported again under a known name with other members is checked and answered as its own")
    func sameNameOtherMembers() throws {
        let fixture = try ServiceFixture()
        // The first object of the name works out the layout that later ones of the same members reuse.
        _ = try fixture.busctl([
            "call", TestService.name, TestService.path.rawValue, TestService.interface, "AddChild", "s", "first",
        ])
        let refusal = try fixture.withService { service -> DBusError? in
            try service.connection.export(
                "/org/example/Test1/other",
                interfaces: [
                    Interface(
                        TestService.childInterface,
                        properties: [
                            .read("Other", String.self) { "other value" }
                        ])
                ])
            do throws(DBusError) {
                try service.connection.export(
                    "/org/example/Test1/bad",
                    interfaces: [
                        Interface(
                            TestService.childInterface,
                            properties: [
                                Interface.Property("Label", signature: "ss") {
                                    (writer: inout MessageWriter) throws(DBusError) in try writer.append("x")
                                }
                            ])
                    ])
                return nil
            } catch {
                return error
            }
        }
        #expect(refusal?.name == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(try fixture.withService { $0.connection.isExported("/org/example/Test1/bad") } == false)

        func get(_ path: String, _ property: String) throws -> CommandResult {
            try fixture.busctl(["get-property", TestService.name, path, TestService.childInterface, property])
        }
        #expect(try get("/org/example/Test1/other", "Other").output == "s \"other value\"\n")
        let unknown = try get("/org/example/Test1/other", "Label")
        #expect(unknown.status != 0)
        #expect(unknown.errors.contains("no property"))
        #expect(try get("/org/example/Test1/child/first", "Label").output == "s \"label of first\"\n")
        #expect(try get("/org/example/Test1/child/first", "Other").status != 0)
        // A later object with the first's members still reads its own getter.
        _ = try fixture.busctl([
            "call", TestService.name, TestService.path.rawValue, TestService.interface, "AddChild", "s", "second",
        ])
        #expect(try get("/org/example/Test1/child/second", "Label").output == "s \"label of second\"\n")
    }

    @Test(
        "objects sharing one array of properties, each read through its own reader by position, answer Get, GetAll, PropertiesChanged and GetManagedObjects with their own values"
    )
    func propertiesReadByPosition() throws {
        let fixture = try ServiceFixture()
        let client = try Client(address: fixture.bus.address)
        let shared = Self.childProperties()
        let right: ObjectPath = "/org/example/Test1/child/right"
        let events = try childChanges(client, from: right.rawValue) { _, values in values }
        try fixture.withService { service in
            for (name, size) in [("left", UInt32(1)), ("right", UInt32(2))] {
                let table = Interface(TestService.childInterface, properties: shared) {
                    index, writer throws(DBusError) in
                    if index == 0 { try writer.append(name) } else { try writer.append(size) }
                }
                try service.connection.export(try ObjectPath("/org/example/Test1/child/\(name)"), interfaces: [table])
            }
            try service.connection.propertiesChanged(right, interface: TestService.childInterface, ["Size", "Name"])
        }
        #expect(events.wait(for: 1) == ["Name='right',Size=2"])
        #expect(
            try fixture.busctl([
                "get-property", TestService.name, "/org/example/Test1/child/left", TestService.childInterface, "Name",
            ]).output
                == "s \"left\"\n")
        #expect(
            try fixture.busctl(["get-property", TestService.name, right.rawValue, TestService.childInterface, "Size"])
                .output == "u 2\n")
        let all = try client.run { connection in
            try connection.call(
                destination: TestService.name, path: right.rawValue, interface: "org.freedesktop.DBus.Properties",
                method: "GetAll", TestService.childInterface
            ).decode([String: Variant].self)
        }
        #expect(all == ["Name": Variant(.string("right")), "Size": Variant(.uint32(2))])
        let managed = try managedObjects(client)
        #expect(
            managed["/org/example/Test1/child/left"] == [
                TestService.childInterface: ["Name": Variant(.string("left")), "Size": Variant(.uint32(1))]
            ])
        #expect(managed[right]?[TestService.childInterface]?["Name"] == Variant(.string("right")))
    }

    @Test(
        "objects alike announced with one body: each sends its own PropertiesChanged with its own path, the first's values, after the changes noted before"
    )
    func propertiesChangedAlike() throws {
        let fixture = try ServiceFixture()
        let client = try Client(address: fixture.bus.address)
        let shared = Self.childProperties()
        let events = try childChanges(client) { message, values in "\(message.path ?? "") \(values) \(message.serial)" }
        let paths = try ["one", "two", "three", "four_with_a_longer_name"].map {
            try ObjectPath("/org/example/Test1/child/\($0)")
        }
        try fixture.withService { service in
            for path in paths {
                let table = Interface(TestService.childInterface, properties: shared) {
                    index, writer throws(DBusError) in
                    if index == 0 { try writer.append("alike") } else { try writer.append(UInt32(7)) }
                }
                try service.connection.export(path, interfaces: [table])
            }
            try service.connection.propertiesChanged(paths[3], interface: TestService.childInterface, ["Size"])
            try service.connection.propertiesChanged(
                alike: [paths[2], paths[0], paths[1]], interface: TestService.childInterface, at: [0, 1])
        }
        let received = events.wait(for: 4)
        #expect(
            received.map { $0.split(separator: " ").dropLast().joined(separator: " ") } == [
                "\(paths[3]) Size=7", "\(paths[2]) Name='alike',Size=7", "\(paths[0]) Name='alike',Size=7",
                "\(paths[1]) Name='alike',Size=7",
            ])
        #expect(Set(received.compactMap { $0.split(separator: " ").last }).count == 4, "serials: \(received)")
    }

    /// The name and size of the child objects of these tests, each object reading them through
    /// its own reader by position: the getter here must never run.
    private static func childProperties() -> [Interface.Property] {
        ["Name", "Size"].map { name in
            Interface.Property(name, signature: name == "Name" ? "s" : "u") {
                (_: inout MessageWriter) throws(DBusError) in
                throw .failed("the shared getter of \(name) was called")
            }
        }
    }

    /// The `PropertiesChanged` signals `client` receives once this returns, from `path` or from
    /// every object, each as `describe` puts the message and its values ("Name='x',Size=1").
    private func childChanges(
        _ client: Client, from path: String? = nil, _ describe: @escaping (Message, String) -> String
    ) throws -> Inbox<String> {
        let events = Inbox<String>()
        try client.run { connection in
            client.keep(
                try connection.subscribe(
                    MatchRule(path: path, interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged")
                ) { message in
                    guard let (_, changed, _) = try? message.decode(String.self, [String: Variant].self, [String].self)
                    else { return }
                    events.put(
                        describe(
                            message, changed.keys.sorted().map { "\($0)=\(changed[$0]!.value)" }.joined(separator: ","))
                    )
                })
            _ = try connection.call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                interface: "org.freedesktop.DBus", method: "GetId")
        }
        return events
    }

    /// The ObjectManager signals of the test service, as `client` receives them once this
    /// returns: "added PATH [INTERFACES] LABEL" and "removed PATH [INTERFACES]".
    private func objectManagerEvents(_ client: Client) throws -> Inbox<String> {
        let events = Inbox<String>()
        try client.run { connection in
            client.keep(
                try connection.subscribe(
                    MatchRule(
                        path: TestService.path.rawValue,
                        interface: "org.freedesktop.DBus.ObjectManager")
                ) { message in
                    if message.member == "InterfacesAdded",
                        let (path, interfaces) = try? message.decode(ObjectPath.self, [String: [String: Variant]].self)
                    {
                        events.put(
                            "added \(path) \(interfaces.keys.sorted()) \(interfaces[TestService.childInterface]?["Label"]?.value ?? .string("?"))"
                        )
                    } else if let (path, interfaces) = try? message.decode(ObjectPath.self, [String].self) {
                        events.put("removed \(path) \(interfaces)")
                    }
                })
            // A round trip to the bus: the match is in place when it returns.
            _ = try connection.call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                interface: "org.freedesktop.DBus", method: "GetId")
        }
        return events
    }

    /// The test service's `GetManagedObjects`, through `client`.
    private func managedObjects(_ client: Client) throws -> [ObjectPath: [String: [String: Variant]]] {
        try client.run { connection in
            try connection.call(
                destination: TestService.name, path: TestService.path.rawValue,
                interface: "org.freedesktop.DBus.ObjectManager", method: "GetManagedObjects"
            )
            .decode([ObjectPath: [String: [String: Variant]]].self)
        }
    }

    @Test("a deferred reply arrives later; one dropped unanswered becomes NoReply")
    func deferredReplies() throws {
        let fixture = try ServiceFixture()
        let client = try Client(address: fixture.bus.address)
        let later = try client.run { connection in
            try connection.call(
                destination: TestService.name, path: TestService.path.rawValue,
                interface: TestService.interface, method: "Later", UInt32(50)
            ).decode(String.self)
        }
        #expect(later == "late by 50")
        #expect(throws: DBusError.noReply("the service dropped the call without answering")) {
            _ = try client.run { connection in
                try connection.call(
                    destination: TestService.name, path: TestService.path.rawValue,
                    interface: TestService.interface, method: "Drop")
            }
        }
    }

    @Test("answering a deferred call whose caller left the bus is harmless")
    func callerLeft() throws {
        let fixture = try ServiceFixture()
        let leaving = try Client(address: fixture.bus.address)
        try leaving.run { connection in
            leaving.keep(
                try connection.callAsync(
                    destination: TestService.name, path: TestService.path.rawValue,
                    interface: TestService.interface, method: "Keep"
                ) { _ in })
            _ = try connection.call(
                destination: TestService.name, path: TestService.path.rawValue,
                interface: "org.freedesktop.DBus.Peer", method: "Ping")
        }
        try leaving.leave()
        let answered = try fixture.busctl([
            "call", TestService.name, TestService.path.rawValue, TestService.interface, "AnswerKept",
        ])
        #expect(answered.output.trimmingCharacters(in: .whitespacesAndNewlines) == "u 1")
        let after = try fixture.busctl([
            "call", TestService.name, TestService.path.rawValue, TestService.interface, "Concat", "ss", "a", "b",
        ])
        #expect(after.output.trimmingCharacters(in: .whitespacesAndNewlines) == "s \"ab\"")
    }

    @Test("a handler sees the caller's unique name")
    func callerName() throws {
        let fixture = try ServiceFixture()
        let caller = try Connection(.address(fixture.bus.address))
        let seen = try caller.call(
            destination: TestService.name, path: TestService.path.rawValue,
            interface: TestService.interface, method: "WhoAmI"
        ).decode(String.self)
        #expect(seen == caller.uniqueName)
        #expect(seen.hasPrefix(":"))
    }

    @Test("a second owner of the name is refused with fail-if-taken; the owner can release it")
    func names() throws {
        let fixture = try ServiceFixture()
        let other = try Connection(.address(fixture.bus.address))
        #expect(try other.requestName(TestService.name, flags: .failIfTaken) == .exists)
        #expect(try other.requestName(TestService.name, flags: []) == .inQueue)
        #expect(try other.requestName("org.example.Other", flags: .failIfTaken) == .primaryOwner)
        #expect(try other.requestName("org.example.Other") == .alreadyOwner)
        #expect(try other.releaseName("org.example.Other") == .released)
        #expect(try other.releaseName("org.example.Other") == .nonExistent)
        #expect(throws: DBusError.self) { _ = try other.requestName("not a name") }
        #expect(other.uniqueName.hasPrefix(":"))
    }
}
