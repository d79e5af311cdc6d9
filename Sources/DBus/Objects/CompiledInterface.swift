/// An interface table prepared for dispatch: names validated once, members indexed for lookup
/// by the C strings of incoming messages (its `InterfaceLayout`), with the object's handlers
/// and getters.
final class CompiledInterface {
    let interface: Interface
    let methods: NameTable<Int>
    let properties: NameTable<Int>

    /// `interface` laid out by `layout`, which was worked out from it or fits it.
    init(_ interface: Interface, layout: InterfaceLayout) {
        self.interface = interface
        methods = layout.methods
        properties = layout.properties
    }

    /// `interface` with its names and signatures checked; `InvalidArgs` when one is not valid.
    convenience init(_ interface: Interface) throws(DBusError) {
        self.init(interface, layout: try InterfaceLayout(interface))
    }

    var name: String { interface.name }

    /// The position in `interface.properties` of the property called `name`, or
    /// `UnknownProperty`.
    func propertyIndex(_ name: String) throws(DBusError) -> Int {
        guard let index = properties.lookup(name) else {
            throw .unknownProperty("no property \(DBusError.quoted(name)) in interface \(interface.name)")
        }
        return index
    }

    /// Appends the property at `index` as a variant of its signature, which was validated when
    /// this interface was compiled (`InterfaceLayout`): `Get`, `GetAll`, `GetManagedObjects`
    /// and every `PropertiesChanged` write their values through here.
    func appendProperty(_ index: Int, to writer: inout MessageWriter) throws(DBusError) {
        try writer.appendContainer(TypeCode.variant, validatedSignature: interface.properties[index].signature) {
            (value: inout MessageWriter) throws(DBusError) in
            try interface.readProperty(index, into: &value)
        }
    }

    /// Appends every property, in table order, as a `{sv}` entry with its current value, to
    /// `entries`, the inside of an `a{sv}` being written.
    func appendPropertyEntries(to entries: inout MessageWriter) throws(DBusError) {
        for (index, property) in interface.properties.enumerated() {
            try entries.appendContainer(TypeCode.dictEntry, signature: nil) {
                (entry: inout MessageWriter) throws(DBusError) in
                try entry.append(property.name)
                try appendProperty(index, to: &entry)
            }
        }
    }
}
