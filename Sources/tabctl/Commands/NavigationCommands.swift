import DBus
import TabbardBusContract

// What reaches a tab's plugin: its navigation stack and its actions.

/// `navigate ID PAGE`: pushes a page onto the tab's stack.
struct NavigateCommand: TabIdAndWordCommand, Equatable {
    static let spec = CommandSpec(name: "navigate", usage: "ID PAGE", summary: "push a page onto a tab's navigation stack",
                                  examples: ["tabctl navigate stopwatch laps"], takesTabIds: true)
    static let wordName = "PAGE"
    static let method = ControllerMethodName.navigate
    /// The tab.
    var id: String
    /// The page pushed.
    var word: String
}

/// `back ID`: pops one page.
struct BackCommand: TabIdCommand, Equatable {
    static let spec = CommandSpec(name: "back", usage: "ID", summary: "pop one page of a tab's navigation stack",
                                  examples: ["tabctl navigate stopwatch laps && tabctl back stopwatch"], takesTabIds: true)
    /// The tab.
    var id: String

    func call(_ client: TabBarClient) throws(CommandFailure) { try client.call(.back, id) }
}

/// `root ID`: pops to the root page.
struct RootCommand: TabIdCommand, Equatable {
    static let spec = CommandSpec(name: "root", usage: "ID", summary: "pop a tab's navigation stack to its root page",
                                  examples: ["tabctl root stopwatch"], takesTabIds: true)
    /// The tab.
    var id: String

    func call(_ client: TabBarClient) throws(CommandFailure) { try client.call(.popToRoot, id) }
}

/// `activate ID ACTION`: runs one of the tab's actions (its `Actions` property lists them).
struct ActivateCommand: TabIdAndWordCommand, Equatable {
    static let spec = CommandSpec(name: "activate", usage: "ID ACTION", summary: "run one of a tab's actions",
                                  examples: ["tabctl activate stopwatch start"], takesTabIds: true)
    static let wordName = "ACTION"
    static let method = ControllerMethodName.activate
    /// The tab.
    var id: String
    /// The action.
    var word: String
}
