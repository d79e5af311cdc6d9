import DBus
import TabbardBusContract

extension BarPicture {
    /// The picture of the standalone bar `name` from its properties and its items': the items
    /// on the bar in order, the selected one in the bar's tint (SBAR-4, SBAR-6), badges and
    /// disabled items as on the controller's bar, and in the content area the bar's name,
    /// whether it is being customized (SBAR-5), and the items defined but not on the bar.
    init(bar name: String, properties: PropertyValues, items: [String: PropertyValues]) {
        let selected = properties.string(BarPropertyName.selectedItem)
        let item = { (id: String) in
            Item(
                id: id, title: items[id]?.title(ItemPropertyName.self, or: id) ?? id,
                badge: items[id]?.badge(ItemPropertyName.self),
                enabled: items[id].map { $0.isEnabled(ItemPropertyName.self) } ?? true, selected: id == selected)
        }
        let onBar = properties.strings(BarPropertyName.items)
        let offBar = properties.strings(BarPropertyName.definedItems).filter { !onBar.contains($0) }
        self.init(
            layout: .bottom, items: onBar.map(item), tintColor: properties.string(BarPropertyName.tintColor),
            content: .standalone(
                name: name, customizing: properties.bool(BarPropertyName.customizing), offBar: offBar.map(item)))
    }

    /// The picture of a standalone bar now: `GetAll` of the bar, then `GetManagedObjects` for
    /// its items.
    static func fetch(_ bar: StandaloneBar) throws(CommandFailure) -> BarPicture {
        let properties = try bar.properties()
        return BarPicture(bar: bar.name, properties: properties, items: try bar.itemProperties())
    }
}

extension BarPicture {
    /// Which bar a picture is of: the controller's, or a standalone one.
    enum Source {
        /// The controller's bar and the shown tab's content.
        case controller(TabBarClient)
        /// A standalone bar.
        case standalone(StandaloneBar)

        /// The picture of that bar now.
        func fetch() throws(CommandFailure) -> BarPicture {
            switch self {
            case .controller(let client): try BarPicture.fetch(from: client)
            case .standalone(let bar): try BarPicture.fetch(bar)
            }
        }
    }
}
