/// An object on the bus: its path, its interfaces, and the properties changed this turn.
final class ExportedObject {
    let path: ObjectPath
    let interfaces: [CompiledInterface]
    let byName: NameTable<CompiledInterface>
    let isObjectManager: Bool
    /// Changed properties per interface index, in the order first announced; flushed as one
    /// `PropertiesChanged` per interface at the end of the turn or before a reply.
    var changed: [(interface: Int, properties: [Int])] = []

    /// The object at `path` with `interfaces`, each laid out by `layout`, which checks its
    /// names and signatures or finds them checked before.
    init(
        path: ObjectPath, interfaces: [Interface], isObjectManager: Bool,
        layout: (Interface) throws(DBusError) -> InterfaceLayout
    ) throws(DBusError) {
        var compiled: [CompiledInterface] = []
        var byName = NameTable<CompiledInterface>()
        for interface in interfaces {
            let one = CompiledInterface(interface, layout: try layout(interface))
            guard byName.lookup(one.name) == nil else {
                throw .invalidArgs("interface \(one.name) is given twice for \(path)")
            }
            guard !StandardInterfaces.names.contains(one.name) else {
                throw .invalidArgs("\(one.name) is provided by the library for \(path)")
            }
            compiled.append(one)
            byName.insert(one.name, one)
        }
        self.path = path
        self.interfaces = compiled
        self.byName = byName
        self.isObjectManager = isObjectManager
    }

    /// Records that `names` of `interface` changed; unknown names throw `UnknownProperty`.
    func markChanged(interface name: String, properties names: [String]) throws(DBusError) -> Bool {
        let interfaceIndex = try index(ofInterface: name)
        let interface = interfaces[interfaceIndex]
        var indices: [Int] = []
        for propertyName in names {
            guard let index = interface.properties.lookup(propertyName) else {
                throw .unknownProperty("no property \(propertyName) in interface \(name)")
            }
            indices.append(index)
        }
        return try markChanged(interface: interfaceIndex, properties: indices)
    }

    /// Records that the properties at `indices` of `interface` changed: positions in the
    /// interface's table, so that nothing is looked up by name. An index out of the table
    /// throws `UnknownProperty`.
    func markChanged(interface name: String, at indices: [Int]) throws(DBusError) -> Bool {
        try markChanged(interface: try index(ofInterface: name), properties: indices)
    }

    func index(ofInterface name: String) throws(DBusError) -> Int {
        guard let index = interfaces.firstIndex(where: { $0.name == name }) else {
            throw .unknownInterface("object \(path) has no interface \(name)")
        }
        return index
    }

    /// Of the properties at `indices` of the interface at `interfaceIndex`, those whose changes
    /// are announced (`EmitsChangedSignal` true or invalidates). An index out of the table
    /// throws `UnknownProperty`.
    func announced(_ indices: [Int], ofInterface interfaceIndex: Int) throws(DBusError) -> [Int] {
        let properties = interfaces[interfaceIndex].interface.properties
        var announced: [Int] = []
        announced.reserveCapacity(indices.count)
        for index in indices {
            guard properties.indices.contains(index) else {
                throw .unknownProperty("no property at \(index) in interface \(interfaces[interfaceIndex].name)")
            }
            let mode = properties[index].emitsChanged
            if mode == .true || mode == .invalidates { announced.append(index) }
        }
        return announced
    }

    /// Records the properties at `indices` of the interface at `interfaceIndex` whose changes
    /// are announced; returns whether the object had no change noted before.
    private func markChanged(interface interfaceIndex: Int, properties indices: [Int]) throws(DBusError) -> Bool {
        let announced = try announced(indices, ofInterface: interfaceIndex)
        guard !announced.isEmpty else { return false }
        let wasClean = changed.isEmpty
        if let slot = changed.firstIndex(where: { $0.interface == interfaceIndex }) {
            for index in announced where !changed[slot].properties.contains(index) {
                changed[slot].properties.append(index)
            }
        } else {
            changed.append((interfaceIndex, announced))
        }
        return wasClean
    }
}
