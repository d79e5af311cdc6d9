import DBus
import TabModel

extension TabBarService {
    /// The `org.tabbard.TabBar1` table: every method, signal and property of the controller
    /// (dbus-api.md), each answered by the model.
    func controllerInterface() -> Interface {
        Interface(BusNames.controllerInterface, doc: InterfaceDocs.controller[""],
                  methods: selectionMethods() + structureMethods() + customizationMethods() + tabMethods()
                      + contentMethods() + settingMethods() + delegateMethods(),
                  signals: controllerSignals(), properties: controllerProperties())
    }

    /// A method of the controller, documented from the interface file; `unprivileged` for the
    /// ones that only read, open to every caller (dbus-api.md, Access).
    func method(
        _ name: String, _ inputs: [Argument] = [], _ outputs: [Argument] = [], unprivileged: Bool = false,
        handler: @escaping MethodHandler
    ) -> Interface.Method {
        Interface.Method(name, inputs: inputs, outputs: outputs, doc: InterfaceDocs.controller[name],
                         unprivileged: unprivileged, handler: handler)
    }

    // MARK: - Selection and taps

    private func selectionMethods() -> [Interface.Method] {
        [
            method("Select", [Argument("tab_id", "s")]) { [unowned self] call in
                let id = try call.decode(String.self)
                try perform { controller throws(TabError) in try controller.select(id) }
                return try call.reply()
            },
            method("SelectIndex", [Argument("index", "i")]) { [unowned self] call in
                let index = try call.decode(Int32.self)
                try perform { controller throws(TabError) in try controller.selectIndex(Int(index)) }
                return try call.reply()
            },
            method("SelectMore") { [unowned self] call in
                try perform { controller throws(TabError) in try controller.selectMore() }
                return try call.reply()
            },
            method("Tap", [Argument("item", "s")], [Argument("selected", "b")]) { [unowned self] call in
                try gate.tap(try call.decode(String.self), call: call)
            },
        ]
    }

    // MARK: - The controller's tabs

    private func structureMethods() -> [Interface.Method] {
        [
            method("SetTabs", [Argument("tab_ids", "as")]) { [unowned self] call in
                let ids = try call.decode([String].self)
                try perform { controller throws(TabError) in try controller.setTabs(ids) }
                return try call.reply()
            },
            method("AddTab", [Argument("tab_id", "s"), Argument("position", "i")]) { [unowned self] call in
                let (id, position) = try call.decode(String.self, Int32.self)
                try perform { controller throws(TabError) in try controller.addTab(id, at: Int(position)) }
                return try call.reply()
            },
            method("RemoveTab", [Argument("tab_id", "s")]) { [unowned self] call in
                let id = try call.decode(String.self)
                try perform { controller throws(TabError) in try controller.removeTab(id) }
                return try call.reply()
            },
            method("SetCustomizable", [Argument("tab_ids", "as")]) { [unowned self] call in
                let ids = try call.decode([String].self)
                try perform { controller throws(TabError) in try controller.setCustomizable(ids) }
                return try call.reply()
            },
        ]
    }

    // MARK: - Customization

    private func customizationMethods() -> [Interface.Method] {
        [
            method("BeginCustomizing") { [unowned self] call in
                let owner = call.sender
                try perform { controller throws(TabError) in try controller.beginCustomizing(owner: owner) }
                return try call.reply()
            },
            method("MoveTab", [Argument("tab_id", "s"), Argument("index", "u")]) { [unowned self] call in
                let (id, index) = try call.decode(String.self, UInt32.self)
                let owner = call.sender
                sessionWatch.touch(by: owner)
                try perform { controller throws(TabError) in try controller.moveTab(id, to: Int(index), owner: owner) }
                return try call.reply()
            },
            method("SwapTabs", [Argument("tab_id_a", "s"), Argument("tab_id_b", "s")]) { [unowned self] call in
                let (first, second) = try call.decode(String.self, String.self)
                let owner = call.sender
                sessionWatch.touch(by: owner)
                try perform { controller throws(TabError) in try controller.swapTabs(first, second, owner: owner) }
                return try call.reply()
            },
            method("EndCustomizing", [], [Argument("changed", "b")]) { [unowned self] call in
                let owner = call.sender
                let changed = try perform { controller throws(TabError) in
                    let outcome = try controller.endCustomizing(owner: owner)
                    return (outcome.changed, outcome.events)
                }
                return try call.reply(changed)
            },
            method("Customize", [Argument("tab_ids", "as")], [Argument("changed", "b")]) { [unowned self] call in
                let order = try call.decode([String].self)
                let changed = try perform { controller throws(TabError) in
                    let outcome = try controller.customize(order)
                    return (outcome.changed, outcome.events)
                }
                return try call.reply(changed)
            },
        ]
    }

    // MARK: - Items

