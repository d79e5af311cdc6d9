import TabModel
import TabbardPluginHost

/// Everything `tabbard.toml` can set, with the built-in defaults for what it leaves out.
///
/// Keys (architecture.md, "Configuration"): `plugin_dirs`, `plugins`, `tabs`, `selected`,
/// `customizable`, `max_visible`, `layout`, `locale`, `delegate_timeout_ms`,
/// `delegate_timeout_policy`, `admin_group`, `state_dir`, `flush_interval_ms`,
/// `customization_timeout_s`, an `[appearance]` table and one `[plugin.NAME]` table per plugin. The settings of the tab bar itself
/// are the model's `ControllerConfiguration`; the rest belongs to the daemon.
public struct DaemonConfiguration: Equatable, Sendable {
    /// Where plugins are looked for, in order. Nil means the instance's default directory.
    public var pluginDirectories: [String]?
    /// The plugins to enable by name; nil enables every plugin found.
    public var plugins: [String]?
    /// Tabs, selection, customizable set, max visible, layout, locale, appearance and the
    /// delegate timeout: what `Reset` returns to (STATE-5). `locale` empty means "follow LANG".
    public var controller = ControllerConfiguration()
    /// The group whose members may change the bar on the system instance.
    public var adminGroup = "tabbard"
    /// Where state is kept; nil means the instance's default.
    public var stateDirectory: String?
    /// How soon selection, badges and navigation reach the disk (STATE-4), 1…60000 ms.
    public var flushIntervalMs = 100
    /// How long a customization session may sit idle before it ends (CUST-8), 1…86400 s.
    public var customizationTimeoutSeconds = 300
    /// The `[plugin.NAME]` tables: what the configuration overrides of each plugin's manifest.
    public var pluginSettings: [String: PluginSettings] = [:]

    /// The built-in defaults.
    public init() {}
}
