import TabbardPluginABI

/// How serious a plugin's log line is; the host maps it onto its own log levels.
public enum PluginLogLevel: Int32, Sendable {
    /// Something failed.
    case error = 3
    /// Something unexpected that the plugin worked around.
    case warning = 4
    /// A significant normal event.
    case notice = 5
    /// A routine event.
    case info = 6
    /// Developer detail.
    case debug = 7
}
