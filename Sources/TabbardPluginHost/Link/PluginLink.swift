import Glibc
import Loop
import TabModel

/// The daemon's end of the link to one plugin helper, used on the loop thread. It never waits
/// on the helper: a call is written as far as the socket takes it (the rest when the socket is
/// writable again) and its answer comes back later, through its completion, on the loop thread.
/// A call not answered within `deadline` means the helper no longer answers: the link ends, and
/// every call still waiting fails with the reason, so no caller waits longer than the deadline.
///
/// Everything read is checked (`PluginLinkInbox`): besides a malformed message, a reply to no
/// call waiting, a reply that does not fit its call, a second `ready`, an event before `ready`,
/// an event for a tab the daemon never created through this link (another plugin's) or a call
/// from the helper ends the link, and so do events past the helper's allowance
/// (`PluginEventAllowance`). The plugin's events go straight into the plugin news queue it is
/// given (`PluginNewsQueue`); its owner is told, by a method call, that the helper said ready
/// and that the link ended (`PluginLinkOwner`), since it must act on both before anything else
/// goes on the link; it then ends the helper's process.
///
/// A helper shares the loop with every other caller: one loop turn reads at most one buffer
/// (`readSize`) from the link and takes at most `messagesPerTurn` messages from it; the rest
/// waits for the next turn, and the link is not read again until it is taken. So what the
/// daemon holds for a link stays within one read and one frame, and the helper, whose writes
/// then block, is held back instead.
final class PluginLink {
    /// Why a link ended.
    enum Ending: Error, Sendable, Equatable, CustomStringConvertible {
        /// The helper's end closed: it exited, crashed or was killed.
        case closed
        /// The helper sent what the daemon refuses.
        case refused(PluginLinkError)
        /// A call was not answered within the deadline: the ABI function called.
        case missedDeadline(String)
        /// Reading or writing failed with this errno.
        case failed(Int32)
        /// The helper sent more events than its allowance (`PluginEventAllowance`).
        case flooded
        /// The daemon ended the link (`end()`).
        case ended

        /// The reason, for log lines and `PluginFailed` messages.
        var description: String {
            switch self {
            case .closed: "its process ended"
            case .refused(let error): "it sent \(error)"
            case .missedDeadline(let function): "\(function) was not answered in time"
            case .failed(let code): "the link failed: \(String(cString: strerror(code)))"
            case .flooded: "it sent more than \(PluginEventAllowance.perSecond) events in a second"
            case .ended: "it was stopped"
            }
        }
    }

    /// The plugin's identity, once its helper said `ready`.
    private(set) var identity: (name: String, version: String, abi: PluginABIVersion)?
    /// Why the link ended; nil while it is up.
    private(set) var ending: Ending?
    /// The plugin whose helper is at the other end, as its events name it.
    let plugin: String
    /// Where the plugin's events go, each as it is read.
    private let news: PluginNewsQueue
    /// Told that the helper said ready, and that the link ended; weak, as the owner owns the link.
    private weak let owner: (any PluginLinkOwner)?

    private let descriptor: Int32
    private let deadline: Duration
    private var source: LoopSource?
    /// Fires at or before the deadline of the oldest waiting call, while `timerSet`.
    private var timer: LoopTimer?
    /// Whether `timer` is set. One setting serves every call made while it is: it is set for
    /// the first call waiting and left set when that call is answered; when it fires it moves
    /// on to the oldest call still waiting. Every call has the same deadline, so a call made
    /// while it is set is due no earlier than it fires. Calls back to back then cost no
    /// `timerfd_settime` of their own (setting and clearing it per call took two), and a link
    /// left idle wakes the loop once, within one deadline of its last call.
    private var timerSet = false
    private var inbox = PluginLinkInbox()
    /// Takes up the messages left over from a turn, once a turn, while the link itself is not
    /// watched for reading (`hasBacklog`).
    private var backlog: LoopTimer?
    /// Whether the inbox may hold messages a turn left over.
    private var hasBacklog = false
    private var allowance = PluginEventAllowance()
    /// Frames not yet taken by the socket, from `sent` on.
    private var outgoing: [UInt8] = []
    private var sent = 0
    private var nextSerial: UInt32 = 1
    /// The tabs the daemon created through this link: the only ones the helper holds a handle
    /// of, hence the only ones its events may name. A destroyed tab stays: its late events are
    /// its own plugin's, and dropped.
    private var created: Set<String> = []
    /// The tabs created and not destroyed since: the only ones whose events are passed on.
    private var live: Set<String> = []
    /// The calls waiting for their reply, in the order sent, hence of their deadlines.
    private var waiting: [Waiting] = []

