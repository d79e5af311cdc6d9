import DBus
import TabModel

/// `org.tabbard.TabBar1.Tab`: one catalog tab's object, every property read from the model.
enum TabInterface {
    /// The table of tab `id` of `service`.
    static func table(_ id: String, _ service: TabBarService) -> Interface {
        // Only the getters differ from tab to tab: the rest of each property (its name,
        // signature, doc) is laid out once, and every start exports a table per tab.
        var properties = described
        for (index, property) in TabProperty.allCases.enumerated() {
            properties[index].getter = { [unowned service] (writer: inout MessageWriter) throws(DBusError) in
                guard let value = service.reading({ $0.value(of: property, tab: id) }) else {
                    throw TabError.noSuchTab(id).dbusError
                }
                try writer.append(property: value)
            }
        }
        return Interface(BusNames.tabInterface, doc: interfaceDoc, properties: properties)
    }

    // Never changed after it is made, and read only where the tables are built.
    /// Every property in `TabProperty.allCases` order, without a getter of its own yet.
    nonisolated(unsafe) private static let described: [Interface.Property] = TabProperty.allCases.map { property in
        Interface.Property(
            property.rawValue, signature: property.signature, emitsChanged: property.isConstant ? .const : .true,
            doc: InterfaceDocs.tab[property.rawValue],
            getter: { (_: inout MessageWriter) throws(DBusError) in
                throw .failed("property \(property.rawValue) read before its tab was given")
            })
    }

    private static let interfaceDoc = InterfaceDocs.tab[""]
}
