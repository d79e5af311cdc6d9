import DBus
import TabModel
import TabbardBusContract

/// `org.tabbard.TabBar1.Bar`: one interface for two kinds of bar (dbus-api.md). On a
/// standalone bar every member works (SBAR-1..6). The controller's own bar has the same
/// members and properties, so that a renderer reads both alike, but it is read-only to
/// clients: every changing member and every `Set` of a property that a standalone bar lets
/// clients write answers `BarLocked` (BAR-1), and its properties mirror the controller.
enum BarInterface {
    /// The table of the standalone bar `name` of `service`.
    static func standalone(_ name: String, _ service: TabBarService) -> Interface {
        let properties = StandaloneBarProperty.allCases.map { property in
            self.property(
                property, of: name,
                read: { [unowned service] in service.model.read { $0.value(of: property, bar: name) } },
                write: property.writable.map { appearance in
                    { [unowned service] reader, _ in
                        let value = try reader.readProperty(property.wireName, signature: property.signature)
                        try service.carryOut(
                            .refusable { controller throws(TabError) in
                                try controller.setAppearance(appearance, to: value, on: name)
                            })
                    }
                })
        }
        return Interface(
            BusNames.barInterface, doc: InterfaceDocs.bar[""], methods: methods(of: name, service),
            signals: signals, properties: properties)
    }

    /// The table of `service`'s controller bar (BAR-1).
    static func controllersBar(_ service: TabBarService) -> Interface {
        let properties = StandaloneBarProperty.allCases.map { property in
            self.property(
                property, of: "",
                read: { [unowned service] in service.model.read { $0.controllersBarValue(of: property) } },
                write: property.writable.map { _ in
                    { _, _ in throw ServiceError.barLocked("Set \(property.wireName)").dbusError }
                })
        }
        return Interface(
            BusNames.barInterface, doc: InterfaceDocs.bar[""],
            methods: methods(of: "", service).map(ModelMethods.locked),
            signals: signals, properties: properties)
    }

    // MARK: - Members

    /// The members of the standalone bar `bar`, in the order of the contract.
    private static func methods(of bar: String, _ service: TabBarService) -> [Interface.Method] {
        let builder = ModelMethods(service: service, docs: InterfaceDocs.bar)
        return [
            // SBAR-2: answers the new item's object, which is on the bus (InterfacesAdded) by the reply.
            builder.method(
                "AddItem",
                [
                    Argument("item_id", "s"), Argument("title", "s"), Argument("image", "s"),
                    Argument("selected_image", "s"),
                ], [Argument("item", "o")]
            ) { [unowned service] call in
                let (id, title, image, selectedImage) = try call.decode(
                    String.self, String.self, String.self, String.self)
                return try service.carryOut(
                    .refusable { controller throws(TabError) in
                        try controller.addItem(id, title: title, image: image, selectedImage: selectedImage, on: bar)
                    }
                ) { _ throws(DBusError) in try call.reply(BusNames.itemPath(id, bar: bar)) }
            },
            builder.method(
                "AddSystemItem", [Argument("item_id", "s"), Argument("system_item", "s"), Argument("tag", "i")],
                [Argument("item", "o")]
            ) { [unowned service] call in
                let (id, systemItem, tag) = try call.decode(String.self, String.self, Int32.self)
                return try service.carryOut(
                    .refusable { controller throws(TabError) in
                        try controller.addSystemItem(id, systemItem: systemItem, tag: tag, on: bar)
                    }
                ) { _ throws(DBusError) in try call.reply(BusNames.itemPath(id, bar: bar)) }
            },
            builder.change("RemoveItem", ("item_id", String.self)) {
                (controller: inout TabController, _, id) throws(TabError) in
                try controller.removeItem(id, from: bar)
            },
            builder.change("SetItems", ("item_ids", [String].self), ("animated", Bool.self)) {
                (controller: inout TabController, _, ids, animated) throws(TabError) in
                try controller.setItems(ids, animated: animated, on: bar)
            },
            builder.change("SetSelectedItem", ("item_id", String.self)) {
                (controller: inout TabController, _, id) throws(TabError) in
                try controller.selectItem(id, on: bar)
            },
            // SBAR-4: the bar delegate has no veto, so a tap is decided at once.
            builder.change("Tap", ("item_id", String.self)) {
                (controller: inout TabController, _, id) throws(TabError) in
                try controller.tapItem(id, on: bar)
            },
            builder.change("BeginCustomizingItems", ("item_ids", [String].self)) {
                (controller: inout TabController, caller, ids) throws(TabError) in
                try controller.beginCustomizingItems(ids, on: bar, owner: caller)
            },
            builder.change("ReplaceItem", ("index", UInt32.self), ("item_id", String.self)) {
                (controller: inout TabController, caller, index, id) throws(TabError) in
                try controller.replaceItem(at: Int(index), with: id, on: bar, owner: caller)
            },
            builder.change("MoveItem", ("item_id", String.self), ("index", UInt32.self)) {
                (controller: inout TabController, caller, id, index) throws(TabError) in
                try controller.moveItem(id, to: Int(index), on: bar, owner: caller)
            },
            builder.method("EndCustomizingItems", [], [Argument("changed", "b")]) { [unowned service] call in
                let owner = call.sender
                return try service.carryOut(
                    .refusable { controller throws(TabError) in
                        let outcome = try controller.endCustomizingItems(on: bar, owner: owner)
                        return (outcome.changed, outcome.events)
                    }
                ) { changed throws(DBusError) in try call.reply(changed) }
            },
            builder.change(
                "SetDividerImage", ("image", String.self), ("left_state", String.self), ("right_state", String.self)
            ) {
                (controller: inout TabController, _, image, left, right) throws(TabError) in
                try controller.setDividerImage(image, left: left, right: right, on: bar)
            },
        ]
    }

