/// A plugin that failed to do what a request asked of it: a page it could not render, an
/// action it refused, a tab with no running instance. The daemon answers it as the API's
/// `PluginFailed` error; `detail` is that error's message and names the offending value.
package struct PluginFailure: Error, Equatable, Sendable {
    /// What failed, naming the plugin, the tab and the offending value.
    package let detail: String

    /// The failure `detail` describes.
    package static func pluginFailed(_ detail: String) -> PluginFailure {
        PluginFailure(detail: detail)
    }
}
