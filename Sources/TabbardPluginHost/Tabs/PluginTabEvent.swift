import TabModel

/// Something a plugin told the host about one of its tabs, from any of its threads. The
/// daemon receives these through its `PluginEventSink` and applies them on its loop.
public struct PluginTabEvent: Sendable, Equatable {
    /// What changed.
    public enum Change: Sendable, Equatable {
        /// The badge: nil removes it, `""` is a dot badge (ITEM-4). Not yet validated.
        case badge(String?)
        /// The badge color, `#RRGGBB` or `""` (ITEM-5). Not yet validated.
        case badgeColor(String)
        /// A new title for the tab.
        case title(String)
        /// Whether the tab can be tapped (ITEM-6).
        case enabled(Bool)
        /// The content changed: bump `ContentRevision`.
        case contentChanged
        /// The plugin pushes a page onto the tab's stack (NAV-2 rules still apply).
        case pushPage(String)
        /// The icon names (ICON-2): UTF-8 within 255 bytes, not yet validated otherwise.
        case iconNames(icon: String, selected: String)
        /// Icons the plugin drew (ICON-3), not yet validated.
        case iconPixmaps([IconPixmap])
        /// An icon the plugin set was refused where it entered, before it was copied (text
        /// that is not UTF-8, pixmaps outside ICON-3's bounds): what, for the log. It counts as
        /// a failure of the plugin, as the refusals of `iconNames` and `iconPixmaps` do.
        case iconRefused(String)
    }

    /// The plugin that sent it.
    public var plugin: String
    /// The tab it is about.
    public var tabID: String
    /// What changed.
    public var change: Change

    /// An event for `tabID` of `plugin`.
    public init(plugin: String, tabID: String, change: Change) {
        self.plugin = plugin
        self.tabID = tabID
        self.change = change
    }
}

/// Where host callbacks go. Called on whichever thread the plugin used: one of its own, or
/// the loop thread itself when the plugin calls back from inside a plugin function (a badge
/// set in `activate`). So it should only post the event to the daemon's loop (queue it and
/// wake the eventfd), never touch the model directly and never wait for the loop.
public typealias PluginEventSink = @Sendable (PluginTabEvent) -> Void
