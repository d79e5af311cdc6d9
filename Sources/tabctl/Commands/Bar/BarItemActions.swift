import DBus

// A standalone bar's items: defined before they are shown, badged, enabled (SBAR-2).

/// `bar NAME define ID TITLE [IMAGE [SELECTED_IMAGE]] | define ID --system-item SYSTEM_ITEM [TAG]`:
/// an item the bar may show, not on the bar yet (SBAR-2); a system item takes its title and
/// image from the daemon (ITEM-3).
struct DefineItemAction: BarCallAction, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "define",
        summary: "define an item the bar may show (not on the bar yet)",
        examples: [
            "tabctl bar modes define map Map map map.fill", "tabctl bar modes define transit Transit",
            "tabctl bar modes define saved --system-item favorites 7",
            "tabctl bar modes define satellite Satellite",
        ],
        details: """
            IMAGE and SELECTED_IMAGE are image names or absolute paths (default none). A system
            item (favorites, featured, top-rated, recents, contacts, history, bookmarks, search,
            downloads, most-recent, most-viewed) takes its title and image from the daemon; TAG
            is a number of the caller's (default 0). 'tabctl bar NAME items' puts items on the bar.
            """)
    static var syntax: Syntax<Self> {
        let custom = Syntax<Self>.sequence(
            .operand("TITLE", missing: "TITLE or --system-item") {
                $0.look = .custom(title: $1, image: "", selectedImage: "")
            },
            .optional(
                .sequence(
                    .operand("IMAGE") { $0.look.update(image: $1) },
                    .optional(.operand("SELECTED_IMAGE") { $0.look.update(selectedImage: $1) }))))
        let system = Syntax<Self>.sequence(
            .literal("--system-item"), .operand("SYSTEM_ITEM", values: systemItems) { $0.look = .system($1, tag: 0) },
            .optional(.operand("TAG") { $0.look.update(tag: $1) }))
        return .sequence(.operand("ID") { $0.id = $1 }, .choice(custom, system))
    }
    /// The system items' names.
    static let systemItems = [
        "favorites", "featured", "top-rated", "recents", "contacts", "history", "bookmarks", "search",
        "downloads", "most-recent", "most-viewed",
    ]
    /// What the item shows.
    enum Look: Equatable, Sendable {
        /// A title and images of the caller's (`AddItem`).
        case custom(title: String, image: String, selectedImage: String)
        /// A system item and its tag (`AddSystemItem`).
        case system(String, tag: Int32)
    }

    /// The item's id on the bar.
    var id = ""
    /// What it shows.
    var look = Look.custom(title: "", image: "", selectedImage: "")

    func call(on bar: StandaloneBar) throws(CommandFailure) {
        switch look {
        case .custom(let title, let image, let selectedImage): try bar.call(.addItem, id, title, image, selectedImage)
        case .system(let systemItem, let tag): try bar.call(.addSystemItem, id, systemItem, tag)
        }
    }
}

extension DefineItemAction.Look {
    /// The look with the fields given replaced: the operands after the title or the system
    /// item fill in the look they chose.
    fileprivate mutating func update(image: String? = nil, selectedImage: String? = nil, tag: Int32? = nil) {
        switch self {
        case .custom(let title, let oldImage, let oldSelectedImage):
            self = .custom(title: title, image: image ?? oldImage, selectedImage: selectedImage ?? oldSelectedImage)
        case .system(let systemItem, let oldTag):
            self = .system(systemItem, tag: tag ?? oldTag)
        }
    }
}

/// `bar NAME undefine ID`: deletes an item; off the bar if it was on it (SBAR-2).
struct UndefineItemAction: BarItemAction, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "undefine", summary: "delete an item (it leaves the bar too)",
        examples: ["tabctl bar modes undefine saved"])
    /// The item.
    var id = ""

    func call(on bar: StandaloneBar) throws(CommandFailure) { try bar.call(.removeItem, id) }
}

/// `bar NAME badge ID VALUE | ID --dot | ID --clear | ID --color #RRGGBB`: an item's badge,
/// as `badge` does for a tab (ITEM-4, ITEM-5).
struct ItemBadgeAction: BarCallAction, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "badge",
        summary: "show, dot, clear or color an item's badge",
        examples: [
            "tabctl bar modes badge transit 2", "tabctl bar modes badge saved --dot",
            "tabctl bar modes badge transit --color '#34C759'",
        ],
    )
    static var syntax: Syntax<Self> {
        .sequence(.operand("ID") { $0.id = $1 }, BadgeCommand.Change.syntax { $0.change = $1 })
    }
    /// The item.
    var id = ""
    /// What happens to its badge.
    var change = BadgeCommand.Change.clear

    func call(on bar: StandaloneBar) throws(CommandFailure) {
        switch change {
        case .text(let value): try bar.call(.setBadge, item: id, value)
        case .dot: try bar.call(.setBadge, item: id, "")
        case .clear: try bar.call(.clearBadge, item: id)
        case .color(let color): try bar.setProperty(.badgeColor, of: id, .string(color))
        }
    }
}

/// `bar NAME enable ID`: the item can be tapped again (ITEM-6).
struct EnableItemAction: BarItemAction, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "enable", summary: "let an item be tapped again",
        examples: ["tabctl bar modes enable saved"])
    /// The item.
    var id = ""

    func call(on bar: StandaloneBar) throws(CommandFailure) { try bar.setProperty(.enabled, of: id, .bool(true)) }
}

/// `bar NAME disable ID`: the item cannot be tapped; it can still be selected (ITEM-6, SBAR-4).
struct DisableItemAction: BarItemAction, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "disable", summary: "stop an item from being tapped (it can still be selected)",
        examples: ["tabctl bar modes disable saved"])
    /// The item.
    var id = ""

    func call(on bar: StandaloneBar) throws(CommandFailure) { try bar.setProperty(.enabled, of: id, .bool(false)) }
}
