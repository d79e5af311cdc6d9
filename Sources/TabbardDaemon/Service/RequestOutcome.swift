import TabModel

/// Everything one request caused, as a value: what `RequestPipeline.carryOut` carries out.
/// The events say what to announce and how soon the state must be on disk; the plugin calls
/// are the lifecycle notices and stack changes the request owes its tabs' plugins.
struct RequestOutcome {
    /// What the model operation changed, for the bus and the disk.
    let events: TabEvents
    /// How the change reached the model, and so how it reaches the disk (`ChangePath`).
    let path: ChangePath
    /// The plugin calls the request owes, in order: the lifecycle notices of a selection, then
    /// each changed stack as the request left it.
    let pluginCalls: [OwedPluginCall]

    /// STATE-4: how soon the state after the request must be on disk.
    var durability: Durability { events.durability }

    /// Whether plugin instances start or end with the request (tabs join or leave the
    /// catalog): its plugin calls are then made in order with them, before its reply, so that
    /// no instance is told of a selection after it ended or before it started.
    var changesInstances: Bool { !events.catalogAdded.isEmpty || !events.catalogRemoved.isEmpty }
}
