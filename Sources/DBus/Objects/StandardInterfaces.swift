import CDBus
import Glibc

/// The interfaces every exported object gets from the library, built from the same kind of
/// table as the owner's: `Introspectable`, `Properties`, `Peer`, and `ObjectManager` on objects
/// exported as managers. libdbus answers `Peer` itself before our dispatch; the table is here so
/// `Introspect` lists it and interface-less calls find it. Every member that only reads is
/// unprivileged; `Properties.Set` is not.
final class StandardInterfaces {
    static let introspectable = "org.freedesktop.DBus.Introspectable"
    static let properties = "org.freedesktop.DBus.Properties"
    static let peer = "org.freedesktop.DBus.Peer"
    static let objectManager = "org.freedesktop.DBus.ObjectManager"
    static let names: Set<String> = [introspectable, properties, peer, objectManager]

    private(set) var common: [CompiledInterface] = []
    private(set) var manager: CompiledInterface!
    private var table = NameTable<CompiledInterface>()

    init(table owner: ObjectTable) {
        // The handlers hold the table weakly: the table owns them.
        unowned let objects = owner
        let interfaces = [
            Interface(
                Self.introspectable,
                methods: [
                    .init("Introspect", outputs: [Argument("xml_data", "s")], unprivileged: true) { call in
                        let object = objects.object(at: call.path.rawValue)
                        let interfaces = object.map { $0.interfaces + objects.standard.interfaces(for: $0) } ?? []
                        return try call.reply(
                            Introspection.xml(
                                interfaces: interfaces, children: objects.children(of: call.path.rawValue)))
                    }
                ]),
            Self.propertiesInterface(objects),
            Interface(
                Self.peer,
                methods: [
                    .init("Ping", unprivileged: true) { call in try call.reply() },
                    .init("GetMachineId", outputs: [Argument("machine_uuid", "s")], unprivileged: true) { call in
                        guard let raw = dbus_try_get_local_machine_id(nil) else {
                            throw DBusError.failed("no machine id")
                        }
                        defer { dbus_free(raw) }
                        return try call.reply(String(cString: raw))
                    },
                ]),
        ]
        common = interfaces.map { try! CompiledInterface($0) }
        manager = try! CompiledInterface(
            Interface(
                Self.objectManager,
                methods: [
                    .init(
                        "GetManagedObjects",
                        outputs: [Argument("object_paths_interfaces_and_properties", "a{oa{sa{sv}}}")],
                        unprivileged: true
                    ) { call in
                        let root = call.path
                        let managed = objects.allObjects.filter { $0.path.isDescendant(of: root) }.sorted {
                            $0.path < $1.path
                        }
                        return try call.reply { (writer: inout MessageWriter) throws(DBusError) in
                            try writer.appendArray(elementSignature: "{oa{sa{sv}}}") {
                                (entries: inout MessageWriter) throws(DBusError) in
                                for object in managed {
                                    try entries.appendContainer(TypeCode.dictEntry, signature: nil) {
                                        (entry: inout MessageWriter) throws(DBusError) in
                                        try entry.append(object.path)
                                        try objects.writeInterfacesAndProperties(of: object, to: &entry)
                                    }
                                }
                            }
                        }
                    }
                ],
                signals: [
                    .init(
                        "InterfacesAdded",
                        arguments: [Argument("object_path", "o"), Argument("interfaces_and_properties", "a{sa{sv}}")]),
                    .init(
                        "InterfacesRemoved", arguments: [Argument("object_path", "o"), Argument("interfaces", "as")]),
                ]))
        for interface in common { table.insert(interface.name, interface) }
    }

    /// The standard interface named `name` if `object` has it.
    func lookup(_ name: UnsafePointer<CChar>, for object: ExportedObject) -> CompiledInterface? {
        if let found = table.lookup(name) { return found }
        if object.isObjectManager && strcmp(name, Self.objectManager) == 0 { return manager }
        return nil
    }

    /// The standard interfaces `object` has, for introspection.
    func interfaces(for object: ExportedObject) -> [CompiledInterface] {
        object.isObjectManager ? common + [manager] : common
    }

