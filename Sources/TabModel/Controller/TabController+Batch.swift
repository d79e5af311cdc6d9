/// SYNC-2: the signals one request, decided tap, plugin event, timer or reload causes form a
/// batch, and `Revision` rises by exactly 1 for each batch that announces anything, however many
/// steps of the model the batch took.
extension TabEvents {
    /// Whether a batch with these events announces anything `Revision` counts: a property change
    /// other than `ContentRevision`, a signal, an object that comes or goes.
    public var movesRevision: Bool {
        controllerProperties.contains { $0 != .revision }
            || tabProperties.contains { $0.properties.contains { $0.movesRevision } }
            || !barProperties.isEmpty || !signals.isEmpty || !catalogAdded.isEmpty || !catalogRemoved.isEmpty
            || !standaloneBars.isEmpty
    }
}

extension TabController {
    /// Closes a batch opened when `Revision` was `start`: the steps of the batch each moved it as
    /// they announced, and the batch as a whole moves it once when it `announced` anything (a
    /// tap of the selected tab, which only signals, included), or not at all. Returns whether
    /// it moved.
    public mutating func closeBatch(openedAt start: UInt64, announced: Bool) -> Bool {
        revision = announced ? start + 1 : start
        return announced
    }
}
