/// `bar NAME customize ID... [--replace INDEX ID]... [--move ID INDEX]...`: one whole
/// customization session of the bar (SBAR-5). It begins with the items the user may place
/// (an item on the bar that is not among them stays fixed), takes the steps in the order
/// given, and ends; `--json` says whether the items changed. A session belongs to the
/// connection that began it, so one invocation holds all of it.
struct CustomizeItemsAction: BarAction, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "customize",
        summary: "customize the bar in one session: candidates, then replace and move steps",
        examples: ["tabctl bar modes customize map transit saved satellite --replace 2 satellite --move satellite 0"],
        details: """
            The IDs are the defined items the user may place; an item on the bar that is not
            among them stays where it is. The steps run in the order given, in one session:
            --replace INDEX ID puts ID at that position of the bar (the item there leaves it),
            --move ID INDEX moves an item over the movable positions. Then the session ends;
            with --json, "changed" says whether the items differ from those at the start. A
            step the daemon refuses ends the session with the steps before it kept.
            """)
    static var syntax: Syntax<Self> {
        .sequence(
            .list("ID", upToOption: true, atLeast: "ID the user may place") { $0.candidates = $1 },
            .options(
                .sequence(
                    .literal("--replace"),
                    .operands("INDEX", "ID") { $0.steps.append(.replace(index: $1, id: $2)) }),
                .sequence(
                    .literal("--move"),
                    .operands("ID", "INDEX") { $0.steps.append(.move(id: $1, index: $2)) }),
                repeated: true, unknown: "step"))
    }
    /// One step of the session.
    enum Step: Equatable, Sendable {
        /// `ReplaceItem(index, item_id)`: the candidate goes to that position of the bar.
        case replace(index: UInt32, id: String)
        /// `MoveItem(item_id, index)`: a movable item goes to that position.
        case move(id: String, index: UInt32)
    }

    /// The items the user may place (`BeginCustomizingItems`).
    var candidates: [String] = []
    /// The steps, in order.
    var steps: [Step] = []

    func run(on bar: StandaloneBar, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        try bar.call(.beginCustomizingItems, candidates)
        do {
            for step in steps {
                switch step {
                case .replace(let index, let id): try bar.call(.replaceItem, index, id)
                case .move(let id, let index): try bar.call(.moveItem, id, index)
                }
            }
        } catch {
            // The steps before the refused one stay; the session ends now rather than when
            // tabctl's connection closes, with the signals a renderer waits for.
            _ = try? bar.call(.endCustomizingItems)
            throw error
        }
        let changed = try bar.client.decode(try bar.call(.endCustomizingItems), as: Bool.self)
        return context.changed(answer: ("changed", changed))
    }
}
