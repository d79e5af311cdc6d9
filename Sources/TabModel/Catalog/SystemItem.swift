/// A system tab bar item: its title and image come from the daemon, localized, and cannot be
/// overridden by a plugin or a client (ITEM-3).
public enum SystemItem: String, CaseIterable, Codable, Sendable {
    /// Favorites.
    case favorites
    /// Featured.
    case featured
    /// Top rated.
    case topRated = "top-rated"
    /// Recents.
    case recents
    /// Contacts.
    case contacts
    /// History.
    case history
    /// Bookmarks.
    case bookmarks
    /// Search.
    case search
    /// Downloads.
    case downloads
    /// Most recent.
    case mostRecent = "most-recent"
    /// Most viewed.
    case mostViewed = "most-viewed"

    /// Parses a system item name, throwing `InvalidArgument` for anything else (ITEM-3, SBAR-2).
    public init(validating name: String) throws(TabError) {
        guard let item = SystemItem(rawValue: name) else {
            throw .invalidArgument(
                "Unknown system item \(quoted: name): expected one of \(SystemItem.allCases.map(\.rawValue).joined(separator: ", "))."
            )
        }
        self = item
    }

    /// The image name a renderer looks up for this item, e.g. `system-favorites`.
    public var imageName: String { "system-\(rawValue)" }

    /// The standard icon name of this item (ICON-2), e.g. `starred-symbolic`.
    public var iconName: String { StandardIcons.name(of: self) }

    /// The title in `locale` (L10N-1), falling back to English. O(1).
    public func title(locale: String) -> String {
        title(language: LocaleChain(locale).language)
    }

    func title(language: String) -> String {
        SystemItemTitles.table[self]?[language] ?? SystemItemTitles.table[self]!["en"]!
    }
}