    private static func propertiesInterface(_ objects: ObjectTable) -> Interface {
        /// The object a call is addressed to, or `UnknownObject`.
        func object(of call: MethodCall) throws(DBusError) -> ExportedObject {
            guard let object = objects.object(at: call.path.rawValue) else {
                throw .unknownObject("no object at \(DBusError.quoted(call.path.rawValue))")
            }
            return object
        }
        /// The interface a call names, or `UnknownInterface`.
        func resolve(_ call: MethodCall, _ interfaceName: String) throws(DBusError) -> CompiledInterface {
            guard let interface = try object(of: call).byName.lookup(interfaceName) else {
                throw .unknownInterface(
                    "object \(DBusError.quoted(call.path.rawValue)) has no interface \(DBusError.quoted(interfaceName))"
                )
            }
            return interface
        }
        /// The property a `Get` or `Set` names, with its interface. An empty interface name,
        /// which the D-Bus specification allows, means the first of the object's interfaces
        /// that has the property.
        func resolve(_ call: MethodCall, _ interfaceName: String, _ name: String) throws(DBusError) -> (
            CompiledInterface, index: Int
        ) {
            guard interfaceName.isEmpty else {
                let interface = try resolve(call, interfaceName)
                return (interface, try interface.propertyIndex(name))
            }
            for interface in try object(of: call).interfaces {
                if let index = try? interface.propertyIndex(name) { return (interface, index) }
            }
            throw .unknownProperty(
                "object \(DBusError.quoted(call.path.rawValue)) has no property \(DBusError.quoted(name))")
        }
        return Interface(
            properties,
            methods: [
                .init(
                    "Get", inputs: [Argument("interface_name", "s"), Argument("property_name", "s")],
                    outputs: [Argument("value", "v")], unprivileged: true
                ) { call in
                    let (interfaceName, name) = try call.decode(String.self, String.self)
                    let (interface, index) = try resolve(call, interfaceName, name)
                    return try call.reply { (writer: inout MessageWriter) throws(DBusError) in
                        try interface.appendProperty(index, to: &writer)
                    }
                },
                .init(
                    "GetAll", inputs: [Argument("interface_name", "s")], outputs: [Argument("properties", "a{sv}")],
                    unprivileged: true
                ) { call in
                    let interfaceName = try call.decode(String.self)
                    // An empty name asks for the properties of every interface.
                    let interfaces =
                        interfaceName.isEmpty ? try object(of: call).interfaces : [try resolve(call, interfaceName)]
                    return try call.reply { (writer: inout MessageWriter) throws(DBusError) in
                        try writer.appendArray(elementSignature: "{sv}") {
                            (entries: inout MessageWriter) throws(DBusError) in
                            for interface in interfaces { try interface.appendPropertyEntries(to: &entries) }
                        }
                    }
                },
                .init(
                    "Set",
                    inputs: [Argument("interface_name", "s"), Argument("property_name", "s"), Argument("value", "v")]
                ) { call in
                    var reader = call.arguments()
                    let interfaceName = try reader.read(String.self)
                    let name = try reader.read(String.self)
                    let (interface, index) = try resolve(call, interfaceName, name)
                    let property = interface.interface.properties[index]
                    guard let setter = property.setter else {
                        throw DBusError.propertyReadOnly("property \(name) of \(interface.name) is read-only")
                    }
                    try reader.readContainer(TypeCode.variant, for: "v") {
                        (inner: inout MessageReader) throws(DBusError) in
                        let given = inner.nextSignature
                        guard given == property.signature else {
                            throw .invalidArgs("property \(name) has type '\(property.signature)', got '\(given)'")
                        }
                        do { try setter(&inner, call) } catch { throw DBusError(error) }
                    }
                    return try call.reply()
                },
            ],
            signals: [
                .init(
                    "PropertiesChanged",
                    arguments: [
                        Argument("interface_name", "s"), Argument("changed_properties", "a{sv}"),
                        Argument("invalidated_properties", "as"),
                    ])
            ])
    }
}
