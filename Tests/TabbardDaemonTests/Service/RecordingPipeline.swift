import DBus
import TabModel

@testable import DaemonBase
@testable import TabbardDaemon
@testable import TabbardPluginHost

/// A request pipeline with no bus, no disk and no plugin: each step only notes that it ran,
/// so that a test reads the order `RequestPipeline.carryOut` takes them in. The model is a
/// real `TabController`; a structural change that may be refused fails to be written while
/// `writesFail` is set.
final class RecordingPipeline: RequestPipeline, TapModel {
    /// One step of a request, as it was taken.
    enum Step: Equatable, CustomStringConvertible {
        case commit(Durability)
        case rollBack
        case bringIn
        case announce(eachAtOnce: Bool)
        case retire
        /// A batch closed that announced anything, with the `Revision` it closed at (SYNC-2).
        case close(revision: UInt64)
        case reply
        case pluginCall(String)
        case flush

        var description: String {
            switch self {
            case .commit(let durability): "commit \(durability)"
            case .rollBack: "roll back"
            case .bringIn: "bring in"
            case .announce(let eachAtOnce): eachAtOnce ? "announce each at once" : "announce"
            case .retire: "retire"
            case .close(let revision): "close at \(revision)"
            case .reply: "reply"
            case .pluginCall(let call): call
            case .flush: "flush"
            }
        }
    }

    /// The model.
    var controller: TabController
    /// The steps taken so far, in order.
    private(set) var steps: [Step] = []
    /// Whether a write fails.
    var writesFail = false
    /// The model from before a change that may be refused, until the next one.
    private var beforeRefusable: TabController?
    /// What the plugins say when they are called: news for the drain, by the call's description.
    var news: [String: PluginTabEvent] = [:]
    private var queued: [PluginTabEvent] = []
    /// The open batch (SYNC-2): the `Revision` it opened at, and whether it announced anything.
    private var batch: (revisionBefore: UInt64, announced: Bool)?

    /// The clock's four tabs, all in `Tabs`, `world-clock` selected.
    init() throws {
        let catalog = ["world-clock", "alarm", "stopwatch", "timer"].map {
            TabDefinition(id: $0, plugin: "clock", title: $0)
        }
        controller = try TabController(catalog: catalog, configuration: ControllerConfiguration())
    }

    /// Notes that the caller was answered (a reply closure).
    func replied() {
        steps.append(.reply)
    }

    // MARK: RequestPipeline

    func run<Answer>(_ change: ModelChange<Answer>) throws(TabError) -> (Answer, RequestOutcome) {
        beforeRefusable = change.path == .refusable ? controller : nil
        let (answer, events) = try change.operation(&controller)
        let calls = OwedPluginCall.owed(by: events) { tab in controller.stack(of: tab) }
        return (answer, RequestOutcome(events: events, path: change.path, pluginCalls: calls))
    }

    func commit(_ outcome: RequestOutcome) throws(FileError) {
        steps.append(.commit(outcome.durability))
        if writesFail, outcome.path == .refusable, outcome.durability == .structural {
            throw FileError(operation: "write", path: "state", errno: 28) // ENOSPC
        }
    }

    func rollBack(_ outcome: consuming RequestOutcome) {
        steps.append(.rollBack)
        if let before = beforeRefusable.take() { controller = before }
    }

    func bringIn(_ events: TabEvents) { steps.append(.bringIn) }

    func announce(_ events: TabEvents, eachAtOnce: Bool) {
        steps.append(.announce(eachAtOnce: eachAtOnce))
        if events.movesRevision { batch?.announced = true }
    }

    func retire(_ events: TabEvents) { steps.append(.retire) }

    func make(_ calls: [OwedPluginCall]) {
        for call in calls {
            let description =
                switch call {
                case .show(let transition): "show \(transition.to.tabID ?? "nothing")"
                case .sync(let tab, let stack): "sync \(tab) to \(stack.joined(separator: "/"))"
                }
            steps.append(.pluginCall(description))
            if let event = news[description] { queued.append(event) }
        }
    }

    func flushAnnouncements() { steps.append(.flush) }

    func openBatch() -> Bool {
        guard batch == nil else { return false }
        batch = (controller.revision, false)
        return true
    }

    func closeBatch() {
        guard let closing = batch else { return }
        batch = nil
        if controller.closeBatch(openedAt: closing.revisionBefore, announced: closing.announced) {
            steps.append(.close(revision: controller.revision))
        }
    }

    func nextQueuedPluginEvent() -> PluginTabEvent? { queued.isEmpty ? nil : queued.removeFirst() }

    func hasInstance(_ id: String) -> Bool { controller.catalog.contains { $0.id == id } }

    func notePush(_ page: String, by id: String) throws(TabError) { try controller.checkNavigate(id, to: page) }

    func refused(_ event: PluginTabEvent, _ error: DBusError) {}
    func refusedIcon(_ event: PluginTabEvent, _ reason: String) {}

    // MARK: TapModel

    func beginTap(_ item: String) throws(TabError) -> PendingTap { try controller.beginTap(item) }

    var delegateTimeoutMs: UInt32 { controller.delegateTimeoutMs }

    var delegateTimeoutPolicy: DelegateTimeoutPolicy { controller.delegateTimeoutPolicy }

    func delegateLeftBus(_ delegate: DelegateRegistration) {}
}
