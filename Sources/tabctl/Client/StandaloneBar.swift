import DBus
import TabbardBusContract

/// One standalone bar as `tabctl bar NAME …` reaches it (SBAR-1..8): calls and properties on
/// its object and its items' objects. A bar or item the daemon has no object for answers
/// `UnknownObject`; that failure comes out as the contract's `NoSuchBar` and `NoSuchItem` do,
/// with exit status 4 and a message naming the bar or the item.
struct StandaloneBar {
    /// The daemon's client.
    let client: TabBarClient
    /// The bar's name, as given to `CreateBar`.
    let name: String

    /// The bar's object.
    var path: ObjectPath { BusNames.barPath(name) }

    // MARK: - The bar

    /// `CreateBar(name)` (SBAR-1).
    func create() throws(CommandFailure) {
        try client.call(.createBar, name)
    }

    /// `RemoveBar(name)` (SBAR-1).
    func remove() throws(CommandFailure) {
        try client.call(.removeBar, name)
    }

    /// Calls `method` of the bar interface on this bar.
    @discardableResult
    func call<each T: DBusEncodable>(_ method: BarMethodName, _ arguments: repeat each T) throws(CommandFailure)
        -> Message
    {
        do {
            return try client.call(
                path: path.rawValue, interface: BusNames.barInterface, method.rawValue,
                repeat each arguments)
        } catch {
            throw missingObject(error, item: nil)
        }
    }

    /// Every property of the bar.
    func properties() throws(CommandFailure) -> PropertyValues {
        do {
            return try client.properties(at: path.rawValue, interface: BusNames.barInterface)
        } catch {
            throw missingObject(error, item: nil)
        }
    }

    /// Sets a property of the bar by its D-Bus name (the appearance properties, SBAR-6).
    func setProperty(_ property: String, _ value: DBusValue) throws(CommandFailure) {
        do {
            try client.setProperty(property, value, at: path.rawValue, interface: BusNames.barInterface)
        } catch {
            throw missingObject(error, item: nil)
        }
    }

    // MARK: - Its items

    /// Calls `method` of the item interface on the item `id`.
    func call<each T: DBusEncodable>(_ method: ItemMethodName, item id: String, _ arguments: repeat each T)
        throws(CommandFailure)
    {
        do {
            try client.call(
                path: BusNames.itemPath(id, bar: name).rawValue, interface: BusNames.itemInterface,
                method.rawValue, repeat each arguments)
        } catch {
            throw missingObject(error, item: id)
        }
    }

    /// Sets a property of the item `id` (SBAR-2).
    func setProperty(_ property: ItemPropertyName, of id: String, _ value: DBusValue) throws(CommandFailure) {
        do {
            try client.setProperty(
                property.rawValue, value, at: BusNames.itemPath(id, bar: name).rawValue,
                interface: BusNames.itemInterface)
        } catch {
            throw missingObject(error, item: id)
        }
    }

    /// The properties of every item defined on the bar, by item id, from one
    /// `GetManagedObjects` call.
    func itemProperties() throws(CommandFailure) -> [String: PropertyValues] {
        var items: [String: PropertyValues] = [:]
        for (path, values) in try client.managedObjects(with: BusNames.itemInterface) {
            guard let (bar, id) = BusNames.barItem(fromPath: path.rawValue), bar == name else { continue }
            items[id] = values
        }
        return items
    }

    // MARK: - Objects that are not there

    /// `failure`, or, when it says there is no object where the bar or the item `item` would
    /// be, the failure of a bar or item that does not exist (exit status 4), naming which:
    /// the bar when `Bars` does not list it, else the item.
    private func missingObject(_ failure: CommandFailure, item: String?) -> CommandFailure {
        guard failure.name == DBusError.Names.unknownObject else { return failure }
        let bars = (try? client.property(.bars))?.strings
        if let item, bars?.contains(name) ?? true {
            return CommandFailure(
                .noSuchTab, name: failure.name,
                "no item '\(item)' on bar '\(name)' ('tabctl bar \(name) show' shows its items)")
        }
        return CommandFailure(.noSuchTab, name: failure.name, "no bar '\(name)' ('tabctl get Bars' lists the bars)")
    }
}
