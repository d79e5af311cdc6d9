import DBus
import TabModel
import TabbardBusContract

/// `org.tabbard.TabBar1.Tab`: one catalog tab's object, every property read from the model.
enum TabInterface {
    /// The table of tab `id` of `service`.
    static func table(_ id: String, _ service: TabBarService) -> Interface {
        // Only whose values are read differs from tab to tab: every tab shares one array of
        // properties, and reads them by position through one closure of its own. A start
        // exports a table per tab, and a catalog may hold thousands.
        Interface(BusNames.tabInterface, doc: interfaceDoc, properties: described) {
            [unowned service] index, writer throws(DBusError) in
            guard let value = service.model.read({ $0.value(of: tabProperties[index], tab: id) }) else {
                throw TabError.noSuchTab(id).dbusError
            }
            try writer.append(property: value)
        }
    }

    /// `TabProperty.allCases` but `ContentRevision`, which is on `.Content` (PAGE-4), made once:
    /// a synthesized `allCases` is built anew on every access.
    static let tabProperties = TabProperty.allCases.filter { $0 != .contentRevision }

    /// Where `property` sits in the table; nil for `ContentRevision`, which is not in it.
    static func position(of property: TabProperty) -> Int? {
        let position = property.tablePosition
        let moved = TabProperty.contentRevision.tablePosition
        return position == moved ? nil : position > moved ? position - 1 : position
    }

    // Never changed after it is made: every tab's table shares it.
    /// Every property in `TabProperty.allCases` order. Read through each tab's own reader
    /// (`table`), never through these getters.
    nonisolated(unsafe) private static let described: [Interface.Property] = tabProperties.map { property in
        Interface.Property(
            property.rawValue, signature: property.signature, emitsChanged: property.isConstant ? .const : .true,
            doc: InterfaceDocs.tab[property.rawValue],
            getter: { (_: inout MessageWriter) throws(DBusError) in
                throw .failed("property \(property.rawValue) is read through its tab's reader")
            })
    }

    private static let interfaceDoc = InterfaceDocs.tab[""]
}
