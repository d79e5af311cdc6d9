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
