import DBus
import TabModel
import TabbardBusContract

extension DelegateSignal {
    /// The signal's member name in `org.tabbard.TabBar1`.
    var member: String {
        switch self {
        case .didSelect: ControllerSignalName.didSelect.rawValue
        case .willBeginCustomizing: ControllerSignalName.willBeginCustomizing.rawValue
        case .willEndCustomizing: ControllerSignalName.willEndCustomizing.rawValue
        case .didEndCustomizing: ControllerSignalName.didEndCustomizing.rawValue
        }
    }

    /// Emits the signal from the controller object, with its arguments.
    func emit(on connection: Connection) throws(DBusError) {
        let path = BusNames.controller
        let interface = BusNames.controllerInterface
        switch self {
        case .didSelect(let item):
            try connection.emit(path: path, interface: interface, name: member, item)
        case .willBeginCustomizing(let tabs):
            try connection.emit(path: path, interface: interface, name: member, tabs)
        case .willEndCustomizing(let tabs, let changed), .didEndCustomizing(let tabs, let changed):
            try connection.emit(path: path, interface: interface, name: member, tabs, changed)
        }
    }
}
