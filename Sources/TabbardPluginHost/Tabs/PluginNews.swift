/// What the plugin system tells the service, in the one queue it drains (`PluginTabs`), in the
/// order it happened: a tab's news from its plugin, and the news of helpers and probes, which
/// change what the model may ask of a plugin.
package enum PluginNews: Sendable, Equatable {
    /// A plugin said something about one of its tabs.
    case tab(PluginTabEvent)
    /// The helper of `plugin` is ready, and its tabs were told their state again
    /// (`PluginReplay`): their actions are to be read.
    case helperReturned(plugin: String)
    /// A start of the helper of `plugin` settled: it is ready (after `helperReturned`), or it
    /// ended first. What waits for the plugins found at start (`READY=1`) looks again.
    case helperSettled(plugin: String)
    /// The probe of `plugin` ended: it `loaded` (into the daemon, or into its helper when a
    /// reload isolated it meanwhile), and its tabs may get instances now; or it was skipped,
    /// and its tabs left the catalog.
    case probeEnded(plugin: String, loaded: Bool)
}
