import DBus

// A standalone bar's items: defined before they are shown, badged, enabled (SBAR-2).

/// `bar NAME define ID TITLE [IMAGE [SELECTED_IMAGE]] | define ID --system-item SYSTEM_ITEM [TAG]`:
/// an item the bar may show, not on the bar yet (SBAR-2); a system item takes its title and
/// image from the daemon (ITEM-3).
struct DefineItemAction: BarCallAction, Equatable {
    static let spec = CommandSpec(name: "define", usage: "ID TITLE [IMAGE [SELECTED_IMAGE]] | ID --system-item SYSTEM_ITEM [TAG]",
                                  summary: "define an item the bar may show (not on the bar yet)",
                                  examples: ["tabctl bar modes define map Map map map.fill", "tabctl bar modes define transit Transit",
                                             "tabctl bar modes define saved --system-item favorites 7",
                                             "tabctl bar modes define satellite Satellite"],
                                  details: """
                                      IMAGE and SELECTED_IMAGE are image names or absolute paths (default none). A system
                                      item (favorites, featured, top-rated, recents, contacts, history, bookmarks, search,
                                      downloads, most-recent, most-viewed) takes its title and image from the daemon; TAG
                                      is a number of the caller's (default 0). 'tabctl bar NAME items' puts items on the bar.
                                      """,
                                  words: ["--system-item", "favorites", "featured", "top-rated", "recents", "contacts", "history",
                                          "bookmarks", "search", "downloads", "most-recent", "most-viewed"])
    /// What the item shows.
    enum Look: Equatable, Sendable {
        /// A title and images of the caller's (`AddItem`).
        case custom(title: String, image: String, selectedImage: String)
        /// A system item and its tag (`AddSystemItem`).
        case system(String, tag: Int32)
    }

    /// The item's id on the bar.
    var id: String
    /// What it shows.
    var look: Look

    func call(on bar: StandaloneBar) throws(CommandFailure) {
        switch look {
        case .custom(let title, let image, let selectedImage): try bar.call(.addItem, id, title, image, selectedImage)
        case .system(let systemItem, let tag): try bar.call(.addSystemItem, id, systemItem, tag)
        }
    }
}

extension DefineItemAction {
    init(parsing operands: inout Operands) throws(UsageError) {
        id = try operands.required("ID")
        if operands.flag("--system-item") {
            let systemItem = try operands.required("SYSTEM_ITEM")
            look = .system(systemItem, tag: operands.isEmpty ? 0 : try operands.integer("TAG"))
        } else {
            let title = try operands.required("TITLE or --system-item")
            let image = operands.isEmpty ? "" : try operands.required("IMAGE")
            look = .custom(title: title, image: image, selectedImage: operands.isEmpty ? "" : try operands.required("SELECTED_IMAGE"))
        }
    }
}

/// `bar NAME undefine ID`: deletes an item; off the bar if it was on it (SBAR-2).
struct UndefineItemAction: BarItemAction, Equatable {
    static let spec = CommandSpec(name: "undefine", usage: "ID", summary: "delete an item (it leaves the bar too)",
                                  examples: ["tabctl bar modes undefine saved"])
    /// The item.
    var id: String

    func call(on bar: StandaloneBar) throws(CommandFailure) { try bar.call(.removeItem, id) }
}

/// `bar NAME badge ID VALUE | ID --dot | ID --clear | ID --color #RRGGBB`: an item's badge,
/// as `badge` does for a tab (ITEM-4, ITEM-5).
struct ItemBadgeAction: BarCallAction, Equatable {
    static let spec = CommandSpec(name: "badge", usage: "ID VALUE | ID --dot | ID --clear | ID --color #RRGGBB",
                                  summary: "show, dot, clear or color an item's badge",
                                  examples: ["tabctl bar modes badge transit 2", "tabctl bar modes badge saved --dot",
                                             "tabctl bar modes badge transit --color '#34C759'"],
                                  words: BadgeCommand.spec.words)
    /// The item.
    var id: String
    /// What happens to its badge.
    var change: BadgeCommand.Change

    func call(on bar: StandaloneBar) throws(CommandFailure) {
        switch change {
        case .text(let value): try bar.call(.setBadge, item: id, value)
        case .dot: try bar.call(.setBadge, item: id, "")
        case .clear: try bar.call(.clearBadge, item: id)
        case .color(let color): try bar.setProperty(.badgeColor, of: id, .string(color))
        }
    }
}

extension ItemBadgeAction {
    init(parsing operands: inout Operands) throws(UsageError) {
        id = try operands.required("ID")
        change = try BadgeCommand.Change(parsing: &operands)
    }
}

/// `bar NAME enable ID`: the item can be tapped again (ITEM-6).
struct EnableItemAction: BarItemAction, Equatable {
    static let spec = CommandSpec(name: "enable", usage: "ID", summary: "let an item be tapped again",
                                  examples: ["tabctl bar modes enable saved"])
    /// The item.
    var id: String

    func call(on bar: StandaloneBar) throws(CommandFailure) { try bar.setProperty(.enabled, of: id, .bool(true)) }
}

/// `bar NAME disable ID`: the item cannot be tapped; it can still be selected (ITEM-6, SBAR-4).
struct DisableItemAction: BarItemAction, Equatable {
    static let spec = CommandSpec(name: "disable", usage: "ID", summary: "stop an item from being tapped (it can still be selected)",
                                  examples: ["tabctl bar modes disable saved"])
    /// The item.
    var id: String

    func call(on bar: StandaloneBar) throws(CommandFailure) { try bar.setProperty(.enabled, of: id, .bool(false)) }
}
