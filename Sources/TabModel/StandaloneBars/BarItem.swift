/// One item of a standalone bar: a UITabBarItem that the app made (SBAR-2), with what was set on
/// it since. A value; `TabController` owns it inside its `StandaloneBar`. Codable, because a bar's
/// items are saved as they are (SBAR-1).
public struct BarItem: Equatable, Codable, Sendable {
    /// Stable id on its bar (ID-1).
    public let id: String
    /// The title as given; a system item has none of its own (ITEM-3).
    public internal(set) var title: String
    /// Image name or absolute path, or empty.
    public internal(set) var image: String
    /// Image shown while selected, or empty.
    public internal(set) var selectedImage: String
    /// LOOK-6; `template` for a new item.
    public internal(set) var imageRenderingMode: ImageRenderingMode
    /// A theme icon name (ICON-1), or empty; empty for a new item.
    public internal(set) var iconName: String = ""
    /// The icon name while selected, or empty for `iconName`.
    public internal(set) var selectedIconName: String = ""
    /// The item's tag.
    public internal(set) var tag: Int32
    /// The system item whose localized title and image the daemon supplies (ITEM-3), or nil.
    public let systemItem: SystemItem?
    /// ITEM-4; nil for a new item.
    public internal(set) var badge: Badge?
    /// ITEM-5; empty for the default.
    public internal(set) var badgeColor: String
    /// ITEM-6; true for a new item.
    public internal(set) var enabled: Bool

    /// A new item of `AddItem` (SBAR-2): enabled, no badge, rendered as a template. Throws
    /// `InvalidArgument` for a malformed id or image, or a title longer than a tab's may be.
    init(id: String, title: String, image: String, selectedImage: String) throws(TabError) {
        try TabIdentifier.validate(id, as: "item id")
        try ItemTitle.validate(title)
        try ImageName.validate(image)
        try ImageName.validate(selectedImage)
        self.init(id: id, title: title, image: image, selectedImage: selectedImage, tag: 0, systemItem: nil)
    }

    /// A new item of `AddSystemItem` (SBAR-2, ITEM-3). Throws `InvalidArgument` for a
    /// malformed id or an unknown system item.
    init(id: String, systemItem name: String, tag: Int32) throws(TabError) {
        try TabIdentifier.validate(id, as: "item id")
        let systemItem = try SystemItem(validating: name)
        self.init(id: id, title: "", image: "", selectedImage: "", tag: tag, systemItem: systemItem)
    }

    /// An item as a state file holds it, with everything set on it (SBAR-1). Nothing is
    /// checked here: `TabController.restore` validates every saved item (`validate()`).
    public init(
        restoring id: String, title: String, image: String, selectedImage: String,
        imageRenderingMode: ImageRenderingMode,
        tag: Int32, systemItem: SystemItem?, badge: Badge?, badgeColor: String, enabled: Bool
    ) {
        self.id = id
        self.title = title
        self.image = image
        self.selectedImage = selectedImage
        self.imageRenderingMode = imageRenderingMode
        self.tag = tag
        self.systemItem = systemItem
        self.badge = badge
        self.badgeColor = badgeColor
        self.enabled = enabled
    }

    /// An item as a state file holds it, with its icon names (ICON-2), which a state written
    /// before they existed does not have.
    public init(
        restoring id: String, title: String, image: String, selectedImage: String,
        imageRenderingMode: ImageRenderingMode,
        iconName: String, selectedIconName: String, tag: Int32, systemItem: SystemItem?, badge: Badge?,
        badgeColor: String, enabled: Bool
    ) {
        self.init(
            restoring: id, title: title, image: image, selectedImage: selectedImage,
            imageRenderingMode: imageRenderingMode,
            tag: tag, systemItem: systemItem, badge: badge, badgeColor: badgeColor, enabled: enabled)
        self.iconName = iconName
        self.selectedIconName = selectedIconName
    }

