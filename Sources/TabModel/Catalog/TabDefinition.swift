/// One tab as a plugin offers it: the static part of a catalog tab. Runtime state (badge,
/// enabled, navigation …) lives in the controller.
public struct TabDefinition: Equatable, Sendable {
    /// Stable id (ID-1).
    public var id: String
    /// Name of the plugin that offers it.
    public var plugin: String
    /// Default title (ITEM-2), used when no per-locale title matches.
    public var title: String
    /// Titles per locale (`fr`, `fr_CA` …), L10N-1.
    public var localizedTitles: [String: String]
    /// Image name or absolute path, or empty.
    public var image: String
    /// Image shown while selected, or empty.
    public var selectedImage: String
    /// Icon name (ICON-1), or empty.
    public var iconName: String = ""
    /// Icon name while selected, or empty for `iconName`.
    public var selectedIconName: String = ""
    /// The absolute directory laid out like an icon theme that the plugin ships (ICON-4), or
    /// empty when its names are in the system's themes.
    public var iconThemePath: String = ""
    /// Template or original (LOOK-6).
    public var imageRenderingMode: ImageRenderingMode
    /// A system item whose title and image the daemon supplies (ITEM-3), or nil.
    public var systemItem: SystemItem?
    /// The item's tag.
    public var tag: Int32
    /// Orientations it supports (ORI-1); never empty.
    public var orientations: Set<Orientation>
    /// Key for state restoration (STATE-1); nil means the tab is never restored.
    public var restorationId: String?
    /// Bottom page of its navigation stack (NAV-1).
    public var rootPage: String
    /// What `Activate` accepts at start.
    public var actions: [String]

    /// How a definition names its restoration id (STATE-1).
    public enum Restoration: Equatable, Sendable {
        /// The tab's id; the default.
        case sameAsId
        /// A key of the plugin's choice.
        case key(String)
        /// Never restored: the tab comes back in its default configuration.
        case never
    }

    /// A definition with the defaults of ITEM-2, ORI-1 and STATE-1: no image, template
    /// rendering, portrait only, restoration id = id, root page `main`.
    public init(
        id: String,
        plugin: String,
        title: String,
        localizedTitles: [String: String] = [:],
        image: String = "",
        selectedImage: String = "",
        imageRenderingMode: ImageRenderingMode = .template,
        systemItem: SystemItem? = nil,
        tag: Int32 = 0,
        orientations: Set<Orientation> = [.portrait],
        restoration: Restoration = .sameAsId,
        rootPage: String = "main",
        actions: [String] = []
    ) {
        self.id = id
        self.plugin = plugin
        self.title = title
        self.localizedTitles = localizedTitles
        self.image = image
        self.selectedImage = selectedImage
        self.imageRenderingMode = imageRenderingMode
        self.systemItem = systemItem
        self.tag = tag
        self.orientations = orientations
        switch restoration {
        case .sameAsId: self.restorationId = id
        case .key(let key): self.restorationId = key
        case .never: self.restorationId = nil
        }
        self.rootPage = rootPage
        self.actions = actions
    }

    /// Throws `InvalidArgument` naming the problem unless the definition can enter a catalog.
    /// O(actions + titles).
    public func validate() throws(TabError) {
        try TabIdentifier.validate(id)
        if let restorationId, restorationId.isEmpty {
            throw .invalidArgument("Tab \(quoted: id) has an empty restoration id.")
        }
        if orientations.isEmpty {
            throw .invalidArgument("Tab \(quoted: id) supports no orientation.")
        }
        try PageName.validate(rootPage)
        try ImageName.validate(image)
        try ImageName.validate(selectedImage)
        try IconName.validate(iconName)
        try IconName.validate(selectedIconName)
        if let systemItem, !(iconName.isEmpty && selectedIconName.isEmpty) {
            throw .notSupported(
                "Tab \(quoted: id) is the system item \(quoted: systemItem.rawValue); its icon names are the daemon's (ITEM-3, ICON-2)."
            )
        }
        for action in actions { try ActionName.validate(action) }
    }
}
