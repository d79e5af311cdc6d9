import CDBus
import Glibc

/// The objects a connection exports, found by path in O(1) from the message's C string, and
/// the dispatch of method calls to them: standard errors for unknown objects, interfaces and
/// methods, `InvalidArgs` for a body whose signature differs from the method's table.
final class ObjectTable {
    private var objects = NameTable<ExportedObject>()
    private var managers: [ObjectPath] = []
    /// Objects with property changes not yet announced, in the order they changed.
    private var dirty: [ExportedObject] = []
    /// The layout last worked out for each interface name: the next object exporting an
    /// interface of that name with the same members (the next tab) uses it unchecked. One
    /// entry per interface name the program exports, whatever the number of objects.
    private var layouts: [String: InterfaceLayout] = [:]
    /// Built when first needed: a client that exports nothing never needs it, and building it
    /// is a good part of what a one-call command line client does in all (type metadata,
    /// tables, closures).
    private(set) lazy var standard = StandardInterfaces(table: self)
    unowned let connection: Connection

    init(connection: Connection) {
        self.connection = connection
    }

    // MARK: Exporting

    func export(_ path: ObjectPath, interfaces: [Interface], objectManager: Bool, announced: Bool) throws(DBusError) {
        guard objects.lookup(path.rawValue) == nil else {
            throw .invalidArgs("an object is already exported at \(path)")
        }
        let object = try ExportedObject(
            path: path, interfaces: interfaces, isObjectManager: objectManager, layout: layout(for:))
        objects.insert(path.rawValue, object)
        if objectManager { managers.append(path) }
        guard announced else { return }
        for manager in managers where path.isDescendant(of: manager) {
            try? emitInterfacesAdded(object, from: manager)
        }
    }

    /// The layout of `interface`: the last one of its name when it fits, else one worked out
    /// now (which throws for a name or signature that is not valid) and kept for the next.
    private func layout(for interface: Interface) throws(DBusError) -> InterfaceLayout {
        if let known = layouts[interface.name], known.fits(interface) { return known }
        let layout = try InterfaceLayout(interface)
        layouts[interface.name] = layout
        return layout
    }

    func unexport(_ path: ObjectPath) {
        guard let object = objects.remove(path.rawValue) else { return }
        dirty.removeAll { $0 === object }
        managers.removeAll { $0 == path }
        for manager in managers where path.isDescendant(of: manager) {
            try? connection.emit(
                path: manager, interface: StandardInterfaces.objectManager, name: "InterfacesRemoved",
                path, object.interfaces.map(\.name))
        }
    }

    func object(at path: String) -> ExportedObject? { objects.lookup(path) }

    var allObjects: [ExportedObject] { objects.values }

    /// The names of the path elements directly below `path` that lead to exported objects.
    func children(of path: String) -> [String] {
        let prefix = path == "/" ? "/" : path + "/"
        var names = Set<String>()
        for object in objects.values where object.path.rawValue.hasPrefix(prefix) && object.path.rawValue != path {
            let rest = object.path.rawValue.dropFirst(prefix.count)
            names.insert(String(rest.prefix { $0 != "/" }))
        }
        return names.sorted()
    }

    // MARK: Property changes

    func propertiesChanged(_ path: ObjectPath, interface: String, names: [String]) throws(DBusError) {
        let object = try changedObject(at: path)
        if try object.markChanged(interface: interface, properties: names) { dirty.append(object) }
    }

    func propertiesChanged(_ path: ObjectPath, interface: String, at indices: [Int]) throws(DBusError) {
        let object = try changedObject(at: path)
        if try object.markChanged(interface: interface, at: indices) { dirty.append(object) }
    }

    private func changedObject(at path: ObjectPath) throws(DBusError) -> ExportedObject {
        guard let object = objects.lookup(path.rawValue) else { throw .unknownObject("no object at \(path)") }
        return object
    }

    /// Sends one `PropertiesChanged` per changed interface of each dirty object.
    func flushChanges() {
        guard !dirty.isEmpty else { return }
        // Property getters run from here.
        connection.assertOwnThread()
        // Taken, not copied: emptying a list that a copy still shares allocates a new one, and
        // a request that sends each object's change as it is noted flushes once per object.
        var objects: [ExportedObject] = []
        swap(&objects, &dirty)
        for object in objects {
            let changes = object.changed
            object.changed.removeAll()
            for change in changes {
                try? emitPropertiesChanged(object.interfaces[change.interface], of: object, indices: change.properties)
            }
        }
        // Its room serves the next changes, unless a getter noted one meanwhile.
        if dirty.isEmpty {
            objects.removeAll(keepingCapacity: true)
            dirty = objects
        }
    }

