import Loop

/// Carries host callbacks from plugins to the service on the loop thread. The plugin host
/// needs its sink before the service exists, so the relay is made first and told the service
/// later; events that come before are applied once it is there.
///
/// A callback from a plugin thread is posted to the loop. A callback on the loop thread itself
/// comes from inside a call the daemon made into the plugin (an action, a navigation, a tab
/// appearing) on behalf of a request: it is queued here and applied when the service has
/// published that request's own changes (`drain`), so that its property changes join the
/// request's single emission per object before the reply.
final class PluginEventRelay: @unchecked Sendable {
    private let loop: EventLoop
    /// The service, set once on the loop thread before the loop runs; read only there.
    var service: TabBarService?
    /// Events sent on the loop thread, not applied yet; loop thread only.
    private var pending: [PluginTabEvent] = []

    init(loop: EventLoop) {
        self.loop = loop
    }

    /// The sink to give the plugin host: never blocks, never applies an event inside the
    /// plugin call that sent it.
    var sink: PluginEventSink {
        { [self] event in
            guard loop.isLoopThread else {
                loop.post { [self] in service?.apply(event) }
                return
            }
            pending.append(event)
            // A call outside any request drains nothing: the next loop turn does.
            if pending.count == 1 { loop.post { [self] in drain() } }
        }
    }

    /// Applies the events plugins sent on the loop thread, in order, including any that
    /// applying them causes. Loop thread only.
    func drain() {
        guard let service else { return }
        while !pending.isEmpty {
            service.apply(pending.removeFirst())
        }
    }
}
