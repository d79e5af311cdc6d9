import DBus
import TabModel

extension TabBarService {
    /// Puts the controller (with its ObjectManager), the bar and one object per catalog tab on
    /// the bus. Called once, before the bus name is requested, so a client that sees the name
    /// finds every object.
    func exportObjects() throws(DBusError) {
        try connection.export(BusNames.controller, interfaces: [controllerInterface()], objectManager: true)
        try connection.export(BusNames.bar, interfaces: [barInterface()])
        for id in controller.catalog.map(\.id) { exportTab(id) }
    }

    /// Exports the object of catalog tab `id`; `InterfacesAdded` follows from the manager.
    func exportTab(_ id: String) {
        do {
            let path = try DBus.ObjectPath(BusNames.tabPath(id))
            try connection.export(path, interfaces: [tabInterface(id)])
            tabPaths[id] = path
        } catch {
            log.error("cannot export tab \(id): \(error)")
        }
    }

    /// Takes a departed tab's object off the bus (`InterfacesRemoved`) and ends its plugin
    /// instance; the plugin's library stays mapped.
    func unexportTab(_ id: String) {
        if let path = tabPaths.removeValue(forKey: id) { connection.unexport(path) }
        pluginTabs.removeValue(forKey: id)?.destroy()
        pluginStacks[id] = nil
    }

    /// `org.tabbard.TabBar1.Tab` for one tab: every property read from the model.
    private func tabInterface(_ id: String) -> Interface {
        let properties = TabProperty.allCases.map { property in
            Interface.Property(
                property.rawValue, signature: property.signature, emitsChanged: property.isConstant ? .const : .true,
                doc: InterfaceDocs.tab[property.rawValue],
                getter: { [unowned self] (writer: inout MessageWriter) throws(DBusError) in
                    guard let value = controller.value(of: property, tab: id) else {
                        throw TabError.noSuchTab(id).dbusError
                    }
                    try writer.append(property: value)
                })
        }
        return Interface(BusNames.tabInterface, doc: InterfaceDocs.tab[""], properties: properties)
    }

    /// `org.tabbard.TabBar1.Bar`: readable, never writable by clients (BAR-1).
    private func barInterface() -> Interface {
        let locked: [(String, [Argument])] = [
            ("SetItems", [Argument("items", "as")]),
            ("SetSelectedItem", [Argument("item", "s")]),
            ("BeginCustomizingItems", [Argument("items", "as")]),
        ]
        let methods = locked.map { name, inputs in
            Interface.Method(name, inputs: inputs, doc: InterfaceDocs.bar[name]) { _ in
                throw ServiceError.barLocked(name).dbusError
            }
        }
        let properties = BarProperty.allCases.map { property in
            Interface.Property(
                property.rawValue, signature: property.signature, doc: InterfaceDocs.bar[property.rawValue],
                getter: { [unowned self] (writer: inout MessageWriter) throws(DBusError) in
                    try writer.append(property: controller.value(of: property))
                })
        }
        return Interface(BusNames.barInterface, doc: InterfaceDocs.bar[""], methods: methods, properties: properties)
    }

    // MARK: - Describe

    /// `Describe`: the controller's properties under their D-Bus names, plus `catalog`, every
    /// catalog tab with its properties, in catalog order. O(tabs × properties).
    func describe() -> String {
        // One copy of the model for the whole document: reading a struct stored in a class
        // copies it on every access, which at 10,000 tabs would dominate the cost.
        let controller = self.controller
        var json = JSONWriter(capacity: 512 + controller.catalog.count * 700)
        json.beginObject()
        for property in ControllerProperty.allCases {
            json.key(property.rawValue)
            json.property(controller.value(of: property))
        }
        json.key("Version")
        json.string(version)
        json.key("catalog")
        json.beginArray()
        let properties = TabProperty.allCases
        for definition in controller.catalog {
            guard let values = controller.values(of: properties, tab: definition.id) else { continue }
            json.beginObject()
            for (property, value) in zip(properties, values) {
                json.key(property.rawValue)
                json.property(value)
            }
            json.endObject()
        }
        json.endArray()
        json.endObject()
        return json.text
    }
}

extension JSONWriter {
    /// Writes a model property value as JSON.
    mutating func property(_ value: PropertyValue) {
        switch value {
        case .string(let text): string(text)
        case .strings(let list):
            beginArray()
            for element in list { string(element) }
            endArray()
        case .bool(let flag): bool(flag)
        case .int32(let number): integer(number)
        case .uint32(let number): integer(number)
        case .uint64(let number): integer(number)
        case .dictionary(let map):
            beginObject()
            for key in map.keys.sorted() {
                self.key(key)
                string(map[key]!)
            }
            endObject()
        }
    }
}
