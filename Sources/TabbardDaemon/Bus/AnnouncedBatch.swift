/// The batch of signals being announced (SYNC-2): what one request, decided tap, plugin event,
/// timer or reload causes, closed by the controller's `PropertiesChanged` with `Revision`.
struct AnnouncedBatch {
    /// `Revision` when the batch opened; it closes at one more when it announced anything.
    let revisionBefore: UInt64
    /// Whether anything `Revision` counts was announced (`TabEvents.movesRevision`).
    var movesRevision = false
    /// The controller's changed properties, by table position: sent with the close, last.
    var controllerChanges: [Int] = []
}
