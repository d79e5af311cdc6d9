import Testing

@testable import tabctl

private func parse(_ line: String) throws(UsageError) -> Invocation {
    try Invocation(arguments: line.split(separator: " ").map(String.init))
}

private func bar(_ name: String, _ action: any BarAction) -> BarCommand {
    BarCommand(name: name, action: action)
}

@Suite("tabctl bar command line")
struct BarCommandLineTests {
    @Test(
        "every action of bar parses into its own type with its operands",
        arguments: [
            ("bar modes create", bar("modes", CreateBarAction()) as any TabctlCommand),
            ("bar modes remove", bar("modes", RemoveBarAction())),
            (
                "bar modes define map Map",
                bar("modes", DefineItemAction(id: "map", look: .custom(title: "Map", image: "", selectedImage: "")))
            ),
            (
                "bar modes define map Map map map.fill",
                bar(
                    "modes",
                    DefineItemAction(id: "map", look: .custom(title: "Map", image: "map", selectedImage: "map.fill")))
            ),
            (
                "bar modes define saved --system-item favorites",
                bar("modes", DefineItemAction(id: "saved", look: .system("favorites", tag: 0)))
            ),
            (
                "bar modes define saved --system-item favorites 7",
                bar("modes", DefineItemAction(id: "saved", look: .system("favorites", tag: 7)))
            ),
            ("bar modes undefine saved", bar("modes", UndefineItemAction(id: "saved"))),
            ("bar modes items map transit", bar("modes", SetItemsAction(ids: ["map", "transit"], animated: false))),
            ("bar modes items --animated map", bar("modes", SetItemsAction(ids: ["map"], animated: true))),
            ("bar modes items", bar("modes", SetItemsAction(ids: [], animated: false))),
            ("bar modes select map", bar("modes", SelectItemAction(id: "map"))),
            ("bar modes select --none", bar("modes", SelectItemAction(id: ""))),
            ("bar modes tap transit", bar("modes", TapItemAction(id: "transit"))),
            ("bar modes badge transit 2", bar("modes", ItemBadgeAction(id: "transit", change: .text("2")))),
            ("bar modes badge transit --dot", bar("modes", ItemBadgeAction(id: "transit", change: .dot))),
            ("bar modes badge transit --clear", bar("modes", ItemBadgeAction(id: "transit", change: .clear))),
            (
                "bar modes badge transit -- --clear",
                bar("modes", ItemBadgeAction(id: "transit", change: .text("--clear")))
            ),
            (
                "bar modes badge transit --color #34C759",
                bar("modes", ItemBadgeAction(id: "transit", change: .color("#34C759")))
            ),
            ("bar modes disable saved", bar("modes", DisableItemAction(id: "saved"))),
            ("bar modes enable saved", bar("modes", EnableItemAction(id: "saved"))),
            (
                "bar modes customize a b c --replace 2 c --move c 0",
                bar(
                    "modes",
                    CustomizeItemsAction(
                        candidates: ["a", "b", "c"], steps: [.replace(index: 2, id: "c"), .move(id: "c", index: 0)]))
            ),
            ("bar modes customize a b", bar("modes", CustomizeItemsAction(candidates: ["a", "b"], steps: []))),
            (
                "bar modes appearance tint-color #FF9500",
                bar(
                    "modes",
                    BarAppearanceAction(setting: AppearanceSetting(property: .tintColor, value: .string("#FF9500"))))
            ),
            (
                "bar modes appearance translucent false",
                bar(
                    "modes",
                    BarAppearanceAction(setting: AppearanceSetting(property: .translucent, value: .bool(false))))
            ),
            (
                "bar modes set transit title Transport",
                bar(
                    "modes",
                    SetItemAction(id: "transit", setting: ItemSetting(property: .title, value: .string("Transport"))))
            ),
            (
                "bar modes set transit selected-image tram.fill",
                bar(
                    "modes",
                    SetItemAction(
                        id: "transit", setting: ItemSetting(property: .selectedImage, value: .string("tram.fill"))))
            ),
            (
                "bar modes set transit image-rendering-mode original",
                bar(
                    "modes",
                    SetItemAction(
                        id: "transit", setting: ItemSetting(property: .imageRenderingMode, value: .string("original"))))
            ),
            (
                "bar modes set saved tag -3",
                bar("modes", SetItemAction(id: "saved", setting: ItemSetting(property: .tag, value: .int32(-3))))
            ),
            (
                "bar modes divider divider normal selected",
                bar("modes", BarDividerAction(image: "divider", left: "normal", right: "selected"))
            ),
            ("bar modes show", bar("modes", ShowBarAction(follow: false))),
            ("bar modes show --follow", bar("modes", ShowBarAction(follow: true))),
            ("show --bar modes", ShowCommand(follow: false, bar: "modes")),
            ("show --bar modes --follow", ShowCommand(follow: true, bar: "modes")),
            ("show --follow --bar modes", ShowCommand(follow: true, bar: "modes")),
        ])
    func actions(line: String, command: any TabctlCommand) throws {
        #expect(try parse(line).command.isEqual(command))
    }

