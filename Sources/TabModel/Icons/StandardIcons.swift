/// The standard icon names of the items whose face the daemon gives (ICON-2): each system
/// item's and the More item's. Every one is a `-symbolic` name that Debian's
/// `adwaita-icon-theme` has, so any frontend on a stock desktop resolves it; the table in
/// `docs/dbus-api.md` lists them, and a test holds both against the installed theme.
public enum StandardIcons {
    /// The More item's icon name (MORE-6): UIKit's "…".
    public static let more = "view-more-horizontal-symbolic"

    /// The icon name of `item`.
    public static func name(of item: SystemItem) -> String {
        switch item {
        case .favorites: "starred-symbolic"
        case .featured: "emblem-favorite-symbolic"
        case .topRated: "view-sort-descending-symbolic"
        case .recents: "document-open-recent-symbolic"
        case .contacts: "x-office-address-book-symbolic"
        case .history: "preferences-system-time-symbolic"
        case .bookmarks: "user-bookmarks-symbolic"
        case .search: "system-search-symbolic"
        case .downloads: "folder-download-symbolic"
        case .mostRecent: "document-open-recent-symbolic"
        case .mostViewed: "view-list-ordered-symbolic"
        }
    }
}