    private func tabMethods() -> [Interface.Method] {
        [
            method("SetBadge", [Argument("tab_id", "s"), Argument("value", "s")]) { [unowned self] call in
                let (id, value) = try call.decode(String.self, String.self)
                try perform { controller throws(TabError) in try controller.setBadge(id, to: try Badge(value: value)) }
                return try call.reply()
            },
            method("ClearBadge", [Argument("tab_id", "s")]) { [unowned self] call in
                let id = try call.decode(String.self)
                try perform { controller throws(TabError) in try controller.setBadge(id, to: nil) }
                return try call.reply()
            },
            method("SetBadgeColor", [Argument("tab_id", "s"), Argument("color", "s")]) { [unowned self] call in
                let (id, color) = try call.decode(String.self, String.self)
                try perform { controller throws(TabError) in try controller.setBadgeColor(id, to: color) }
                return try call.reply()
            },
            method("SetEnabled", [Argument("tab_id", "s"), Argument("enabled", "b")]) { [unowned self] call in
                let (id, enabled) = try call.decode(String.self, Bool.self)
                try perform { controller throws(TabError) in try controller.setEnabled(id, enabled) }
                return try call.reply()
            },
        ]
    }

    // MARK: - Settings, state, and the whole picture

    private func settingMethods() -> [Interface.Method] {
        [
            method("SetOrientation", [Argument("orientation", "s")]) { [unowned self] call in
                let name = try call.decode(String.self)
                try perform { controller throws(TabError) in try controller.setOrientation(name) }
                return try call.reply()
            },
            method("SetDividerImage", [Argument("image", "s"), Argument("left_state", "s"), Argument("right_state", "s")]) {
                [unowned self] call in
                let (image, left, right) = try call.decode(String.self, String.self, String.self)
                try perform { controller throws(TabError) in try controller.setDividerImage(image, left: left, right: right) }
                return try call.reply()
            },
            method("Reset") { [unowned self] call in
                try perform { controller throws(TabError) in controller.reset() }
                return try call.reply()
            },
            method("Describe", [], [Argument("json", "s")], unprivileged: true) { [unowned self] call in
                try call.reply(describe())
            },
        ]
    }

    private func delegateMethods() -> [Interface.Method] {
        [
            method("RegisterDelegate", [Argument("path", "o")]) { [unowned self] call in
                let path = try call.decode(DBus.ObjectPath.self)
                let owner = call.sender
                try perform { controller throws(TabError) in try controller.registerDelegate(owner: owner, path: path.rawValue) }
                return try call.reply()
            },
            method("UnregisterDelegate", [Argument("path", "o")]) { [unowned self] call in
                let path = try call.decode(DBus.ObjectPath.self)
                let owner = call.sender
                try perform { controller throws(TabError) in try controller.unregisterDelegate(owner: owner, path: path.rawValue) }
                return try call.reply()
            },
        ]
    }

    // MARK: - Signals and properties

    private func controllerSignals() -> [Interface.Signal] {
        let docs = InterfaceDocs.controller
        return [
            Interface.Signal("DidSelect", arguments: [Argument("item", "s")], doc: docs["DidSelect"]),
            Interface.Signal("WillBeginCustomizing", arguments: [Argument("tab_ids", "as")], doc: docs["WillBeginCustomizing"]),
            Interface.Signal("WillEndCustomizing", arguments: [Argument("tab_ids", "as"), Argument("changed", "b")],
                             doc: docs["WillEndCustomizing"]),
            Interface.Signal("DidEndCustomizing", arguments: [Argument("tab_ids", "as"), Argument("changed", "b")],
                             doc: docs["DidEndCustomizing"]),
        ]
    }

    private func controllerProperties() -> [Interface.Property] {
        var properties = ControllerProperty.allCases.map { property in
            Interface.Property(
                property.rawValue, signature: property.signature, doc: InterfaceDocs.controller[property.rawValue],
                getter: { [unowned self] (writer: inout MessageWriter) throws(DBusError) in
                    try writer.append(property: controller.value(of: property))
                },
                setter: property.isWritable ? { [unowned self] reader, _ in try set(property, from: &reader) } : nil)
        }
        properties.append(.read("Version", String.self, emitsChanged: .const, doc: InterfaceDocs.controller["Version"]) {
            [unowned self] () throws(DBusError) -> String in version
        })
        return properties
    }

    /// `Properties.Set` of a writable controller property: the wrong D-Bus type is the
    /// standard `InvalidArgs`, a value out of range the model's `InvalidArgument` (ERR-1).
    private func set(_ property: ControllerProperty, from reader: inout MessageReader) throws {
        let raw = try reader.readValue()
        guard let value = PropertyValue(raw, signature: property.signature) else {
            throw DBusError.invalidArgs("\(property.rawValue) is '\(property.signature)', not '\(raw.signature)'")
        }
        try perform { controller throws(TabError) in try controller.set(property, to: value) }
    }
}
