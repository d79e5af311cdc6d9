/// What `tabctl show` draws: the bar and the shown content, gathered from the daemon's
/// properties. Plain data, so that drawing is tested without a bus.
struct BarPicture: Equatable {
    /// Where the bar sits.
    enum Layout: Equatable {
        /// Bar under the content, with the More item when tabs overflow.
        case bottom
        /// Bar above the content (tvOS); overflowing tabs are hidden.
        case top
    }

    /// One bar item or More-list row.
    struct Item: Equatable {
        /// The tab id, or `@more` for the More item.
        var id: String
        /// The title shown.
        var title: String
        /// nil for no badge, "" for a dot badge, else the badge text (ITEM-4).
        var badge: String?
        /// Whether it can be tapped (ITEM-6).
        var enabled = true
        /// Whether it is the highlighted item.
        var selected = false
    }

    /// What fills the area beside the bar.
    enum Content: Equatable {
        /// The shown tab's top page: its title and body text.
        case page(title: String, body: String)
        /// The More list itself: the More item's title (MORE-6) and the list's rows.
        case moreList(title: String, items: [Item])
        /// No tab is selected (no tabs at all).
        case nothing
        /// A standalone bar, which has no content of its own: its name, whether a
        /// customization session is open, and the items defined but not on the bar.
        case standalone(name: String, customizing: Bool, offBar: [Item])
    }

    /// Where the bar sits.
    var layout: Layout
    /// The bar items in order, the More item last when shown (a standalone bar has none).
    var items: [Item]
    /// The selected item's tint as `#RRGGBB` (LOOK-2).
    var tintColor: String
    /// What the content area shows.
    var content: Content
}
