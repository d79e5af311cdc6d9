/// Everything `tabbard.toml` can set, with the built-in defaults for what it leaves out.
///
/// Keys (architecture.md, "Configuration"): `plugin_dirs`, `plugins`, `tabs`, `selected`,
/// `customizable`, `max_visible`, `layout`, `locale`, `delegate_timeout_ms`,
/// `delegate_timeout_policy`, `admin_group`, `state_dir`, `flush_interval_ms`,
/// `customization_timeout_s`, and an `[appearance]` table.
public struct DaemonConfiguration: Equatable, Sendable {
    /// Where plugins are looked for, in order. Nil means the instance's default directory.
    public var pluginDirectories: [String]?
    /// The plugins to enable by name; nil enables every plugin found.
    public var plugins: [String]?
    /// The controller's initial tabs in order; nil shows every catalog tab.
    public var tabs: [String]?
    /// The tab selected at start when no state says otherwise (SEL-7).
    public var selected: String?
    /// The tabs the user may rearrange; nil means all tabs (CUST-1).
    public var customizable: [String]?
    /// How many items the bar holds, More included (MORE-1): 2…64.
    public var maxVisible: Int = 5
    /// `bottom` or `top`.
    public var layout: String = "bottom"
    /// The locale for titles and labels; nil follows `LANG` (L10N-1).
    public var locale: String?
    /// How long a tap waits for the delegate, 10…20000 ms.
    public var delegateTimeoutMs: Int = 2000
    /// `allow` or `deny`: what a delegate timeout decides (TAP-5).
    public var delegateTimeoutPolicy: String = "allow"
    /// The group whose members may change the bar on the system instance.
    public var adminGroup: String = "tabbard"
    /// Where state is kept; nil means the instance's default.
    public var stateDirectory: String?
    /// How soon selection, badges and navigation reach the disk (STATE-4), 1…60000 ms.
    public var flushIntervalMs: Int = 100
    /// How long a customization session may sit idle before it ends (CUST-8), 1…86400 s.
    public var customizationTimeoutSeconds: Int = 300
    /// The `[appearance]` table.
    public var appearance = AppearanceSettings()

    /// The built-in defaults.
    public init() {}
}

/// The `[appearance]` table of `tabbard.toml`; an absent key keeps the model's default
/// (LOOK-1..4).
public struct AppearanceSettings: Equatable, Sendable {
    /// `default` or `black`.
    public var barStyle: String?
    /// `#RRGGBB`.
    public var barTintColor: String?
    /// `#RRGGBB`.
    public var tintColor: String?
    /// `#RRGGBB`.
    public var unselectedItemTintColor: String?
    /// Whether the bar is translucent.
    public var translucent: Bool?
    /// An image name or absolute path.
    public var backgroundImage: String?
    /// An image name or absolute path.
    public var shadowImage: String?
    /// An image name or absolute path.
    public var selectionIndicatorImage: String?

    /// No appearance settings.
    public init() {}
}
