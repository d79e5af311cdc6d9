import Foundation
import TabbardTestSupport
import Testing

/// The controller's own bar: the `Bar` interface of a standalone bar, read-only (BAR-1).
@Suite("The controller's bar is locked")
struct ControllerBarTests {
    static let locked = "BarLocked"
    static let path = Names.bar

    /// Every changing member of `org.tabbard.TabBar1.Bar`, and a `Set` of every property a
    /// standalone bar lets clients write.
    static let changes: [BusCall] =
        [
            BusCall(
                path: path, interface: Names.barInterface, "AddItem", .string("x"), .string("X"), .string(""),
                .string(""), fails: locked),
            BusCall(
                path: path, interface: Names.barInterface, "AddSystemItem", .string("x"), .string("favorites"),
                .int32(0), fails: locked),
            BusCall(path: path, interface: Names.barInterface, "RemoveItem", .string("alarm"), fails: locked),
            BusCall(
                path: path, interface: Names.barInterface, "SetItems", .strings(["alarm"]), .bool(true), fails: locked),
            BusCall(path: path, interface: Names.barInterface, "SetSelectedItem", .string("alarm"), fails: locked),
            BusCall(path: path, interface: Names.barInterface, "Tap", .string("alarm"), fails: locked),
            BusCall(
                path: path, interface: Names.barInterface, "BeginCustomizingItems", .strings(["alarm"]), fails: locked),
            BusCall(
                path: path, interface: Names.barInterface, "ReplaceItem", .uint32(0), .string("alarm"), fails: locked),
            BusCall(path: path, interface: Names.barInterface, "MoveItem", .string("alarm"), .uint32(0), fails: locked),
            BusCall(path: path, interface: Names.barInterface, "EndCustomizingItems", fails: locked),
            BusCall(
                path: path, interface: Names.barInterface, "SetDividerImage", .string("d"), .string("normal"),
                .string("normal"), fails: locked),
        ]
        + [
            "BarStyle", "BarTintColor", "TintColor", "UnselectedItemTintColor", "BackgroundImage", "ShadowImage",
            "SelectionIndicatorImage",
        ].map { BusCall.set($0, .string("#123456"), on: path, interface: Names.barInterface, fails: locked) }
        + [BusCall.set("Translucent", .bool(false), on: path, interface: Names.barInterface, fails: locked)]
        + ["Items", "DefinedItems", "SelectedItem", "Name", "EffectiveBarColor"].map {
            BusCall.set(
                $0, .string("x"), on: path, interface: Names.barInterface,
                fails: "org.freedesktop.DBus.Error.PropertyReadOnly")
        }

    @Test(
        "every changing member of Bar and every Set of a property writable on a standalone bar answers BarLocked; a property read-only on every bar PropertyReadOnly; nothing changes (BAR-1)"
    )
    func everyChangeIsLocked() throws {
        let daemon = try DaemonProcess()
        let bus = daemon.bus.address
        let before = try StateTests.describe(bus)
        let outcomes = try callThroughPython(address: bus, Self.changes)
        for (call, outcome) in zip(Self.changes, outcomes) {
            #expect(outcome.error == call.error, "\(call): \(outcome.values)")
        }
        for call in Self.changes.prefix(3) {
            let outcome = try call.throughGDBus(address: bus)
            #expect(outcome.error == call.error, "\(call): \(outcome.output)")
        }
        #expect(StateTests.differences(before, try StateTests.describe(bus)).isEmpty)
    }

    @Test(
        "the controller's bar mirrors the controller: no name, its tabs as defined items, its session and appearance, announced with them (BAR-1)"
    )
    func mirrorsController() throws {
        let daemon = try DaemonProcess()
        let bus = daemon.bus.address
        #expect(try stringProperty(bus, "Name", path: Self.path, interface: Names.barInterface) == "")
        #expect(
            try stringsProperty(bus, "DefinedItems", path: Self.path, interface: Names.barInterface)
                == stringsProperty(bus, "Tabs"))
        let events = try recordEvents(
            address: bus, [BusCall.set("TintColor", .string("#123456")), BusCall("BeginCustomizing")])
        let changedOnBar = events.compactMap { event -> [String: Any]? in
            guard case .signal(Self.path, _, "PropertiesChanged", let arguments) = event else { return nil }
            return arguments.dropFirst().first as? [String: Any]
        }
        #expect(changedOnBar.contains { $0["TintColor"] as? String == "#123456" }, "\(events)")
        #expect(changedOnBar.contains { $0["Customizing"] as? Bool == true }, "\(events)")
        #expect(try stringProperty(bus, "TintColor", path: Self.path, interface: Names.barInterface) == "#123456")
    }
}
