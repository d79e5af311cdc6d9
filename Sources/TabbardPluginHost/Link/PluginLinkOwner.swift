/// What owns a `PluginLink` and must act at once when its helper says ready (before anything
/// else goes on the link) and when the link ends (the helper's process is then ended).
protocol PluginLinkOwner: AnyObject {
    /// The helper at the other end of `link` said `ready`.
    func linkReady(_ link: PluginLink)
    /// `link` ended for `ending`, after every call waiting on it failed.
    func linkEnded(_ link: PluginLink, _ ending: PluginLink.Ending)
}