    private struct Waiting {
        let serial: UInt32
        let due: MonotonicInstant
        let call: PluginLinkCall
        let answered: (Result<PluginLinkReply, Ending>) -> Void
    }

    /// The link to the helper of `plugin` on the connected stream socket `descriptor` (which it
    /// owns and closes once made; the caller still owns it when this throws), watched on `loop`;
    /// every call is given `deadline`. The plugin's events go to `news`; `owner` is told of the
    /// helper's `ready` and of the link's end.
    init(
        descriptor: Int32, loop: EventLoop, deadline: Duration, plugin: String, news: PluginNewsQueue,
        owner: any PluginLinkOwner
    ) throws(LoopError) {
        self.descriptor = descriptor
        self.deadline = deadline
        self.plugin = plugin
        self.news = news
        self.owner = owner
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0 else {
            throw LoopError("fcntl(O_NONBLOCK)")
        }
        // The timer first: released when watching fails, it is cancelled with it.
        timer = try LoopTimer(loop: loop) { [unowned self] in deadlinePassed() }
        backlog = try LoopTimer(loop: loop) { [unowned self] in takeTurn() }
        source = try loop.watch(fd: descriptor, events: .readable) { [unowned self] events in handle(events) }
    }

    deinit {
        // Its owner let it go (it is replacing or dropping it, or going away itself): end without
        // telling it, as it may be in the middle of that. Calls still waiting are released
        // unanswered, as a deferred reply released unanswered answers its caller.
        waiting = []
        if ending == nil { finish(.ended, tellingOwner: false) }
    }

    /// Sends `call`; `answered` runs on the loop thread with the helper's reply, or with the
    /// ending of the link when it ends first (at once when it has ended already).
    func call(_ call: PluginLinkCall, answered: @escaping (Result<PluginLinkReply, Ending>) -> Void) {
        if let ending { return answered(.failure(ending)) }
        let serial = nextSerial
        nextSerial &+= 1
        waiting.append(Waiting(serial: serial, due: .now() + deadline, call: call, answered: answered))
        if !timerSet {
            timer?.arm(after: deadline)
            timerSet = true
        }
        // What the call makes the plugin say is the caller's pace, not a flood.
        allowance.grantCall()
        switch call {
        case .create(let tab):
            created.insert(tab)
            live.insert(tab)
        case .destroy(let tab):
            live.remove(tab)
        default:
            break
        }
        outgoing += PluginLinkMessage.call(serial: serial, call).frame
        flush()
    }

    /// Ends the link: waiting calls fail with `.ended`, and the helper sees its end close.
    func end() { finish(.ended) }

    // MARK: Reading and writing

    /// The most one read takes from the link, once a turn.
    static let readSize = 65_536
    /// The most messages taken from the link in one loop turn.
    static let messagesPerTurn = 64

    private func handle(_ events: LoopEvents) {
        if events.contains(.writable) { flush() }
        // With a backlog the timer takes this turn's share (a hang-up is read after it).
        guard ending == nil, !hasBacklog, !events.isDisjoint(with: [.readable, .hangup, .error]) else { return }
        takeTurn()
    }

    /// One turn's share of the link: the messages left over first; one read when there were
    /// fewer than a turn's worth; then messages up to the turn's count. What is left over
    /// is taken up next turn by the `backlog` timer alone, the link unwatched for reading
    /// meanwhile, so that no turn takes two shares.
    private func takeTurn() {
        guard ending == nil else { return }
        var budget = Self.messagesPerTurn
        takeMessages(&budget)
        guard ending == nil, budget > 0 else { return leftOver(budget) }
        var count = 0
        var failure: Int32 = 0
        // Received into storage left uninitialized: zeroing what the read overwrites cost as
        // much as a small read itself.
        let bytes = [UInt8](unsafeUninitializedCapacity: Self.readSize) { storage, initialized in
            repeat {
                count = recv(descriptor, storage.baseAddress, storage.count, Int32(MSG_DONTWAIT))
            } while count < 0 && errno == EINTR
            // errno read here, before the array's own calls can change it.
            failure = count < 0 ? errno : 0
            initialized = max(count, 0)
        }
        if count < 0 {
            if failure == EAGAIN || failure == EWOULDBLOCK { return leftOver(budget) }
            return finish(failure == ECONNRESET ? .closed : .failed(failure))
        }
        guard count > 0 else { return finish(.closed) }
        inbox.append(bytes)
        takeMessages(&budget)
        leftOver(budget)
    }

