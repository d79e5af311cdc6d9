import CDBus

/// What exporting an interface works out from its names and signatures alone: every name and
/// signature checked, and the members indexed by name for dispatch.
///
/// Objects of one kind (every tab of a bar) export the same interface with other handlers and
/// getters, so the layout worked out for the first fits the rest: `ObjectTable` keeps the last
/// layout of each interface name and reuses it for an interface whose members are the same,
/// which it tells by comparing names and signatures, far cheaper than checking them again.
struct InterfaceLayout {
    /// Method positions by name.
    let methods: NameTable<Int>
    /// Property positions by name.
    let properties: NameTable<Int>
    /// The names and signatures the layout was worked out from.
    private let members: Members

    /// Checks every name and signature of `interface` and indexes its members; a name or
    /// signature that is not valid, or a member declared twice, throws `InvalidArgs`.
    init(_ interface: Interface) throws(DBusError) {
        try Validation.check(interface.name, as: .interface)
        var methods = NameTable<Int>()
        for (index, method) in interface.methods.enumerated() {
            try Validation.check(method.name, as: .member)
            try Self.checkArguments(method.inputs, of: interface.name, method.name)
            try Self.checkArguments(method.outputs, of: interface.name, method.name)
            guard methods.lookup(method.name) == nil else {
                throw .invalidArgs("method \(interface.name).\(method.name) is declared twice")
            }
            methods.insert(method.name, index)
        }
        for signal in interface.signals {
            try Validation.check(signal.name, as: .member)
            try Self.checkArguments(signal.arguments, of: interface.name, signal.name)
        }
        var properties = NameTable<Int>()
        for (index, property) in interface.properties.enumerated() {
            try Validation.check(property.name, as: .member)
            guard Self.isSingleType(property.signature) else {
                throw .invalidArgs(
                    "property \(interface.name).\(property.name): '\(property.signature)' is not one complete type")
            }
            guard properties.lookup(property.name) == nil else {
                throw .invalidArgs("property \(interface.name).\(property.name) is declared twice")
            }
            properties.insert(property.name, index)
        }
        self.methods = methods
        self.properties = properties
        members = Members(interface)
    }

    /// Whether `interface` has the very names and signatures this layout was worked out from,
    /// in the same order, so that the layout serves it unchanged.
    func fits(_ interface: Interface) -> Bool {
        members.match(interface)
    }

    // The messages are built only when a check fails: at start every tab's table passes here.
    private static func checkArguments(_ arguments: [Argument], of interface: String, _ member: String)
        throws(DBusError)
    {
        for argument in arguments where !isSingleType(argument.signature) {
            throw .invalidArgs(
                "argument \(argument.name) of \(interface).\(member): '\(argument.signature)' is not one complete type")
        }
    }

    private static func isSingleType(_ signature: String) -> Bool {
        !Validation.containsNUL(signature) && signature.withCString { dbus_signature_validate_single($0, nil) != 0 }
    }

    /// An interface's names and signatures, without its handlers and getters (which the layout
    /// must not keep alive).
    private struct Members {
        let name: String
        let methods: [(name: String, inputs: [Argument], outputs: [Argument])]
        let signals: [(name: String, arguments: [Argument])]
        let properties: [(name: String, signature: String)]

        init(_ interface: Interface) {
            name = interface.name
            methods = interface.methods.map { ($0.name, $0.inputs, $0.outputs) }
            signals = interface.signals.map { ($0.name, $0.arguments) }
            properties = interface.properties.map { ($0.name, $0.signature) }
        }

        /// Whether these are the names and signatures of `interface`.
        func match(_ interface: Interface) -> Bool {
            guard name == interface.name, methods.count == interface.methods.count,
                signals.count == interface.signals.count, properties.count == interface.properties.count
            else { return false }
            for (known, method) in zip(methods, interface.methods) {
                guard known.name == method.name, known.inputs == method.inputs, known.outputs == method.outputs else {
                    return false
                }
            }
            for (known, signal) in zip(signals, interface.signals) {
                guard known.name == signal.name, known.arguments == signal.arguments else { return false }
            }
            for (known, property) in zip(properties, interface.properties) {
                guard known.name == property.name, known.signature == property.signature else { return false }
            }
            return true
        }
    }
}
