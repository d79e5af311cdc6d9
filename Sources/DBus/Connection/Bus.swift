extension Connection {
    /// Which bus to connect to: the one type for it, from a command line's `--session`,
    /// `--system` or `--address ADDR` to the connection.
    public enum Bus: Sendable, Equatable {
        /// The user's session bus (`$DBUS_SESSION_BUS_ADDRESS`).
        case session
        /// The system bus.
        case system
        /// A bus at a D-Bus address such as `unix:path=/run/bus.sock`.
        case address(String)
    }
}
