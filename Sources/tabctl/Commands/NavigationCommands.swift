import DBus
import TabbardBusContract

// What reaches a tab's plugin: its navigation stack and its actions.

/// `navigate ID PAGE`: pushes a page onto the tab's stack.
struct NavigateCommand: TabIdAndWordCommand, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "navigate", summary: "push a page onto a tab's navigation stack",
        examples: ["tabctl navigate stopwatch laps"])
    static let wordName = "PAGE"
    static let method = ControllerMethodName.navigate
    /// The tab.
    var id = ""
    /// The page pushed.
    var word = ""
}

/// `back ID`: pops one page.
struct BackCommand: TabIdCommand, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "back", summary: "pop one page of a tab's navigation stack",
        examples: ["tabctl navigate stopwatch laps && tabctl back stopwatch"])
    /// The tab.
    var id = ""

    func call(_ client: TabBarClient) throws(CommandFailure) { try client.call(.back, id) }
}

/// `root ID`: pops to the root page.
struct RootCommand: TabIdCommand, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "root", summary: "pop a tab's navigation stack to its root page",
        examples: ["tabctl root stopwatch"])
    /// The tab.
    var id = ""

    func call(_ client: TabBarClient) throws(CommandFailure) { try client.call(.popToRoot, id) }
}

/// `activate ID ACTION`: runs one of the tab's actions (its `Actions` property lists them).
struct ActivateCommand: TabIdAndWordCommand, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "activate", summary: "run one of a tab's actions",
        examples: ["tabctl activate stopwatch start"])
    static let wordName = "ACTION"
    static let method = ControllerMethodName.activate
    /// The tab.
    var id = ""
    /// The action.
    var word = ""
}
