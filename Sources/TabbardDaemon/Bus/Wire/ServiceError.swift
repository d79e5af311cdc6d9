import DBus
import TabbardBusContract

/// The failures the daemon itself reports, beside the model's `TabError`: what no model
/// operation can cause. Each maps one-to-one onto an error name of the API
/// (`org.tabbard.TabBar1.Error.<name>`) and names the offending value.
enum ServiceError: Error, Equatable, Sendable {
    /// A direct change to the controller's own bar (BAR-1); the associated value names the member.
    case barLocked(String)
    /// A plugin failed to do what was asked.
    case pluginFailed(String)
    /// A structural change that could not be written (STATE-4), with the system's reason; it
    /// was undone (ERR-2).
    case stateNotSaved(String)

    /// The error's name without the interface prefix, e.g. `BarLocked`.
    var name: String {
        switch self {
        case .barLocked: "BarLocked"
        case .pluginFailed: "PluginFailed"
        case .stateNotSaved: "StateNotSaved"
        }
    }

    /// Every error name, in the order of dbus-api.md.
    static let allNames = ["BarLocked", "PluginFailed", "StateNotSaved"]

    /// One human-readable line that names the offending value.
    var message: String {
        switch self {
        case .barLocked(let member):
            "Directly modifying a tab bar managed by a tab bar controller is not allowed (\(member))."
        case .pluginFailed(let detail): detail
        case .stateNotSaved(let reason): "The change could not be saved, so it was not made: \(reason)."
        }
    }

    /// The D-Bus error a caller receives.
    var dbusError: DBusError {
        DBusError(name: BusNames.errorPrefix + name, message: message)
    }
}