    private static var signals: [Interface.Signal] {
        let docs = InterfaceDocs.bar
        let items = Argument("item_ids", "as")
        let changed = Argument("changed", "b")
        return [
            Interface.Signal("ItemsSet", arguments: [items, Argument("animated", "b")], doc: docs["ItemsSet"]),
            Interface.Signal("DidSelectItem", arguments: [Argument("item_id", "s")], doc: docs["DidSelectItem"]),
            Interface.Signal("WillBeginCustomizingItems", arguments: [items], doc: docs["WillBeginCustomizingItems"]),
            Interface.Signal("DidBeginCustomizingItems", arguments: [items], doc: docs["DidBeginCustomizingItems"]),
            Interface.Signal(
                "WillEndCustomizingItems", arguments: [items, changed], doc: docs["WillEndCustomizingItems"]),
            Interface.Signal(
                "DidEndCustomizingItems", arguments: [items, changed], doc: docs["DidEndCustomizingItems"]),
        ]
    }

    /// A property of `bar` read by `read` (nil once the bar is gone) and written by `write`,
    /// read-only without it.
    private static func property(
        _ property: StandaloneBarProperty, of bar: String, read: @escaping () -> PropertyValue?,
        write: Interface.Property.Setter?
    ) -> Interface.Property {
        Interface.Property(
            property.wireName, signature: property.signature, emitsChanged: property.isConstant ? .const : .true,
            doc: InterfaceDocs.bar[property.wireName],
            getter: { (writer: inout MessageWriter) throws(DBusError) in
                guard let value = read() else { throw TabError.noSuchBar(bar).dbusError }
                try writer.append(property: value)
            },
            setter: write)
    }
}

extension StandaloneBarProperty {
    /// The appearance property a client may write through this one (SBAR-6), nil for the
    /// read-only ones.
    var writable: AppearanceProperty? {
        if case .appearance(let property) = self, property.isWritable { return property }
        return nil
    }
}

extension TabController {
    /// What the controller's own bar shows for a property of the `Bar` interface: no name,
    /// the bar items, the controller's tabs as the items defined on it (each tab has its bar
    /// item, on the bar or in the More list), the highlighted item, the controller's session,
    /// and the controller's appearance.
    func controllersBarValue(of property: StandaloneBarProperty) -> PropertyValue {
        switch property {
        case .name: .string("")
        case .items: value(of: BarProperty.items)
        case .definedItems: value(of: ControllerProperty.tabs)
        case .selectedItem: value(of: BarProperty.selectedItem)
        case .customizing: value(of: ControllerProperty.customizing)
        case .appearance(let look): appearance.value(of: look)
        }
    }
}

extension BarProperty {
    /// The property of the controller's bar this one is read as (BAR-1): the name a standalone
    /// bar gives it.
    var barMirror: StandaloneBarProperty {
        switch self {
        case .items: .items
        case .selectedItem: .selectedItem
        }
    }
}

extension ControllerProperty {
    /// The property of the controller's bar that mirrors this one, announced with it; nil for
    /// those the bar does not show. O(1): it runs for every announced change.
    var barMirror: StandaloneBarProperty? {
        switch self {
        case .tabs: .definedItems
        case .customizing: .customizing
        case .barStyle: .appearance(.barStyle)
        case .barTintColor: .appearance(.barTintColor)
        case .tintColor: .appearance(.tintColor)
        case .unselectedItemTintColor: .appearance(.unselectedItemTintColor)
        case .translucent: .appearance(.translucent)
        case .backgroundImage: .appearance(.backgroundImage)
        case .shadowImage: .appearance(.shadowImage)
        case .selectionIndicatorImage: .appearance(.selectionIndicatorImage)
        case .effectiveShadowImage: .appearance(.effectiveShadowImage)
        case .effectiveBarColor: .appearance(.effectiveBarColor)
        case .dividerImages: .appearance(.dividerImages)
        default: nil
        }
    }
}
