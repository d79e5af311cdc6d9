import Foundation
import TabbardTestSupport
import Testing

/// The daemon's `Introspect` against the interface file `dbus/org.tabbard.TabBar1.xml`.
@Suite("Introspection matches the interface file")
struct IntrospectionTests {
    static let interfaceFile = PackagePaths.root.appendingPathComponent("dbus/org.tabbard.TabBar1.xml").path

    static func compare(_ address: String, with file: String) throws -> (objects: [String], problems: [String]) {
        let output = try runScript("tabbar_client.py", [address, "introspect", file])
        guard let report = try parseJSON(output) as? [String: Any], let objects = report["objects"] as? [String],
            let problems = report["problems"] as? [String]
        else { throw TestFailure("introspect printed \(output)") }
        return (objects, problems)
    }

    @Test("every object's interfaces, members, arguments, property types and access, and annotations match the file")
    func introspectionMatches() throws {
        let daemon = try DaemonProcess()
        let (objects, problems) = try Self.compare(daemon.bus.address, with: Self.interfaceFile)
        #expect(objects.count == 18 && objects.contains(Names.tab("world-clock")), "\(objects)")
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("the comparison notices a changed argument name, property access and doc string")
    func comparisonNoticesDifferences() throws {
        var text = try String(contentsOfFile: Self.interfaceFile, encoding: .utf8)
        for (old, new) in [
            ("name=\"tab_id_a\"", "name=\"first\""),
            (
                "name=\"Translucent\" type=\"b\" access=\"readwrite\"",
                "name=\"Translucent\" type=\"b\" access=\"read\""
            ),
        ] {
            #expect(text.contains(old))
            text = text.replacingOccurrences(of: old, with: new)
        }
        let docs = try #require(text.range(of: "value=\""))
        text.insert(contentsOf: "Changed. ", at: docs.upperBound)
        let changed = try makeTemporaryDirectory() + "/changed.xml"
        try text.write(toFile: changed, atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess()
        let (_, problems) = try Self.compare(daemon.bus.address, with: changed)
        #expect(problems.contains { $0.contains("SwapTabs") }, "\(problems)")
        #expect(problems.contains { $0.contains("Translucent") }, "\(problems)")
        #expect(problems.count >= 3, "\(problems)")
    }

    @Test("Describe holds exactly the controller's properties and, per catalog tab, the tab's, with the same values")
    func describeMatchesProperties() throws {
        let daemon = try DaemonProcess()
        try busctlCall(daemon.bus.address, "SetBadge", "ss", "songs", "")
        try busctlCall(daemon.bus.address, "SetDividerImage", "sss", "divider", "normal", "selected")
        try busctlCall(daemon.bus.address, "Navigate", "ss", "videos", "movies")
        let output = try runScript("tabbar_client.py", [daemon.bus.address, "describe"])
        let report = try parseJSON(output) as? [String: Any]
        #expect(report?["tabs"] as? Int == 16, "\(output)")
        #expect((report?["problems"] as? [String])?.isEmpty == true, "\(output)")
    }

    @Test("GetManagedObjects lists the bar and every catalog tab with its properties")
    func managedObjects() throws {
        let daemon = try DaemonProcess()
        let result = try runCommand([
            "/usr/bin/busctl", "--address=\(daemon.bus.address)", "--json=short", "call",
            Names.service, Names.controller, "org.freedesktop.DBus.ObjectManager", "GetManagedObjects",
        ])
        let reply = try parseJSON(result.output) as? [String: Any]
        let objects = ((reply?["data"] as? [Any])?.first as? [String: Any]) ?? [:]
        #expect(objects.count == 17, "\(objects.keys.sorted())")
        let alarm = (objects[Names.tab("alarm")] as? [String: Any])?[Names.tabInterface] as? [String: Any]
        #expect((alarm?["Title"] as? [String: Any])?["data"] as? String == "Alarm", "\(alarm ?? [:])")
        #expect(objects[Names.bar] != nil)
    }
}
