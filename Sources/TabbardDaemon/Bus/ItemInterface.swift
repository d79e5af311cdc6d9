import DBus
import TabModel
import TabbardBusContract

/// `org.tabbard.TabBar1.Item`: one item of a standalone bar (SBAR-2), every property read from
/// the model, the writable ones written through it, and its badge set and cleared (ITEM-4).
enum ItemInterface {
    /// The table of item `id` of the standalone bar `bar` of `service`.
    static func table(_ id: String, bar: String, _ service: TabBarService) -> Interface {
        let builder = ModelMethods(service: service, docs: InterfaceDocs.item)
        let methods = [
            builder.change("SetBadge", ("value", String.self)) {
                (controller: inout TabController, _, value) throws(TabError) in
                try controller.setItemBadge(try Badge(value: value), of: id, on: bar)
            },
            builder.change("ClearBadge") { (controller: inout TabController, _) throws(TabError) in
                try controller.setItemBadge(nil, of: id, on: bar)
            },
        ]
        let properties = BarItemProperty.allCases.map { property in
            Interface.Property(
                property.wireName, signature: property.signature, emitsChanged: property.isConstant ? .const : .true,
                doc: InterfaceDocs.item[property.wireName],
                getter: { [unowned service] (writer: inout MessageWriter) throws(DBusError) in
                    guard let value = service.model.read({ $0.value(of: property, item: id, bar: bar) }) else {
                        throw TabError.noSuchItem(id, bar: bar).dbusError
                    }
                    try writer.append(property: value)
                },
                setter: property.isWritable
                    ? { [unowned service] reader, _ in
                        let value = try reader.readProperty(property.wireName, signature: property.signature)
                        try service.carryOut(
                            .refusable { controller throws(TabError) in
                                try controller.setItem(property, of: id, on: bar, to: value)
                            })
                    } : nil)
        }
        return Interface(BusNames.itemInterface, doc: InterfaceDocs.item[""], methods: methods, properties: properties)
    }
}
