import DBus

/// Carries host callbacks from plugin threads to the service on the loop thread. The plugin
/// host needs its sink before the service exists, so the relay is made first and told the
/// service later; events that come before are applied once it is there.
final class PluginEventRelay: @unchecked Sendable {
    private let loop: EventLoop
    /// The service, set once on the loop thread before the loop runs; read only there.
    var service: TabBarService?

    init(loop: EventLoop) {
        self.loop = loop
    }

    /// The sink to give the plugin host: posts each event to the loop, never blocks.
    var sink: PluginEventSink {
        { [self] event in
            loop.post { [self] in service?.apply(event) }
        }
    }
}
