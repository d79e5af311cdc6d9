/// Where a plugin will run and what decided it: `PluginHost` acts on it, and
/// `tabbard --list-plugins` prints it (docs/plugins.md, Isolation).
///
/// The configuration's `[plugin.NAME]` decides first, then the manifest, then the instance. On
/// the system instance a manifest may not put its plugin in the daemon's process unless the
/// plugin is bundled with tabbard: a third-party plugin's author would otherwise choose the
/// daemon's rights for it, which only the administrator may.
public struct PluginPlacement: Sendable, Equatable {
    /// What decided.
    public enum Reason: Sendable, Equatable {
        /// The configuration's `[plugin.NAME]` table.
        case configuration
        /// The plugin's manifest (on the system instance: a `process`, or a bundled plugin's
        /// `in-process`).
        case manifest
        /// The instance's default, the manifest saying nothing.
        case instanceDefault
        /// The instance's default, on the system instance, over a third-party manifest's `in-process`.
        case manifestPassedOver
    }

    /// The plugins built and shipped with tabbard, whose manifests say `in-process` on either
    /// instance (docs/plugins.md, Isolation: why). Every other plugin is third-party.
    public static let bundledPlugins: Set<String> = ["clock", "media", "notes"]

    /// Where the plugin runs.
    public let isolation: PluginIsolation
    /// What decided it.
    public let reason: Reason

    /// A placement from its parts.
    public init(isolation: PluginIsolation, reason: Reason) {
        self.isolation = isolation
        self.reason = reason
    }

    /// Where the plugin of `manifest` runs on an instance of `trust` under `settings`, the
    /// instance's default being `unsaid`.
    public init(_ manifest: PluginManifest, settings: PluginSettings, trust: PluginTrust, unsaid: PluginIsolation) {
        if let configured = settings.isolation {
            self.init(isolation: configured, reason: .configuration)
            return
        }
        switch manifest.isolation {
        case nil:
            self.init(isolation: unsaid, reason: .instanceDefault)
        case .inProcess? where trust == .system && !Self.bundledPlugins.contains(manifest.name):
            self.init(isolation: unsaid, reason: .manifestPassedOver)
        case let said?:
            self.init(isolation: said, reason: .manifest)
        }
    }

    /// The line `--list-plugins` prints after `runs: ` for plugin `name` on an instance of `trust`.
    public func text(plugin name: String, trust: PluginTrust) -> String {
        let place = isolation == .process ? "in a helper process" : "in the daemon"
        let instance = trust == .system ? "the system instance's default" : "the session instance's default"
        return switch reason {
        case .configuration: "\(place), as the configuration says ([plugin.\(name)])"
        case .manifest where trust == .system && isolation == .inProcess:
            "\(place), as its manifest says (a bundled plugin)"
        case .manifest: "\(place), as its manifest says"
        case .instanceDefault: "\(place), \(instance)"
        case .manifestPassedOver:
            "\(place), \(instance) (its manifest's in-process counts only for the bundled plugins here)"
        }
    }

    /// The notice logged when a third-party manifest's `in-process` is passed over.
    static func passedOverNotice(plugin name: String) -> String {
        "plugin \(name): its manifest asks to run in the daemon, which on the system instance only [plugin.\(name)] in the "
            + "configuration decides for a plugin not bundled with tabbard; it runs in a helper process"
    }
}
