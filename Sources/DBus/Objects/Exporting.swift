extension Connection {
    /// Puts an object on the bus at `path` with `interfaces` (plus `Introspectable`,
    /// `Properties` and `Peer`; plus `ObjectManager` when `objectManager`). An object under an
    /// exported manager is listed by the manager's `GetManagedObjects`, with its own interfaces
    /// and their properties, and announced with `InterfacesAdded` unless `announced` is false:
    /// objects exported before the connection owns the name its clients know it by have nobody
    /// to announce them to, since those clients read `GetManagedObjects` when the name appears.
    /// Loop thread only.
    public func export(_ path: ObjectPath, interfaces: [Interface], objectManager: Bool = false, announced: Bool = true)
        throws(DBusError)
    {
        assertOwnThread()
        try objects.export(path, interfaces: interfaces, objectManager: objectManager, announced: announced)
    }

    /// Takes the object at `path` off the bus, announcing `InterfacesRemoved` under a manager.
    public func unexport(_ path: ObjectPath) {
        assertOwnThread()
        objects.unexport(path)
    }

    /// True when an object is exported at `path`.
    public func isExported(_ path: ObjectPath) -> Bool { objects.object(at: path.rawValue) != nil }

    /// Notes that properties of an exported object changed. The changes of one turn of the
    /// loop go out as one `PropertiesChanged` per object and interface, at the end of the turn
    /// or before the next method reply, whichever comes first. Properties whose mode is
    /// `const` or `false` are ignored; unknown names throw. Loop thread only (from another
    /// thread, `loop.post` the change).
    public func propertiesChanged(_ path: ObjectPath, interface: String, _ names: [String]) throws(DBusError) {
        assertOwnThread()
        try objects.propertiesChanged(path, interface: interface, names: names)
    }

    /// Like `propertiesChanged(_:interface:_:)`, with the properties named by their positions
    /// in the `properties` of the `Interface` the object was exported with: for a caller that
    /// announces often and knows its tables, no name is looked up. A position outside the
    /// table throws `UnknownProperty`. Loop thread only.
    public func propertiesChanged(_ path: ObjectPath, interface: String, at indices: [Int]) throws(DBusError) {
        assertOwnThread()
        try objects.propertiesChanged(path, interface: interface, at: indices)
    }

    /// Sends now one `PropertiesChanged` of the properties at `indices` of `interface` from each
    /// object at `paths`, objects that present the same values of it (views of one model): the
    /// body is marshalled once, from the first object's getters, and copied into each message.
    /// The changes noted before go out first. Loop thread only.
    public func propertiesChanged(alike paths: [ObjectPath], interface: String, at indices: [Int]) throws(DBusError) {
        assertOwnThread()
        try objects.emitPropertiesChanged(alike: paths, interface: interface, at: indices)
    }

    /// Sends pending `PropertiesChanged` now (e.g. before emitting a signal that should follow
    /// them).
    public func flushPropertyChanges() { objects.flushChanges() }
}