    /// Sends now one `PropertiesChanged` of `interface` from each object at `paths`, objects
    /// that present the same values of it: the body is marshalled once, from the first
    /// object's getters, and each object's message is a copy with its own path, which libdbus
    /// neither parses nor checks again. What was noted before goes out first.
    func emitPropertiesChanged(alike paths: [ObjectPath], interface name: String, at indices: [Int])
        throws(DBusError)
    {
        flushChanges()
        guard let first = paths.first else { return }
        let object = try changedObject(at: first)
        let interfaceIndex = try object.index(ofInterface: name)
        let announced = try object.announced(indices, ofInterface: interfaceIndex)
        guard !announced.isEmpty else { return }
        let template = try propertiesChanged(object.interfaces[interfaceIndex], of: object, indices: announced)
        for (position, path) in paths.enumerated() {
            _ = try changedObject(at: path)
            // The last object is sent the message made, the others copies made before it goes.
            let message: Message
            if position == paths.count - 1 {
                message = template
            } else {
                guard let copy = dbus_message_copy(template.raw) else { throw .noMemory() }
                message = Message(taking: copy)
            }
            if position > 0 {
                guard dbus_message_set_path(message.raw, path.rawValue) != 0 else { throw .noMemory() }
            }
            try connection.send(message)
        }
    }

    private func emitPropertiesChanged(_ interface: CompiledInterface, of object: ExportedObject, indices: [Int])
        throws(DBusError)
    {
        try connection.send(try propertiesChanged(interface, of: object, indices: indices))
    }

    /// The `PropertiesChanged` of the properties at `indices` of `interface` of `object`, with
    /// their values now.
    private func propertiesChanged(_ interface: CompiledInterface, of object: ExportedObject, indices: [Int])
        throws(DBusError) -> Message
    {
        let body = MessageBody()
        try body.write { (writer: inout MessageWriter) throws(DBusError) in
            try writer.appendValidatedString(TypeCode.string, interface.name)
            var invalidated: [String] = []
            let properties = interface.interface.properties
            try writer.appendContainer(TypeCode.array, validatedSignature: "{sv}") {
                (entries: inout MessageWriter) throws(DBusError) in
                for index in indices {
                    // Only the fields sent are read: a copy of the whole property retains its
                    // setter and annotations too.
                    let name = properties[index].name
                    guard properties[index].emitsChanged == .true else {
                        invalidated.append(name)
                        continue
                    }
                    do {
                        try entries.appendContainer(TypeCode.dictEntry, signature: nil) {
                            (entry: inout MessageWriter) throws(DBusError) in
                            try entry.appendValidatedString(TypeCode.string, name)
                            try interface.appendProperty(index, to: &entry)
                        }
                    } catch {
                        // A getter that fails now still gets announced, without its value.
                        invalidated.append(name)
                    }
                }
            }
            try writer.append(invalidated)
        }
        // The names and signatures were validated when the object was exported.
        return try Message.assembledSignal(
            validatedPath: object.path.rawValue, interface: StandardInterfaces.properties,
            name: "PropertiesChanged", body: body)
    }

    // MARK: ObjectManager

    private func emitInterfacesAdded(_ object: ExportedObject, from manager: ObjectPath) throws(DBusError) {
        let body = MessageBody()
        try body.write { (writer: inout MessageWriter) throws(DBusError) in
            try writer.append(object.path)
            try writeInterfacesAndProperties(of: object, to: &writer)
        }
        try connection.send(
            try Message.assembledSignal(
                validatedPath: manager.rawValue, interface: StandardInterfaces.objectManager,
                name: "InterfacesAdded", body: body))
    }

    /// `a{sa{sv}}`: every interface of `object` with all its properties.
    func writeInterfacesAndProperties(of object: ExportedObject, to writer: inout MessageWriter) throws(DBusError) {
        try writer.appendArray(elementSignature: "{sa{sv}}") { (interfaces: inout MessageWriter) throws(DBusError) in
            for interface in object.interfaces {
                try interfaces.appendContainer(TypeCode.dictEntry, signature: nil) {
                    (entry: inout MessageWriter) throws(DBusError) in
                    try entry.append(interface.name)
                    try Self.writeProperties(of: interface, to: &entry)
                }
            }
        }
    }

    /// `a{sv}`: every property of `interface` with its current value.
    static func writeProperties(of interface: CompiledInterface, to writer: inout MessageWriter) throws(DBusError) {
        try writer.appendArray(elementSignature: "{sv}") { (entries: inout MessageWriter) throws(DBusError) in
            try interface.appendPropertyEntries(to: &entries)
        }
    }

    // MARK: Dispatch

