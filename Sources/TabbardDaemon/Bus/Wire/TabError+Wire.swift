import DBus
import TabModel
import TabbardBusContract

extension TabError {
    /// The D-Bus error a caller receives: `org.tabbard.TabBar1.Error.<Name>` with the
    /// one-line message naming the offending value.
    var dbusError: DBusError {
        DBusError(name: BusNames.errorPrefix + name, message: message)
    }
}
