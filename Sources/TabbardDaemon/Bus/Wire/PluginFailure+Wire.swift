import DBus
import TabbardPluginHost

extension PluginFailure {
    /// The D-Bus error a caller receives: `PluginFailed`, with the failure's detail.
    var dbusError: DBusError {
        ServiceError.pluginFailed(detail).dbusError
    }
}
