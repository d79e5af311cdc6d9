import DBus
import TabModel
import TabbardBusContract
import TabbardPluginHost

/// The whole `org.tabbard.TabBar1` table: every method, signal and property of the controller
/// (dbus-api.md), each answered by the model through `service`. Most methods are one model
/// operation (`change`); the rest say why they are not.
struct ControllerInterface {
    private let service: TabBarService
    private let identity: DaemonIdentity

    /// The table of `service`'s controller in a daemon of `identity`.
    init(_ service: TabBarService, identity: DaemonIdentity) {
        self.service = service
        self.identity = identity
    }

    /// The interface, documented from the interface file.
    var table: Interface {
        Interface(
            BusNames.controllerInterface, doc: InterfaceDocs.controller[""],
            methods: selection + structure + customization + items + content + settings + delegate + standaloneBars
                + views,
            signals: signals, properties: properties)
    }

    // MARK: - Selection and taps

    private var selection: [Interface.Method] {
        [
            inPlace("Select", ("tab_id", String.self)) { id in .select(id) },
            inPlace("SelectIndex", ("index", Int32.self)) { index in .selectIndex(Int(index)) },
            inPlace("SelectMore") { .selectMore() },
            // TAP-7: answered when the delegate has decided, which may be after other calls.
            method("Tap", [Argument("item", "s")], [Argument("selected", "b")]) { [unowned service] call in
                try service.gate.tap(try call.decode(String.self), call: call, model: service)
            },
        ]
    }

    // MARK: - The controller's tabs

    private var structure: [Interface.Method] {
        [
            change("SetTabs", ("tab_ids", [String].self)) {
                (controller: inout TabController, _, ids) throws(TabError) in
                try controller.setTabs(ids)
            },
            change("AddTab", ("tab_id", String.self), ("position", Int32.self)) {
                (controller: inout TabController, _, id, position) throws(TabError) in
                try controller.addTab(id, at: Int(position))
            },
            change("RemoveTab", ("tab_id", String.self)) { (controller: inout TabController, _, id) throws(TabError) in
                try controller.removeTab(id)
            },
            change("SetCustomizable", ("tab_ids", [String].self)) {
                (controller: inout TabController, _, ids) throws(TabError) in
                try controller.setCustomizable(ids)
            },
        ]
    }

    // MARK: - Customization

    private var customization: [Interface.Method] {
        [
            change("BeginCustomizing") { (controller: inout TabController, caller) throws(TabError) in
                try controller.beginCustomizing(owner: caller)
            },
            change("MoveTab", ("tab_id", String.self), ("index", UInt32.self)) {
                (controller: inout TabController, caller, id, index) throws(TabError) in
                try controller.moveTab(id, to: Int(index), owner: caller)
            },
            change("SwapTabs", ("tab_id_a", String.self), ("tab_id_b", String.self)) {
                (controller: inout TabController, caller, first, second) throws(TabError) in
                try controller.swapTabs(first, second, owner: caller)
            },
            // These two answer whether the order changed.
            method("EndCustomizing", [], [Argument("changed", "b")]) { [unowned service] call in
                let owner = call.sender
                return try service.carryOut(
                    .refusable { controller throws(TabError) in
                        let outcome = try controller.endCustomizing(owner: owner)
                        return (outcome.changed, outcome.events)
                    }
                ) { changed throws(DBusError) in try call.reply(changed) }
            },
            method("Customize", [Argument("tab_ids", "as")], [Argument("changed", "b")]) { [unowned service] call in
                let order = try call.decode([String].self)
                return try service.carryOut(
                    .refusable { controller throws(TabError) in
                        let outcome = try controller.customize(order)
                        return (outcome.changed, outcome.events)
                    }
                ) { changed throws(DBusError) in try call.reply(changed) }
            },
        ]
    }

    // MARK: - Items

    private var items: [Interface.Method] {
        [
            inPlace("SetBadge", ("tab_id", String.self), ("value", String.self)) { id, value in
                .setBadge(id, text: value)
            },
            inPlace("ClearBadge", ("tab_id", String.self)) { id in .setBadge(id, text: nil) },
            inPlace("SetBadgeColor", ("tab_id", String.self), ("color", String.self)) { id, color in
                .setBadgeColor(id, to: color)
            },
            change("SetEnabled", ("tab_id", String.self), ("enabled", Bool.self)) {
                (controller: inout TabController, _, id, enabled) throws(TabError) in
                try controller.setEnabled(id, enabled)
            },
        ]
    }

    // MARK: - Content: what reaches a tab's plugin

