/// A `tabctl` command as `--help`, the manual and the completion scripts describe it.
struct CommandSpec {
    /// The command word.
    let name: String
    /// The operands and options after the word.
    let usage: String
    /// One line on what it does.
    let summary: String
    /// An example a person can paste.
    let example: String
    /// Words a shell may complete after the command (options, fixed values).
    var words: [String] = []
    /// Whether the operands are tab ids (completion offers the daemon's tabs).
    var takesTabIds = false

    /// Every command, in the order `--help` lists them.
    static let all: [CommandSpec] = [
        CommandSpec(name: "show", usage: "[--follow]", summary: "draw the bar and the selected tab's content",
                    example: "tabctl show", words: ["--follow"]),
        CommandSpec(name: "list", usage: "", summary: "one line per tab: index, id, title, placement, badge, flags",
                    example: "tabctl list"),
        CommandSpec(name: "get", usage: "PROPERTY", summary: "print one property of the controller",
                    example: "tabctl get SelectedTab", words: ControllerProperties.names),
        CommandSpec(name: "select", usage: "ID | --index N", summary: "select a tab (no delegate, no DidSelect)",
                    example: "tabctl select alarm", words: ["--index"], takesTabIds: true),
        CommandSpec(name: "tap", usage: "ID | @more", summary: "tap an item as a user would: the delegate may veto (exit 3)",
                    example: "tabctl tap stopwatch", words: ["@more"], takesTabIds: true),
        CommandSpec(name: "more", usage: "", summary: "show the More list", example: "tabctl more"),
        CommandSpec(name: "tabs", usage: "set ID... | add ID [POSITION] | remove ID",
                    summary: "set, add or remove the controller's tabs", example: "tabctl tabs add notes 0",
                    words: ["set", "add", "remove"], takesTabIds: true),
        CommandSpec(name: "customize", usage: "ID...", summary: "reorder the tabs in one customization session",
                    example: "tabctl customize timer alarm world-clock stopwatch", takesTabIds: true),
        CommandSpec(name: "customizable", usage: "ID...", summary: "set which tabs may be rearranged (none: no customizing)",
                    example: "tabctl customizable alarm timer", takesTabIds: true),
        CommandSpec(name: "badge", usage: "ID VALUE | ID --dot | ID --clear | ID --color #RRGGBB",
                    summary: "show, dot, clear or color a tab's badge", example: "tabctl badge alarm 3",
                    words: ["--dot", "--clear", "--color"], takesTabIds: true),
        CommandSpec(name: "enable", usage: "ID", summary: "let a tab be tapped again", example: "tabctl enable timer",
                    takesTabIds: true),
        CommandSpec(name: "disable", usage: "ID", summary: "stop a tab from being tapped (it can still be selected)",
                    example: "tabctl disable timer", takesTabIds: true),
        CommandSpec(name: "navigate", usage: "ID PAGE", summary: "push a page onto a tab's navigation stack",
                    example: "tabctl navigate stopwatch laps", takesTabIds: true),
        CommandSpec(name: "back", usage: "ID", summary: "pop one page of a tab's navigation stack",
                    example: "tabctl back stopwatch", takesTabIds: true),
        CommandSpec(name: "root", usage: "ID", summary: "pop a tab's navigation stack to its root page",
                    example: "tabctl root stopwatch", takesTabIds: true),
        CommandSpec(name: "activate", usage: "ID ACTION", summary: "run one of a tab's actions",
                    example: "tabctl activate stopwatch start", takesTabIds: true),
        CommandSpec(name: "appearance", usage: "KEY VALUE",
                    summary: "set bar-style, bar-tint-color, tint-color, unselected-item-tint-color, translucent, background-image, shadow-image or selection-indicator-image",
                    example: "tabctl appearance tint-color '#FF9500'", words: AppearanceKeys.names),
        CommandSpec(name: "orientation", usage: "ORIENTATION",
                    summary: "rotate to portrait, portrait-upside-down, landscape-left or landscape-right",
                    example: "tabctl orientation landscape-left",
                    words: ["portrait", "portrait-upside-down", "landscape-left", "landscape-right"]),
        CommandSpec(name: "follow", usage: "", summary: "print the state, then one line per event, until interrupted",
                    example: "tabctl follow | grep DidSelect"),
        CommandSpec(name: "delegate", usage: "[--deny ID...] [--allow-only ID...] [--exec CMD]",
                    summary: "act as the delegate: answer ShouldSelect by rule and print each decision",
                    example: "tabctl delegate --deny timer", words: ["--deny", "--allow-only", "--exec"], takesTabIds: true),
        CommandSpec(name: "reset", usage: "", summary: "return everything to the configuration", example: "tabctl reset"),
        CommandSpec(name: "describe", usage: "", summary: "print the whole state as JSON",
                    example: "tabctl describe | jq .SelectedTab"),
        CommandSpec(name: "completions", usage: "bash | zsh | fish", summary: "print a shell completion script",
                    example: "tabctl completions bash > /etc/bash_completion.d/tabctl", words: ["bash", "zsh", "fish"]),
        CommandSpec(name: "help", usage: "[COMMAND]", summary: "explain tabctl or one command", example: "tabctl help badge"),
    ]

    /// The command named `name`, if any.
    static func named(_ name: String) -> CommandSpec? { all.first { $0.name == name } }
}

/// The controller's property names, for `get` and its completion.
enum ControllerProperties {
    /// Every readable property of `org.tabbard.TabBar1`.
    static let names = [
        "Tabs", "AvailableTabs", "VisibleTabs", "MoreTabs", "HiddenTabs", "ShowsMore", "MaxVisible", "Layout",
        "SelectedItem", "SelectedTab", "SelectedIndex", "CustomizableTabs", "CanCustomize", "Customizing",
        "SupportedOrientations", "Orientation", "BarStyle", "BarTintColor", "TintColor", "UnselectedItemTintColor",
        "Translucent", "BackgroundImage", "ShadowImage", "SelectionIndicatorImage", "EffectiveShadowImage",
        "EffectiveBarColor", "DividerImages", "Locale", "Delegate", "DelegateTimeoutMs", "DelegateTimeoutPolicy",
        "Revision", "Version",
    ]
}

/// The keys `tabctl appearance` takes and the properties they set.
enum AppearanceKeys {
    /// Key on the command line → D-Bus property.
    static let properties: [(key: String, property: String)] = [
        ("bar-style", "BarStyle"), ("bar-tint-color", "BarTintColor"), ("tint-color", "TintColor"),
        ("unselected-item-tint-color", "UnselectedItemTintColor"), ("translucent", "Translucent"),
        ("background-image", "BackgroundImage"), ("shadow-image", "ShadowImage"),
        ("selection-indicator-image", "SelectionIndicatorImage"),
    ]

    /// The keys alone.
    static var names: [String] { properties.map(\.key) }
}