    @Test("the same action on another bar, or another action, is a different command")
    func distinct() throws {
        #expect(!(try parse("bar modes tap map").command.isEqual(bar("views", TapItemAction(id: "map")))))
        #expect(!(try parse("bar modes tap map").command.isEqual(bar("modes", SelectItemAction(id: "map")))))
    }

    @Test("usage errors name the bar and the action, and the usage line is the action's")
    func usageErrors() {
        #expect(throws: UsageError(message: "bar needs NAME", command: "bar")) { try parse("bar") }
        #expect(throws: UsageError(message: "bar needs ACTION (\(BarActionTable.names))", command: "bar")) {
            try parse("bar modes")
        }
        #expect(throws: UsageError(message: "bar takes \(BarActionTable.names), not 'tapp'", command: "bar")) {
            try parse("bar modes tapp map")
        }
        #expect(throws: UsageError(message: "bar modes tap needs ID", command: "bar modes tap")) {
            try parse("bar modes tap")
        }
        #expect(throws: UsageError(message: "unexpected 'x' after bar modes tap", command: "bar modes tap")) {
            try parse("bar modes tap map x")
        }
        #expect(
            throws: UsageError(message: "INDEX must be a whole number from 0, not '-1'", command: "bar modes customize")
        ) {
            try parse("bar modes customize a --move a -1")
        }
        #expect(
            throws: UsageError(
                message: "bar modes customize needs at least one ID the user may place", command: "bar modes customize")
        ) {
            try parse("bar modes customize --move a 0")
        }
        #expect(
            throws: UsageError(message: "translucent takes true or false, not 'maybe'", command: "bar modes appearance")
        ) {
            try parse("bar modes appearance translucent maybe")
        }
        #expect(throws: UsageError(message: "TAG must be a whole number, not 'three'", command: "bar modes set")) {
            try parse("bar modes set saved tag three")
        }
        #expect(
            throws: UsageError(
                message: "unknown item key 'colour'; one of: title, image, selected-image, image-rendering-mode, tag",
                command: "bar modes set")
        ) {
            try parse("bar modes set saved colour red")
        }
        #expect(throws: UsageError(message: "bar modes divider needs RIGHT_STATE", command: "bar modes divider")) {
            try parse("bar modes divider divider normal")
        }
        #expect(
            throws: UsageError(
                message: "show takes --follow, --bar NAME and --view SETTINGS, not 'modes'", command: "show")
        ) {
            try parse("show modes")
        }
        #expect(BarCommand.usage(["modes", "tap"]) == "bar modes tap ID")
        #expect(BarCommand.usage(["modes"]) == "bar NAME ACTION ...")
    }

    @Test("--help explains bar with every action, or the one action named after the bar's name")
    func help() throws {
        let overview = BarCommand.help([])
        for action in BarActionTable.actions {
            #expect(overview.contains("  \(action.spec.name)  "), "\(action.spec.name) listed")
        }
        #expect(
            try parse("bar modes tap --help").command.isEqual(HelpCommand(topic: "bar", operands: ["modes", "tap"])))
        #expect(try parse("help bar customize").command.isEqual(HelpCommand(topic: "bar", operands: ["customize"])))
        let tap = BarCommand.help(["modes", "tap"])
        #expect(tap.hasPrefix("Usage: tabctl [OPTIONS] bar modes tap ID\n"))
        #expect(tap.contains("Example: tabctl bar modes tap transit"))
        let customize = BarCommand.help(["customize"])
        #expect(customize.hasPrefix("Usage: tabctl [OPTIONS] bar NAME customize ID... [--replace INDEX ID]..."))
        #expect(customize.contains("--replace INDEX ID puts ID at that position"))
    }

    @Test("bar's examples are its actions' examples in table order: create first, remove last")
    func examples() {
        #expect(BarCommand.spec.examples == BarActionTable.actions.flatMap { $0.spec.examples })
        #expect(BarCommand.spec.examples.first == "tabctl bar modes create")
        #expect(BarCommand.spec.examples.last == "tabctl bar modes remove")
        for action in BarActionTable.actions {
            #expect(!action.spec.examples.isEmpty, "\(action.spec.name) has an example")
            for example in action.spec.examples { #expect(example.hasPrefix("tabctl bar modes \(action.spec.name)")) }
        }
    }

    @Test("completions offer the actions, their options and the daemon's bars")
    func completions() {
        for shell in ["bash", "zsh", "fish"] {
            let script = CompletionScript.script(for: shell)
            #expect(script.contains("tabctl get Bars"), "\(shell)")
            for word in ["create", "define", "customize", "--replace", "--animated", "--system-item", "--bar"] {
                #expect(script.contains(word), "\(shell): \(word)")
            }
        }
        #expect(BarCommand.spec.words.count == Set(BarCommand.spec.words).count, "each word once")
    }
}