    /// They work for every catalog tab, in `Tabs` or not (NAV-2).
    private var content: [Interface.Method] {
        [
            // NAV-2: the plugin must know the page before the model pushes it.
            method("Navigate", [Argument("tab_id", "s"), Argument("page", "s")]) { [unowned service] call in
                let (id, page) = try call.decode(String.self, String.self)
                guard service.answersLater(id) else {
                    return try service.navigate(id, to: page) { () throws(DBusError) in try call.reply() }
                }
                return try call.deferReply { reply in
                    try service.navigate(id, to: page) {
                        Self.answer(reply, $0) { (_: Void) throws(DBusError) in try reply.reply() }
                    }
                }
            },
            change("Back", ("tab_id", String.self)) { (controller: inout TabController, _, id) throws(TabError) in
                try controller.back(id)
            },
            change("PopToRoot", ("tab_id", String.self)) { (controller: inout TabController, _, id) throws(TabError) in
                try controller.popToRoot(id)
            },
            method(
                "GetContent", [Argument("tab_id", "s")],
                [Argument("page", "s"), Argument("mime_type", "s"), Argument("body", "s")], unprivileged: true
            ) {
                [unowned service] call in
                let id = try call.decode(String.self)
                guard service.answersLater(id) else {
                    let content = try service.content(of: id)
                    return try call.reply(content.title, content.mimeType, content.body)
                }
                return try call.deferReply { reply in
                    try service.content(of: id) {
                        Self.answer(reply, $0) { (content: PluginContent) throws(DBusError) in
                            try reply.reply(content.title, content.mimeType, content.body)
                        }
                    }
                }
            },
            // PAGE-1: the same render as GetContent, with rows and labelled actions.
            method("GetPage", [Argument("tab_id", "s")], [Argument("page", "a{sv}")], unprivileged: true) {
                [unowned service] call in
                let id = try call.decode(String.self)
                guard service.answersLater(id) else { return try call.reply(service.page(of: id)) }
                return try call.deferReply { reply in
                    try service.page(of: id) {
                        Self.answer(reply, $0) { (page: PageDocument) throws(DBusError) in
                            try reply.reply(page)
                        }
                    }
                }
            },
            method("Activate", [Argument("tab_id", "s"), Argument("action", "s")]) { [unowned service] call in
                let (id, action) = try call.decode(String.self, String.self)
                guard service.answersLater(id) else {
                    try service.activate(action, of: id)
                    return try call.reply()
                }
                return try call.deferReply { reply in
                    try service.activate(action, of: id) {
                        Self.answer(reply, $0) { (_: Void) throws(DBusError) in try reply.reply() }
                    }
                }
            },
        ]
    }

    /// Answers a call that was answered later (a tab whose plugin runs in a helper): `send`
    /// the value, or the error.
    private static func answer<Value>(
        _ reply: DeferredReply, _ result: Result<Value, DBusError>,
        send: (Value) throws(DBusError) -> Void
    ) {
        switch result {
        case .success(let value): try? send(value) // A reply that cannot be sent became an error reply.
        case .failure(let error): reply.fail(error)
        }
    }

    // MARK: - Settings, state, and the whole picture

    private var settings: [Interface.Method] {
        [
            change("SetOrientation", ("orientation", String.self)) {
                (controller: inout TabController, _, name) throws(TabError) in
                try controller.setOrientation(name)
            },
            change("SetDividerImage", ("image", String.self), ("left_state", String.self), ("right_state", String.self))
            {
                (controller: inout TabController, _, image, left, right) throws(TabError) in
                try controller.setDividerImage(image, left: left, right: right)
            },
            change("Reset") { (controller: inout TabController, _) throws(TabError) in controller.reset() },
            method("Describe", [], [Argument("json", "s")], unprivileged: true) { [unowned service, identity] call in
                // Written under the model's lock, in place: no copy of 10,000 tabs.
                let views = service.views.all
                return try call.reply(
                    service.model.read { DescribeDocument.json(of: $0, identity: identity, views: views) })
            },
        ]
    }

    // MARK: - The delegate

    private var delegate: [Interface.Method] {
        [
            change("RegisterDelegate", ("path", DBus.ObjectPath.self)) {
                (controller: inout TabController, caller, path) throws(TabError) in
                try controller.registerDelegate(owner: caller, path: path.rawValue)
            },
            change("UnregisterDelegate", ("path", DBus.ObjectPath.self)) {
                (controller: inout TabController, caller, path) throws(TabError) in
                try controller.unregisterDelegate(owner: caller, path: path.rawValue)
            },
        ]
    }

    // MARK: - Standalone bars (SBAR-1)

