import DBus
import TabModel
import TabbardBusContract

extension BarSignal.Kind {
    /// The signal's member name in `org.tabbard.TabBar1.Bar`.
    var member: String {
        switch self {
        case .itemsSet: BarSignalName.itemsSet.rawValue
        case .didSelectItem: BarSignalName.didSelectItem.rawValue
        case .willBeginCustomizingItems: BarSignalName.willBeginCustomizingItems.rawValue
        case .didBeginCustomizingItems: BarSignalName.didBeginCustomizingItems.rawValue
        case .willEndCustomizingItems: BarSignalName.willEndCustomizingItems.rawValue
        case .didEndCustomizingItems: BarSignalName.didEndCustomizingItems.rawValue
        }
    }
}

extension BarSignal {
    /// Emits the signal from its bar's object, with its arguments (SBAR-3..5).
    func emit(on connection: Connection) throws(DBusError) {
        let path = BusNames.barPath(bar)
        let interface = BusNames.barInterface
        let member = kind.member
        switch kind {
        case .itemsSet(let items, let animated):
            try connection.emit(path: path, interface: interface, name: member, items, animated)
        case .didSelectItem(let item):
            try connection.emit(path: path, interface: interface, name: member, item)
        case .willBeginCustomizingItems(let items), .didBeginCustomizingItems(let items):
            try connection.emit(path: path, interface: interface, name: member, items)
        case .willEndCustomizingItems(let items, let changed), .didEndCustomizingItems(let items, let changed):
            try connection.emit(path: path, interface: interface, name: member, items, changed)
        }
    }
}
