/// One message on the link between the daemon and the helper process that runs an isolated
/// plugin (docs/plugins.md, Isolation). The daemon sends calls, each with a serial; the helper
/// answers each call once with a reply carrying the same serial, and sends, unasked, the
/// plugin's identity once loaded and its host callbacks (events). The plugin's log lines do not
/// cross the link: the helper writes them to its standard error, which is the daemon's.
///
/// What the helper sends is plugin input: `PluginLinkMessage+Wire` reads it bounded and
/// validated, field by field, as the daemon reads bus input.
enum PluginLinkMessage: Sendable, Equatable {
    /// Daemon → helper: a call into the plugin, answered by a `reply` with the same serial.
    case call(serial: UInt32, PluginLinkCall)
    /// Helper → daemon: the plugin loaded and passed the module's checks.
    case ready(name: String, version: String, abi: PluginABIVersion)
    /// Helper → daemon: the answer to the call with `serial`.
    case reply(serial: UInt32, PluginLinkReply)
    /// Helper → daemon: a host callback of the plugin for one of its tabs.
    case event(tabID: String, PluginTabEvent.Change)
}

/// A call the daemon makes into an isolated plugin: the functions of `PluginTab`, by tab id.
enum PluginLinkCall: Sendable, Equatable {
    /// Creates the instance of a tab; answered `done(false)` when the plugin declines.
    case create(tabID: String)
    /// Destroys the instance of a tab.
    case destroy(tabID: String)
    /// A lifecycle or navigation notice that takes no argument.
    case notice(tabID: String, PluginLinkNotice)
    /// Pushes a page; answered `done(true)` when the plugin knows it.
    case navigate(tabID: String, page: String)
    /// Renders a page; answered `content`, or `failed`.
    case render(tabID: String, page: String)
    /// Lists the actions the tab accepts now; answered `actions`, or `failed`.
    case actions(tabID: String)
    /// Performs an action; answered `done(true)` when the plugin performed it.
    case activate(tabID: String, action: String)
    /// Tells the tab the controller's locale (PAGE-5); answered `done(true)`.
    case locale(tabID: String, locale: String)
}

/// The calls without an argument, in UIKit's vocabulary.
enum PluginLinkNotice: UInt8, Sendable, Equatable, CaseIterable {
    /// The tab is about to be shown.
    case willAppear = 1
    /// The tab is shown.
    case didAppear
    /// The tab is about to be hidden.
    case willDisappear
    /// The tab is hidden.
    case didDisappear
    /// The top page was popped.
    case back
    /// The stack was popped to its root page.
    case popToRoot
}

/// The helper's answer to one call.
enum PluginLinkReply: Sendable, Equatable {
    /// Whether the plugin did what was asked (create, navigate, activate; true for notices).
    case done(Bool)
    /// A rendered page, already within the host's text limits.
    case content(PluginContent)
    /// The actions a tab accepts now.
    case actions([String])
    /// The call failed: what the helper's `PluginCallError` said after the tab and function.
    case failed(String)
}
