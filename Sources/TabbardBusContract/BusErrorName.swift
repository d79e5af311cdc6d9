/// The names of tabbard's own errors (dbus-api.md, "Names"), each sent as
/// `org.tabbard.TabBar1.Error.<Name>`: the model's (`TabError`) and the daemon's own.
public enum BusErrorName: String, CaseIterable, Sendable {
    case noSuchTab = "NoSuchTab"
    case invalidArgument = "InvalidArgument"
    case indexOutOfRange = "IndexOutOfRange"
    case noMore = "NoMore"
    case notReachable = "NotReachable"
    case disabled = "Disabled"
    case notCustomizable = "NotCustomizable"
    case notCustomizing = "NotCustomizing"
    case invalidOrder = "InvalidOrder"
    case busy = "Busy"
    case delegateExists = "DelegateExists"
    case notDelegate = "NotDelegate"
    case notSupported = "NotSupported"
    case noSuchBar = "NoSuchBar"
    case noSuchItem = "NoSuchItem"
    case barLocked = "BarLocked"
    case pluginFailed = "PluginFailed"
    case stateNotSaved = "StateNotSaved"

    /// The whole D-Bus error name, `org.tabbard.TabBar1.Error.<Name>`.
    public var busName: String { BusNames.errorPrefix + rawValue }
}
