import CDBus

/// An interface table prepared for dispatch: names validated once, members indexed for lookup
/// by the C strings of incoming messages.
final class CompiledInterface {
    let interface: Interface
    let methods: NameTable<Int>
    let properties: NameTable<Int>

    init(_ interface: Interface) throws(DBusError) {
        try Validation.check(interface.name, as: .interface)
        var methods = NameTable<Int>()
        for (index, method) in interface.methods.enumerated() {
            try Validation.check(method.name, as: .member)
            try Self.checkArguments(method.inputs + method.outputs, of: "\(interface.name).\(method.name)")
            guard methods.lookup(method.name) == nil else {
                throw .invalidArgs("method \(interface.name).\(method.name) is declared twice")
            }
            methods.insert(method.name, index)
        }
        for signal in interface.signals {
            try Validation.check(signal.name, as: .member)
            try Self.checkArguments(signal.arguments, of: "\(interface.name).\(signal.name)")
        }
        var properties = NameTable<Int>()
        for (index, property) in interface.properties.enumerated() {
            try Validation.check(property.name, as: .member)
            try Self.checkSingle(property.signature, of: "property \(interface.name).\(property.name)")
            guard properties.lookup(property.name) == nil else {
                throw .invalidArgs("property \(interface.name).\(property.name) is declared twice")
            }
            properties.insert(property.name, index)
        }
        self.interface = interface
        self.methods = methods
        self.properties = properties
    }

    var name: String { interface.name }

    private static func checkArguments(_ arguments: [Argument], of member: String) throws(DBusError) {
        for argument in arguments { try checkSingle(argument.signature, of: "argument \(argument.name) of \(member)") }
    }

    private static func checkSingle(_ signature: String, of what: String) throws(DBusError) {
        let valid = !Validation.containsNUL(signature) && signature.withCString { dbus_signature_validate_single($0, nil) != 0 }
        guard valid else { throw .invalidArgs("\(what): '\(signature)' is not one complete type") }
    }

    /// The property called `name`, or `UnknownProperty`.
    func property(_ name: String) throws(DBusError) -> Interface.Property {
        guard let index = properties.lookup(name) else {
            throw .unknownProperty("no property \(name) in interface \(interface.name)")
        }
        return interface.properties[index]
    }
}

/// An object on the bus: its path, its interfaces, and the properties changed this turn.
final class ExportedObject {
    let path: ObjectPath
    let interfaces: [CompiledInterface]
    let byName: NameTable<CompiledInterface>
    let isObjectManager: Bool
    /// Changed properties per interface index, in the order first announced; flushed as one
    /// `PropertiesChanged` per interface at the end of the turn or before a reply.
    var changed: [(interface: Int, properties: [Int])] = []

    init(path: ObjectPath, interfaces: [Interface], isObjectManager: Bool) throws(DBusError) {
        var compiled: [CompiledInterface] = []
        var byName = NameTable<CompiledInterface>()
        for interface in interfaces {
            let one = try CompiledInterface(interface)
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
        guard let interfaceIndex = interfaces.firstIndex(where: { $0.name == name }) else {
            throw .unknownInterface("object \(path) has no interface \(name)")
        }
        let interface = interfaces[interfaceIndex]
        var indices: [Int] = []
        for propertyName in names {
            guard let index = interface.properties.lookup(propertyName) else {
                throw .unknownProperty("no property \(propertyName) in interface \(name)")
            }
            let mode = interface.interface.properties[index].emitsChanged
            if mode == .true || mode == .invalidates { indices.append(index) }
        }
        guard !indices.isEmpty else { return false }
        let wasClean = changed.isEmpty
        if let slot = changed.firstIndex(where: { $0.interface == interfaceIndex }) {
            for index in indices where !changed[slot].properties.contains(index) {
                changed[slot].properties.append(index)
            }
        } else {
            changed.append((interfaceIndex, indices))
        }
        return wasClean
    }
}