    /// Answers a method call addressed to this connection. Always handles it: unknown targets
    /// get the standard errors.
    func dispatch(_ raw: OpaquePointer) {
        guard let path = dbus_message_get_path(raw), let member = dbus_message_get_member(raw) else { return }
        let interfaceName = dbus_message_get_interface(raw)
        guard let object = objects.lookup(path) else {
            dispatchToNode(raw, path: path, interface: interfaceName, member: member)
            return
        }
        let method: Interface.Method
        if let interfaceName {
            guard let interface = object.byName.lookup(interfaceName) ?? standard.lookup(interfaceName, for: object)
            else {
                connection.sendError(
                    .unknownInterface(
                        "object \(object.path) has no interface \(DBusError.quoted(String(cString: interfaceName)))"),
                    to: raw)
                return
            }
            guard let index = interface.methods.lookup(member) else {
                connection.sendError(
                    .unknownMethod(
                        "no method \(DBusError.quoted(String(cString: member))) in interface \(interface.name)"),
                    to: raw)
                return
            }
            method = interface.interface.methods[index]
        } else {
            guard let found = findMethod(member, in: object) else {
                connection.sendError(
                    .unknownMethod("object \(object.path) has no method \(DBusError.quoted(String(cString: member)))"),
                    to: raw)
                return
            }
            method = found
        }
        invoke(method, raw)
    }

    /// Whether the method a call reaches is unprivileged, judged by what dispatch would run:
    /// a call that names no interface by the first interface that has the member, and
    /// `Introspect` on a node without an object as `Introspectable`'s. A call that reaches
    /// nothing is not unprivileged, so that leaving the interface out neither opens nor closes
    /// a member.
    func reachesUnprivileged(
        path: UnsafePointer<CChar>, interface interfaceName: UnsafePointer<CChar>?, member: UnsafePointer<CChar>
    ) -> Bool {
        guard let object = objects.lookup(path) else {
            let introspectable = interfaceName.map { strcmp($0, StandardInterfaces.introspectable) == 0 } ?? true
            return introspectable && strcmp(member, "Introspect") == 0
        }
        guard let interfaceName else { return findMethod(member, in: object)?.unprivileged ?? false }
        guard let interface = object.byName.lookup(interfaceName) ?? standard.lookup(interfaceName, for: object),
            let index = interface.methods.lookup(member)
        else { return false }
        return interface.interface.methods[index].unprivileged
    }

    /// Whether `message`, a `Properties.Set` (named so, or reaching it without an interface),
    /// writes a property whose `Set` is open to every caller (`Property.unprivilegedSetter`),
    /// judged by the interface and property its arguments name. Anything else is not.
    func setsUnprivilegedProperty(
        _ message: OpaquePointer, path: UnsafePointer<CChar>, interface interfaceName: UnsafePointer<CChar>?,
        member: UnsafePointer<CChar>
    ) -> Bool {
        guard strcmp(member, "Set") == 0, interfaceName.map({ strcmp($0, StandardInterfaces.properties) == 0 }) ?? true,
            let object = objects.lookup(path)
        else { return false }
        // Without an interface, an interface of the object's own with a `Set` comes first.
        if interfaceName == nil, object.interfaces.contains(where: { $0.methods.lookup(member) != nil }) {
            return false
        }
        var reader = MessageReader(message: message, owner: nil, longestString: MethodCall.longestString)
        guard let target = try? reader.read(String.self), let name = try? reader.read(String.self),
            let interface = object.byName.lookup(target), let index = interface.properties.lookup(name)
        else { return false }
        return interface.interface.properties[index].unprivilegedSetter
    }

    /// A call without an interface: the first interface that has the member wins.
    private func findMethod(_ member: UnsafePointer<CChar>, in object: ExportedObject) -> Interface.Method? {
        for interface in object.interfaces + standard.interfaces(for: object) {
            if let index = interface.methods.lookup(member) { return interface.interface.methods[index] }
        }
        return nil
    }

    func invoke(_ method: Interface.Method, _ raw: OpaquePointer) {
        // Every handler, the standard interfaces' included, runs from here.
        connection.assertOwnThread()
        let signature = dbus_message_get_signature(raw)!
        let matches = method.inputSignature.withCString { strcmp($0, signature) == 0 }
        guard matches else {
            connection.sendError(
                .invalidArgs(
                    "\(method.name) takes '\(method.inputSignature)', got '\(String(cString: signature))'"), to: raw)
            return
        }
        do {
            _ = try method.handler(MethodCall(raw: raw, connection: connection))
        } catch {
            connection.sendError(DBusError(error), to: raw)
        }
    }

    /// A path with no object: `Introspect` still lists the children (so tools can browse the
    /// tree), everything else is `UnknownObject`.
    private func dispatchToNode(
        _ raw: OpaquePointer, path: UnsafePointer<CChar>, interface: UnsafePointer<CChar>?, member: UnsafePointer<CChar>
    ) {
        let pathString = String(cString: path)
        let isIntrospect =
            (interface.map { strcmp($0, StandardInterfaces.introspectable) == 0 } ?? true)
            && strcmp(member, "Introspect") == 0
        let children = children(of: pathString)
        if isIntrospect && !children.isEmpty {
            let xml = Introspection.xml(interfaces: [], children: children)
            _ = try? MethodCall(raw: raw, connection: connection).reply(xml)
            return
        }
        connection.sendError(.unknownObject("no object at \(DBusError.quoted(pathString))"), to: raw)
    }
}