    /// Receives complete messages from the inbox while `budget` lasts, counting them off.
    private func takeMessages(_ budget: inout Int) {
        do throws(PluginLinkError) {
            while budget > 0, ending == nil, let message = try inbox.next() {
                budget -= 1
                try receive(message)
            }
        } catch {
            finish(.refused(error))
        }
    }

    /// A turn that used its whole `budget` may have left messages: the next turn takes them
    /// up even when the link has nothing more to read.
    private func leftOver(_ budget: Int) {
        guard ending == nil else { return }
        hasBacklog = budget == 0
        if hasBacklog { backlog?.arm(after: .zero) }
        watch()
    }

    /// Watches the link for what the daemon waits for: room to write while anything is left
    /// to send, and input unless a backlog is being taken up.
    private func watch() {
        source?.events = LoopEvents(hasBacklog ? [] : [.readable]).union(outgoing.isEmpty ? [] : [.writable])
    }

    private func receive(_ message: PluginLinkMessage) throws(PluginLinkError) {
        switch message {
        case .ready(let name, let version, let abi):
            guard identity == nil else { throw .malformed("ready a second time") }
            identity = (name, version, abi)
            owner?.linkReady(self)
        case .reply(let serial, let reply):
            guard let index = waiting.firstIndex(where: { $0.serial == serial }) else {
                throw .malformed("a reply to no call (\(serial))")
            }
            guard waiting[index].call.accepts(reply) else {
                throw .malformed("a \(reply.kind) reply to \(waiting[index].call.function)")
            }
            let call = waiting.remove(at: index)
            call.answered(.success(reply))
        case .event(let tabID, let change):
            guard identity != nil else { throw .malformed("an event before ready") }
            guard created.contains(tabID) else {
                throw .malformed(
                    "an event for tab \(OffendingValue.quoted(PluginText.printable(tabID))), which is not one of its plugin's"
                )
            }
            guard allowance.take() else { return finish(.flooded) }
            // One destroyed since is still its plugin's: its late events are dropped.
            guard live.contains(tabID) else { return }
            news.post(.tab(PluginTabEvent(plugin: plugin, tabID: tabID, change: change)))
        case .call:
            throw .malformed("a call, which only the daemon makes")
        }
    }

    /// Writes what the socket takes now; watches for room while anything is left.
    private func flush() {
        guard ending == nil else { return }
        while sent < outgoing.count {
            let count = outgoing.withUnsafeBytes { bytes in
                send(descriptor, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { break }
                return finish(errno == EPIPE || errno == ECONNRESET ? .closed : .failed(errno))
            }
            sent += count
        }
        if sent == outgoing.count {
            outgoing.removeAll(keepingCapacity: true)
            sent = 0
        }
        watch()
    }

    // MARK: Deadlines and the end

    /// The timer fired: the oldest waiting call missed its deadline, or the calls it was set
    /// for were answered meanwhile and it moves on to the oldest still waiting, if any.
    private func deadlinePassed() {
        timerSet = false
        guard ending == nil, let oldest = waiting.first else { return }
        let now = MonotonicInstant.now()
        guard oldest.due > now else { return finish(.missedDeadline(oldest.call.function)) }
        timer?.arm(after: oldest.due - now)
        timerSet = true
    }

    private func finish(_ reason: Ending, tellingOwner: Bool = true) {
        guard ending == nil else { return }
        ending = reason
        source?.cancel()
        source = nil
        timer?.cancel()
        timer = nil
        backlog?.cancel()
        backlog = nil
        close(descriptor)
        let failed = waiting
        waiting = []
        for call in failed { call.answered(.failure(reason)) }
        if tellingOwner { owner?.linkEnded(self, reason) }
    }
}

extension PluginLinkCall {
    /// Whether `reply` answers this call: a page for `render`, a list for `actions`, done or
    /// not for the rest, and a failure for any.
    func accepts(_ reply: PluginLinkReply) -> Bool {
        switch (self, reply) {
        case (_, .failed), (.render, .content), (.actions, .actions): true
        case (.render, _), (.actions, _): false
        case (_, .done): true
        default: false
        }
    }

    /// The ABI function the call reaches, as log lines and `PluginCallError` name it.
    var function: String {
        switch self {
        case .create: "create"
        case .destroy: "destroy"
        case .notice(_, let notice):
            switch notice {
            case .willAppear: "will_appear"
            case .didAppear: "did_appear"
            case .willDisappear: "will_disappear"
            case .didDisappear: "did_disappear"
            case .back: "back"
            case .popToRoot: "pop_to_root"
            }
        case .navigate: "navigate"
        case .render: "render"
        case .actions: "actions"
        case .activate: "activate"
        case .locale: "set_locale"
        }
    }
}
