import TabModel

/// Where a plugin's code runs: in the daemon's process, or in a helper process of its own
/// (the daemon's executable in its plugin-host mode) so that a crash, an `exit`, a hang or a
/// flood of callbacks ends the helper and never the daemon. Written `isolation = "in-process"`
/// or `"process"` in a plugin's manifest; a `[plugin.NAME]` table of the configuration
/// overrides the manifest (`PluginSettings`), and `PluginPlacement` decides between them.
public enum PluginIsolation: String, Sendable, Equatable, CaseIterable {
    /// The plugin's module is loaded into the daemon.
    case inProcess = "in-process"
    /// The plugin's module is loaded into a helper process of its own.
    case process

    /// Where a plugin runs when neither its manifest nor the configuration says
    /// (docs/plugins.md, Isolation, Defaults): in a helper on the system instance, which serves
    /// every user's session and where only a helper gives up the daemon's privileges (no
    /// capabilities, the state directory read-only); in the daemon on a session instance, whose
    /// plugins run as the user already. The bundled plugins say `in-process` in their manifests.
    package static func `default`(for trust: PluginTrust) -> PluginIsolation {
        switch trust {
        case .system: .process
        case .session: .inProcess
        }
    }

    /// Parses the text of an `isolation` key; the error lists the values allowed.
    package init(validating text: String) throws(TabError) {
        guard let value = PluginIsolation(rawValue: text) else {
            throw .invalidArgument("'\(text)' is neither in-process nor process")
        }
        self = value
    }
}

/// What the configuration says about one plugin (`[plugin.NAME]`), overriding its manifest.
public struct PluginSettings: Sendable, Equatable {
    /// Where the plugin runs; nil keeps what its manifest says.
    public var isolation: PluginIsolation?

    /// Settings that override nothing.
    public init(isolation: PluginIsolation? = nil) {
        self.isolation = isolation
    }
}
