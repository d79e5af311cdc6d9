/// What a plugin's manifest (`<name>.plugin`, TOML) says, read without running plugin code.
public struct PluginManifest: Sendable, Equatable {
    /// The manifest file's path, as found in its directory.
    public var file: String
    /// The plugin's name; the plugin's table must report the same.
    public var name: String
    /// The module file as written in the manifest, relative to the manifest's directory.
    public var module: String
    /// The ABI version the plugin was built for.
    public var abi: PluginABIVersion
    /// One line saying what the plugin offers.
    public var description: String
    /// The tabs it offers, in manifest order.
    public var tabs: [PluginTabDeclaration]
    /// Where its code runs unless the configuration says otherwise; nil when the manifest does
    /// not say, and the instance's default applies (`PluginIsolation.default(for:)`).
    public var isolation: PluginIsolation?

    /// Creates a manifest from its parts (the parser does this; tests may too).
    public init(
        file: String, name: String, module: String, abi: PluginABIVersion, description: String,
        tabs: [PluginTabDeclaration],
        isolation: PluginIsolation? = nil
    ) {
        self.file = file
        self.name = name
        self.module = module
        self.abi = abi
        self.description = description
        self.tabs = tabs
        self.isolation = isolation
    }

    /// The directory holding the manifest (`.` for a bare file name).
    public var directory: String {
        guard let slash = file.lastIndex(of: "/") else { return "." }
        return slash == file.startIndex ? "/" : String(file[..<slash])
    }

    /// The module file's path: `module` resolved against the manifest's directory.
    public var modulePath: String {
        module.hasPrefix("/") ? module : (directory == "/" ? "/" : directory + "/") + module
    }
}

/// One tab as a manifest declares it: its identity, bar item and behaviour.
public struct PluginTabDeclaration: Sendable, Equatable {
    /// The tab id (ID-1), unique across every loaded plugin.
    public var id: String
    /// The default title; empty for a tab with a system item (its title comes from the daemon).
    public var title: String
    /// Titles by locale (`fr`, `pt_BR`), picked per L10N-1.
    public var localizedTitles: [String: String]
    /// Image name or path, or empty.
    public var image: String
    /// Selected image name or path, or empty.
    public var selectedImage: String
    /// Icon name (ICON-1, the manifest's `icon`), or empty.
    public var iconName: String = ""
    /// Icon name while selected (`selected_icon`), or empty.
    public var selectedIconName: String = ""
    /// The plugin's icon theme directory, absolute (ICON-4, the manifest's `icon_theme`), or empty.
    public var iconThemePath: String = ""
    /// `template` (tinted, the default) or `original` (LOOK-6).
    public var imageRenderingMode: String
    /// A system item (ITEM-3), or nil.
    public var systemItem: String?
    /// The item's tag.
    public var tag: Int32
    /// Supported orientations (ORI-1); `portrait` alone unless the manifest says more.
    public var orientations: [String]
    /// The restoration id (STATE-1): the id unless the manifest says otherwise; nil for none.
    public var restorationID: String?
    /// The actions the tab may offer, as listed for people; the live list comes from the plugin.
    public var actions: [String]
    /// The page at the bottom of the tab's navigation stack (NAV-1).
    public var rootPage: String

    /// A tab with `id` and `title` and every other field at its default.
    public init(id: String, title: String) {
        self.id = id
        self.title = title
        self.localizedTitles = [:]
        self.image = ""
        self.selectedImage = ""
        self.imageRenderingMode = "template"
        self.systemItem = nil
        self.tag = 0
        self.orientations = ["portrait"]
        self.restorationID = id
        self.actions = []
        self.rootPage = "main"
    }
}

/// An ABI version, `major.minor`, as in a manifest and in a plugin's table.
public struct PluginABIVersion: Sendable, Hashable, CustomStringConvertible {
    /// Must equal the host's.
    public var major: UInt32
    /// Must not exceed the host's.
    public var minor: UInt32

    /// The version `major.minor`.
    public init(major: UInt32, minor: UInt32) {
        self.major = major
        self.minor = minor
    }

    /// Parses `"1.0"`; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }),
            let major = UInt32(parts[0]), let minor = UInt32(parts[1])
        else { return nil }
        self.init(major: major, minor: minor)
    }

    /// `major.minor`, as written in manifests.
    public var description: String { "\(major).\(minor)" }
}
