import Loop

@testable import TabbardPluginHost

extension PluginNewsQueue {
    /// Hands what is posted here to `hear` on `loop`'s thread, once a loop turn and in order, as
    /// `PluginTabs` hands it to the service: for tests of the producers without plugin tabs.
    func listen(on loop: EventLoop, _ hear: @escaping (PluginNews) -> Void) {
        loop.addTurnHook { [weak self] in
            while let news = self?.next() { hear(news) }
        }
    }
}

/// A test's stand-in for the owner of a `PluginLink`: what the link tells it (the helper said
/// ready, the link ended) and the events the link posts into its news queue.
final class LinkWatch: PluginLinkOwner {
    /// The queue the link posts its plugin's events to.
    let news: PluginNewsQueue
    /// Runs when the helper says ready.
    var ready: () -> Void = {}
    /// Runs when the link ends, with why.
    var ended: (PluginLink.Ending) -> Void = { _ in }
    /// Runs for each event the link passed on.
    var event: (PluginTabEvent) -> Void = { _ in }

    /// A watch whose news is heard on `loop`.
    init(loop: EventLoop) {
        news = PluginNewsQueue(loop: loop)
        news.listen(on: loop) { [weak self] news in
            if case .tab(let event) = news { self?.event(event) }
        }
    }

    /// A link on `descriptor` for plugin `p` that this watches.
    func link(_ descriptor: Int32, loop: EventLoop, deadline: Duration) throws -> PluginLink {
        try PluginLink(descriptor: descriptor, loop: loop, deadline: deadline, plugin: "p", news: news, owner: self)
    }

    func linkReady(_ link: PluginLink) { ready() }

    func linkEnded(_ link: PluginLink, _ ending: PluginLink.Ending) { ended(ending) }
}

/// What a test hears of a `PluginHelperProcess` through the news it posts: up (with its link,
/// once it came back), down and disabled (with the reason its status gives), and its plugin's
/// events.
final class HelperWatch {
    /// The queue the helper posts to.
    let news: PluginNewsQueue
    /// The helper watched.
    weak var helper: PluginHelperProcess?
    /// Runs when the helper came back, with its link.
    var up: (PluginLink) -> Void = { _ in }
    /// Runs when a start settled with the helper down, with the reason.
    var down: (String) -> Void = { _ in }
    /// Runs when a start settled with the plugin disabled, with the last reason.
    var disabled: (String) -> Void = { _ in }
    /// Runs for each event of the helper's plugin.
    var event: (PluginTabEvent) -> Void = { _ in }

    /// A watch whose news is heard on `loop`.
    init(loop: EventLoop) {
        news = PluginNewsQueue(loop: loop)
        news.listen(on: loop) { [weak self] news in self?.hear(news) }
    }

    private func hear(_ news: PluginNews) {
        guard let helper else { return }
        switch news {
        case .helperReturned:
            if let link = helper.link { up(link) }
        case .helperSettled:
            switch helper.status {
            case .down(let reason): down(reason)
            case .disabled(let reason): disabled(reason)
            case .starting, .up, .stopped: break
            }
        case .tab(let event):
            self.event(event)
        case .probeEnded:
            break
        }
    }
}
