import DBus
import TabModel

/// `org.tabbard.TabBar1.Bar`: the controller's own bar, readable and never writable by
/// clients (BAR-1).
enum BarInterface {
    /// The table of `service`'s bar.
    static func table(_ service: TabBarService) -> Interface {
        let locked: [(String, [Argument])] = [
            ("SetItems", [Argument("items", "as")]),
            ("SetSelectedItem", [Argument("item", "s")]),
            ("BeginCustomizingItems", [Argument("items", "as")]),
        ]
        let methods = locked.map { name, inputs in
            Interface.Method(name, inputs: inputs, doc: InterfaceDocs.bar[name]) { _ in
                throw ServiceError.barLocked(name).dbusError
            }
        }
        let properties = BarProperty.allCases.map { property in
            Interface.Property(
                property.rawValue, signature: property.signature, doc: InterfaceDocs.bar[property.rawValue],
                getter: { [unowned service] (writer: inout MessageWriter) throws(DBusError) in
                    try writer.append(property: service.controller.value(of: property))
                })
        }
        return Interface(BusNames.barInterface, doc: InterfaceDocs.bar[""], methods: methods, properties: properties)
    }
}
