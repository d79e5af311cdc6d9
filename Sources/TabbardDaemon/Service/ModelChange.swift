import TabModel

/// One model operation as a request hands it to the pipeline (`RequestPipeline.carryOut`): the
/// operation, and how it may change the model, which its type decides, not its caller.
///
/// - An **in-place** change is one of the operations listed below, each at most `volatile` by
///   STATE-4 (selection, badges, navigation, actions, a decided tap): it is never written before
///   the reply, so it never has to be put back, and it changes the model in place with no copy
///   to roll back to. Only this file can make one.
/// - A **refusable** change may be structural: it runs on the model with a copy of it from
///   before, and when it cannot be written the model is put back and the caller gets
///   `StateNotSaved` (ERR-2).
/// - An **imposed** change has no caller to refuse it (a session whose owner left, a reload):
///   it is announced whatever the disk says, written at once when structural, and a failed write
///   is retried like a batch.
struct ModelChange<Answer> {
    /// How the change reaches the model and the disk.
    let path: ChangePath
    /// The operation: the answer for the reply and the events it caused.
    let operation: (inout TabController) throws(TabError) -> (Answer, TabEvents)

    private init(
        _ path: ChangePath, _ operation: @escaping (inout TabController) throws(TabError) -> (Answer, TabEvents)
    ) {
        self.path = path
        self.operation = operation
    }

    /// Any operation, answering `Answer` for the reply; refused with `StateNotSaved` and undone
    /// when it is structural and cannot be written.
    static func refusable(_ operation: @escaping (inout TabController) throws(TabError) -> (Answer, TabEvents)) -> Self
    {
        Self(.refusable, operation)
    }

    /// An operation nobody can refuse: announced whatever the disk says.
    static func imposed(_ operation: @escaping (inout TabController) throws(TabError) -> (Answer, TabEvents)) -> Self {
        Self(.imposed, operation)
    }
}

extension ModelChange where Answer == Void {
    /// Any operation with an empty reply (`refusable(_:)`).
    static func refusable(_ operation: @escaping (inout TabController) throws(TabError) -> TabEvents) -> Self {
        Self(.refusable) { controller throws(TabError) in ((), try operation(&controller)) }
    }

    /// An operation nobody can refuse, with an empty reply (`imposed(_:)`).
    static func imposed(_ operation: @escaping (inout TabController) throws(TabError) -> TabEvents) -> Self {
        Self(.imposed) { controller throws(TabError) in ((), try operation(&controller)) }
    }

    // MARK: In place: the operations that are at most volatile (STATE-4)

    /// `Select` (SEL-1).
    static func select(_ id: String) -> Self {
        inPlace { controller throws(TabError) in try controller.select(id) }
    }

    /// `SelectIndex`.
    static func selectIndex(_ index: Int) -> Self {
        inPlace { controller throws(TabError) in try controller.selectIndex(index) }
    }

    /// `SelectMore`.
    static func selectMore() -> Self {
        inPlace { controller throws(TabError) in try controller.selectMore() }
    }

    /// A badge set from `text`, or cleared when it is nil (ITEM-4).
    static func setBadge(_ id: String, text: String?) -> Self {
        inPlace { controller throws(TabError) in
            try controller.setBadge(id, to: text.map { text throws(TabError) in try Badge(value: text) })
        }
    }

    /// A badge color (ITEM-5).
    static func setBadgeColor(_ id: String, to color: String) -> Self {
        inPlace { controller throws(TabError) in try controller.setBadgeColor(id, to: color) }
    }

    /// A page pushed onto a tab's stack (NAV-2).
    static func navigate(_ id: String, to page: String) -> Self {
        inPlace { controller throws(TabError) in try controller.navigate(id, to: page) }
    }

    /// A plugin's word that a tab's content changed.
    static func contentChanged(_ id: String) -> Self {
        inPlace { controller throws(TabError) in try controller.contentChanged(id) }
    }

    /// The actions a tab's plugin offers now.
    static func setActions(_ id: String, to actions: [String]) -> Self {
        inPlace { controller throws(TabError) in try controller.setActions(id, to: actions) }
    }

    private static func inPlace(_ operation: @escaping (inout TabController) throws(TabError) -> TabEvents) -> Self {
        Self(.inPlace) { controller throws(TabError) in ((), try operation(&controller)) }
    }
}

extension ModelChange where Answer == Bool {
    /// A checked tap decided (TAP-1..4, TAP-7); answers whether the tab was selected.
    static func completeTap(_ pending: PendingTap, allowed: Bool) -> Self {
        Self(.inPlace) { controller throws(TabError) in
            let outcome = try controller.completeTap(pending, allowed: allowed)
            return (outcome.selected, outcome.events)
        }
    }
}

/// How a `ModelChange` reaches the model and the disk; its type decides (`ModelChange`).
enum ChangePath: Equatable {
    /// At most volatile: in place, handed to the state writer as it is made.
    case inPlace
    /// Possibly structural, with a copy to put back when the write fails.
    case refusable
    /// Possibly structural, nobody to refuse: written (or retried) after the fact.
    case imposed
}
