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
            throw .unknownProperty("no property \(DBusError.quoted(name)) in interface \(interface.name)")
        }
        return interface.properties[index]
    }
}
