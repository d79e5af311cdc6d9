import DBus
import JSON
import TabbardBusContract

/// `page ID`: a tab's top page as a renderer draws it (`GetPage`, PAGE-1): its title, its rows
/// with where they lead or what they do, its live clocks as they read now (PAGE-3), and its
/// labelled actions. Every control character is escaped, as everything tabctl prints.
struct PageCommand: TabctlCommand, IdOperand, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "page", summary: "show a tab's page: its rows, actions and live clocks",
        examples: ["tabctl page stopwatch"])
    /// The id is a tab's.
    static var idsAreTabs: Bool { true }
    /// The tab.
    var id = ""

    func run(_ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let client = try context.client()
        let page = try client.decode(try client.call(.getPage, id), as: [String: Variant].self)
        if context.json {
            context.output.line(
                JSONWriter.object { writer in
                    for key in page.keys.sorted() {
                        writer.key(key)
                        writer.value(page[key]!.value)
                    }
                })
        } else {
            context.output.write(PageText(page).lines(at: PageText.now()).joined(separator: "\n") + "\n")
        }
        return .success
    }
}
