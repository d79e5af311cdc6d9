// How a standalone bar looks: its appearance, and its drawing.

/// `bar NAME appearance KEY VALUE`: one appearance property of the bar, as `appearance` sets
/// the controller's (SBAR-6).
struct BarAppearanceAction: BarCallAction, AppearanceSettingOperands, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "appearance", summary: "set one appearance property of the bar",
        examples: ["tabctl bar modes appearance tint-color '#FF9500'"],
    )
    /// The property and its value.
    var setting = AppearanceSetting(property: .barStyle, value: .string(""))

    func call(on bar: StandaloneBar) throws(CommandFailure) {
        try bar.setProperty(setting.property.rawValue, setting.value)
    }
}

/// `bar NAME divider IMAGE LEFT RIGHT`: the image drawn between an item in state LEFT and one
/// in state RIGHT, `normal` or `selected`; an empty IMAGE removes it (LOOK-5, SBAR-6).
struct BarDividerAction: BarCallAction, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "divider",
        summary: "set the divider image between items in two states (normal or selected); '' removes it",
        examples: [
            "tabctl bar modes divider divider normal normal", "tabctl bar modes divider divider.left selected normal",
            "tabctl bar modes divider divider.right normal selected",
        ],
        details: """
            A renderer draws dividers only once all three pairs are set: normal normal, normal
            selected and selected normal (two selected items never meet).
            """,
    )
    static var syntax: Syntax<Self> {
        .sequence(
            .operand("IMAGE") { $0.image = $1 }, .operand("LEFT_STATE", values: states) { $0.left = $1 },
            .operand("RIGHT_STATE", values: states) { $0.right = $1 })
    }
    /// The states an item can be in, either side of a divider.
    static let states = ["normal", "selected"]
    /// An image name or absolute path, or empty to remove the pair's image.
    var image = ""
    /// The state of the item on the divider's left.
    var left = ""
    /// The state of the item on its right.
    var right = ""

    func call(on bar: StandaloneBar) throws(CommandFailure) { try bar.call(.setDividerImage, image, left, right) }
}

/// `bar NAME show [--follow]`: draws the bar, as `show --bar NAME` does.
struct ShowBarAction: BarAction, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "show",
        summary: "draw the bar: its items, the selected one, badges, tint, and the items off the bar",
        examples: ["tabctl bar modes show"])
    static var syntax: Syntax<Self> { .optional(.literal("--follow") { $0.follow = true }) }
    /// Redraw on every change until interrupted.
    var follow = false

    func run(on bar: StandaloneBar, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        try ShowCommand(follow: follow, bar: bar.name).run(context)
    }
}