    private var standaloneBars: [Interface.Method] {
        [
            // Answers the new bar's object, which is on the bus (InterfacesAdded) by the reply.
            method("CreateBar", [Argument("name", "s")], [Argument("bar", "o")]) { [unowned service] call in
                let name = try call.decode(String.self)
                return try service.carryOut(
                    .refusable { controller throws(TabError) in try controller.createBar(name) }
                ) {
                    _ throws(DBusError) in try call.reply(BusNames.barPath(name))
                }
            },
            change("RemoveBar", ("name", String.self)) { (controller: inout TabController, _, name) throws(TabError) in
                try controller.removeBar(name)
            },
        ]
    }

    // MARK: - Views (VIEW-1)

    private var views: [Interface.Method] {
        [
            // Open to every caller (VIEW-4); answers the view's object, on the bus by the reply.
            method("OpenView", [Argument("settings", "a{sv}")], [Argument("view", "o")], unprivileged: true) {
                [unowned service] call in
                let settings = try call.decode([String: Variant].self)
                return try call.reply(try service.openView(settings, by: call.sender))
            }
        ]
    }

    // MARK: - Signals and properties

    private var signals: [Interface.Signal] {
        let docs = InterfaceDocs.controller
        return [
            Interface.Signal("DidSelect", arguments: [Argument("item", "s")], doc: docs["DidSelect"]),
            Interface.Signal(
                "WillBeginCustomizing", arguments: [Argument("tab_ids", "as")], doc: docs["WillBeginCustomizing"]),
            Interface.Signal(
                "WillEndCustomizing", arguments: [Argument("tab_ids", "as"), Argument("changed", "b")],
                doc: docs["WillEndCustomizing"]),
            Interface.Signal(
                "DidEndCustomizing", arguments: [Argument("tab_ids", "as"), Argument("changed", "b")],
                doc: docs["DidEndCustomizing"]),
        ]
    }

    /// Where `Bars` sits in the table's properties: after every `ControllerProperty`, in
    /// order, and `Version`.
    static let barsPosition = ControllerProperty.allCases.count + 1

    private var properties: [Interface.Property] {
        var properties = ControllerProperty.allCases.map { [service] property in
            Interface.Property(
                property.rawValue, signature: property.signature, doc: InterfaceDocs.controller[property.rawValue],
                getter: { [unowned service] (writer: inout MessageWriter) throws(DBusError) in
                    try writer.append(property: service.model.read { $0.value(of: property) })
                },
                setter: property.isWritable
                    ? { [unowned service] reader, _ in try Self.set(property, from: &reader, of: service) } : nil)
        }
        properties.append(
            .read("Version", String.self, emitsChanged: .const, doc: InterfaceDocs.controller["Version"]) {
                [identity] () throws(DBusError) -> String in identity.version
            })
        // SBAR-1: the daemon announces it whenever bars come or go.
        assert(properties.count == Self.barsPosition, "Bars must sit where announcements look for it")
        properties.append(
            .read("Bars", [String].self, doc: InterfaceDocs.controller["Bars"]) {
                [unowned service] () throws(DBusError) -> [String] in service.model.read { $0.barNames }
            })
        properties.append(
            .read("InstanceId", String.self, emitsChanged: .const, doc: InterfaceDocs.controller["InstanceId"]) {
                [identity] () throws(DBusError) -> String in identity.instanceId
            })
        return properties
    }

    /// `Properties.Set` of a writable controller property (ERR-1).
    private static func set(
        _ property: ControllerProperty, from reader: inout MessageReader, of service: TabBarService
    ) throws {
        let value = try reader.readProperty(property.rawValue, signature: property.signature)
        try service.carryOut(.refusable { controller throws(TabError) in try controller.set(property, to: value) })
    }

    // MARK: - Building methods

    private var builder: ModelMethods { ModelMethods(service: service, docs: InterfaceDocs.controller) }

    private func method(
        _ name: String, _ inputs: [Argument] = [], _ outputs: [Argument] = [], unprivileged: Bool = false,
        handler: @escaping MethodHandler
    ) -> Interface.Method {
        builder.method(name, inputs, outputs, unprivileged: unprivileged, handler: handler)
    }

    /// A model operation as a method (`ModelMethods.change`).
    private func change<each Input: DBusDecodable>(
        _ name: String, _ inputs: repeat (String, (each Input).Type),
        operation: @escaping (inout TabController, _ caller: String, repeat each Input) throws(TabError) -> TabEvents
    ) -> Interface.Method {
        builder.change(name, repeat each inputs, operation: operation)
    }

    /// A model operation made in place as a method (`ModelMethods.inPlace`).
    private func inPlace<each Input: DBusDecodable>(
        _ name: String, _ inputs: repeat (String, (each Input).Type),
        change: @escaping (repeat each Input) -> ModelChange<Void>
    ) -> Interface.Method {
        builder.inPlace(name, repeat each inputs, change: change)
    }
}