    /// A new item: enabled, no badge, rendered as a template.
    private init(id: String, title: String, image: String, selectedImage: String, tag: Int32, systemItem: SystemItem?) {
        self.init(
            restoring: id, title: title, image: image, selectedImage: selectedImage, imageRenderingMode: .template,
            tag: tag,
            systemItem: systemItem, badge: nil, badgeColor: "", enabled: true)
    }

    // MARK: Reading

    /// The title a client reads: a system item's in `language` (ITEM-3, L10N-1), else its own.
    func title(language: String) -> String {
        systemItem?.title(language: language) ?? title
    }

    /// The image a client reads: a system item's is the daemon's (ITEM-3).
    var shownImage: String { systemItem?.imageName ?? image }

    /// The selected image a client reads.
    var shownSelectedImage: String { systemItem?.imageName ?? selectedImage }

    /// The icon name a client reads: a system item's is the standard one (ICON-2).
    var shownIconName: String { systemItem?.iconName ?? iconName }

    /// The selected icon name a client reads.
    var shownSelectedIconName: String { systemItem?.iconName ?? selectedIconName }

    // MARK: Writing

    /// Writes a writable item property from a client's value (SBAR-2): `Title`, `Image`,
    /// `SelectedImage`, `IconName` and `SelectedIconName` of a system item are `NotSupported`
    /// (ITEM-3, ICON-2); an icon name is held to ICON-2; a title is at most 256
    /// bytes of UTF-8, as a tab's (SBAR-2); images must be names or absolute paths (LOOK-4), a
    /// rendering mode `template` or `original` (LOOK-6), a badge color `#RRGGBB` or empty
    /// (ITEM-5, stored uppercased). A read-only property or a value of
    /// another type is `InvalidArgument`. On a throw nothing changed.
    mutating func set(_ property: BarItemProperty, to value: PropertyValue) throws(TabError) {
        switch (property, value) {
        case (.title, .string(let text)):
            try requireOwnFace(property)
            try ItemTitle.validate(text)
            title = text
        case (.image, .string(let name)), (.selectedImage, .string(let name)):
            try requireOwnFace(property)
            try ImageName.validate(name)
            if property == .image { image = name } else { selectedImage = name }
        case (.iconName, .string(let name)), (.selectedIconName, .string(let name)):
            try requireOwnFace(property) // ICON-2: a system item's names are the standard ones
            try IconName.validate(name)
            if property == .iconName { iconName = name } else { selectedIconName = name }
        case (.imageRenderingMode, .string(let name)):
            imageRenderingMode = try ImageRenderingMode(validating: name)
        case (.tag, .int32(let number)):
            tag = number
        case (.badgeColor, .string(let color)):
            try ColorValue.validate(color)
            badgeColor = color.uppercased()
        case (.enabled, .bool(let flag)):
            enabled = flag
        default:
            if !property.isWritable { throw .invalidArgument("Item property \(property) is read-only.") }
            throw .invalidArgument("Item property \(property) cannot be set to \(value.offendingDescription).")
        }
    }

    /// ITEM-3: a system item's title and images are the daemon's.
    private func requireOwnFace(_ property: BarItemProperty) throws(TabError) {
        if let systemItem {
            throw .notSupported(
                "Item \(quoted: id) is the system item \(quoted: systemItem.rawValue); its \(property) cannot be changed (ITEM-3)."
            )
        }
    }

    /// Throws `InvalidArgument` naming the first value a saved item may not have (a corrupt
    /// state file, SBAR-1).
    func validate() throws(TabError) {
        try TabIdentifier.validate(id, as: "item id")
        try ImageName.validate(image)
        try ImageName.validate(selectedImage)
        try IconName.validate(iconName)
        try IconName.validate(selectedIconName)
        try ColorValue.validate(badgeColor)
        if case .text(let text)? = badge { _ = try Badge(value: text) }
    }
}
