import DBus
import TabModel

/// `org.tabbard.TabBar1.Tab`: one catalog tab's object, every property read from the model.
enum TabInterface {
    /// The table of tab `id` of `service`.
    static func table(_ id: String, _ service: TabBarService) -> Interface {
        let properties = TabProperty.allCases.map { property in
            Interface.Property(
                property.rawValue, signature: property.signature, emitsChanged: property.isConstant ? .const : .true,
                doc: InterfaceDocs.tab[property.rawValue],
                getter: { [unowned service] (writer: inout MessageWriter) throws(DBusError) in
                    guard let value = service.reading({ $0.value(of: property, tab: id) }) else {
                        throw TabError.noSuchTab(id).dbusError
                    }
                    try writer.append(property: value)
                })
        }
        return Interface(BusNames.tabInterface, doc: InterfaceDocs.tab[""], properties: properties)
    }
}
