// How a standalone bar looks: its appearance, and its drawing.

/// `bar NAME appearance KEY VALUE`: one appearance property of the bar, as `appearance` sets
/// the controller's (SBAR-6).
struct BarAppearanceAction: BarCallAction, Equatable {
    static let spec = CommandSpec(name: "appearance", usage: "KEY VALUE", summary: "set one appearance property of the bar",
                                  examples: ["tabctl bar modes appearance tint-color '#FF9500'"],
                                  words: AppearanceSetting.keys.map(\.key))
    /// The property and its value.
    var setting: AppearanceSetting

    func call(on bar: StandaloneBar) throws(CommandFailure) {
        try bar.setProperty(setting.property.rawValue, setting.value)
    }
}

extension BarAppearanceAction {
    init(parsing operands: inout Operands) throws(UsageError) {
        setting = try AppearanceSetting(parsing: &operands)
    }
}

/// `bar NAME divider IMAGE LEFT RIGHT`: the image drawn between an item in state LEFT and one
/// in state RIGHT, `normal` or `selected`; an empty IMAGE removes it (LOOK-5, SBAR-6).
struct BarDividerAction: BarCallAction, Equatable {
    static let spec = CommandSpec(name: "divider", usage: "IMAGE LEFT_STATE RIGHT_STATE",
                                  summary: "set the divider image between items in two states (normal or selected); '' removes it",
                                  examples: ["tabctl bar modes divider divider normal normal", "tabctl bar modes divider divider.left selected normal",
                                             "tabctl bar modes divider divider.right normal selected"],
                                  details: """
                                      A renderer draws dividers only once all three pairs are set: normal normal, normal
                                      selected and selected normal (two selected items never meet).
                                      """,
                                  words: ["normal", "selected"])
    /// An image name or absolute path, or empty to remove the pair's image.
    var image: String
    /// The state of the item on the divider's left.
    var left: String
    /// The state of the item on its right.
    var right: String

    func call(on bar: StandaloneBar) throws(CommandFailure) { try bar.call(.setDividerImage, image, left, right) }
}

extension BarDividerAction {
    init(parsing operands: inout Operands) throws(UsageError) {
        image = try operands.required("IMAGE")
        left = try operands.required("LEFT_STATE")
        right = try operands.required("RIGHT_STATE")
    }
}

/// `bar NAME show [--follow]`: draws the bar, as `show --bar NAME` does.
struct ShowBarAction: BarAction, Equatable {
    static let spec = CommandSpec(name: "show", usage: "[--follow]",
                                  summary: "draw the bar: its items, the selected one, badges, tint, and the items off the bar",
                                  examples: ["tabctl bar modes show"], words: ["--follow"])
    /// Redraw on every change until interrupted.
    var follow = false

    func run(on bar: StandaloneBar, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        try ShowCommand(follow: follow, bar: bar.name).run(context)
    }
}

extension ShowBarAction {
    init(parsing operands: inout Operands) throws(UsageError) {
        follow = operands.flag("--follow")
    }
}
