import TabModel
import Testing

@testable import TabbardDaemon

/// The tap queue on its own: no bus and no service, only the model it is handed. Each caller
/// is a number, the tap's place in arrival order; a test carries out the queue's actions on
/// the model the way the delegate gate does.
@Suite("The tap queue")
struct TapQueueTests {
    /// The clock's tabs, all in `Tabs`, with a delegate registered unless `delegate` is false.
    static func model(delegate: Bool = true, configuration: ControllerConfiguration = ControllerConfiguration()) throws
        -> TabController
    {
        let catalog = ["world-clock", "alarm", "stopwatch", "timer"].map {
            TabDefinition(id: $0, plugin: "clock", title: $0)
        }
        var controller = try TabController(catalog: catalog, configuration: configuration)
        if delegate { _ = try controller.registerDelegate(owner: ":1.7", path: "/delegate") }
        return controller
    }

    static let delegate = DelegateRegistration(owner: ":1.7", path: "/delegate")

    @Test("with no delegate and nothing waiting, a tap is decided at once (TAP-5)")
    func noDelegateDecidesAtOnce() throws {
        let controller = try Self.model(delegate: false)
        let queue = TapQueue<Int>()
        #expect(queue.admit(try controller.beginTap("alarm")) == .decideNow)
    }

    @Test("with a delegate even the first tap waits for its answer (TAP-1)")
    func delegateIsAsked() throws {
        let controller = try Self.model()
        var queue = TapQueue<Int>()
        let pending = try controller.beginTap("alarm")
        #expect(queue.admit(pending) == .wait)
        queue.enqueue("alarm", from: 1)
        let turn = queue.next(check: controller.beginTap)
        let ask = try #require(turn)
        #expect(ask.asked == Asked(delegate: Self.delegate, item: "alarm"))
        #expect(queue.next(check: controller.beginTap) == nil, "one question at a time")
        #expect(queue.answered(try #require(ask.question), allowed: false) == .decide(1, pending, allowed: false))
    }

    @Test("taps are decided one at a time, in arrival order (TAP-7)")
    func arrivalOrder() throws {
        let controller = try Self.model()
        var queue = TapQueue<Int>()
        for (caller, item) in ["alarm", "timer", "stopwatch"].enumerated() {
            #expect(queue.admit(try controller.beginTap(item)) == .wait)
            queue.enqueue(item, from: caller)
        }
        var decided: [Int] = []
        while let ask = queue.next(check: controller.beginTap) {
            #expect(queue.waitingCount == 2 - decided.count)
            let action = queue.answered(try #require(ask.question), allowed: true)
            guard case .decide(let caller, let pending, true)? = action else {
                Issue.record("expected a decision, got \(String(describing: action))")
                return
            }
            #expect(pending.item == ["alarm", "timer", "stopwatch"][caller])
            decided.append(caller)
        }
        #expect(decided == [0, 1, 2])
        #expect(queue.waitingCount == 0 && queue.delegateGone() == nil)
    }

    @Test("at most 64 taps wait behind the one being asked about; one more is Busy (TAP-7)")
    func limit() throws {
        let controller = try Self.model()
        var queue = TapQueue<Int>()
        let pending = try controller.beginTap("alarm")
        queue.enqueue("alarm", from: 0)
        let turn = queue.next(check: controller.beginTap)
        let ask = try #require(turn)
        for caller in 1...PendingTap.queueLimit {
            #expect(queue.admit(pending) == .wait)
            queue.enqueue("alarm", from: caller)
        }
        #expect(queue.waitingCount == 64)
        guard case .refuse(let error) = queue.admit(pending) else {
            Issue.record("the 66th tap should be refused")
            return
        }
        #expect(error.name == "Busy" && error.message.contains("64 taps already wait"), "\(error)")
        // Once the first is decided and the next asked about, there is room for one more.
        _ = queue.answered(try #require(ask.question), allowed: true)
        let next = queue.next(check: controller.beginTap)
        #expect(next?.question != nil)
        #expect(queue.waitingCount == 63)
        #expect(queue.admit(pending) == .wait)
    }

    @Test("a waiting tap is checked again when its turn comes: a tab removed meanwhile fails (TAP-7)")
    func checkedAtItsTurn() throws {
        var controller = try Self.model()
        var queue = TapQueue<Int>()
        queue.enqueue("alarm", from: 1)
        queue.enqueue("timer", from: 2)
        let turn = queue.next(check: controller.beginTap)
        let ask = try #require(turn)
        _ = try controller.removeTab("timer")
        _ = queue.answered(try #require(ask.question), allowed: true)
        #expect(queue.next(check: controller.beginTap) == .fail(2, .noSuchTab("timer")))
        #expect(queue.next(check: controller.beginTap) == nil)
    }

    @Test("a late answer is checked once more by the model: a tab disabled meanwhile answers Disabled (TAP-7)")
    func lateAnswerCheckedAgain() throws {
        var controller = try Self.model()
        var queue = TapQueue<Int>()
        queue.enqueue("alarm", from: 1)
        let turn = queue.next(check: controller.beginTap)
        let ask = try #require(turn)
        _ = try controller.setEnabled("alarm", false)
        guard case .decide(1, let pending, true)? = queue.answered(try #require(ask.question), allowed: true) else {
            Issue.record("the answer should decide the tap")
            return
        }
        #expect(throws: TabError.disabled("alarm")) { try controller.completeTap(pending, allowed: true) }
        #expect(controller.selectedTab == "world-clock")
    }

    @Test("no proper answer: the policy decides, and an answer after the timeout is ignored (TAP-5)")
    func answerAfterTimeout() throws {
        var controller = try Self.model(configuration: ControllerConfiguration(delegateTimeoutPolicy: .deny))
        var queue = TapQueue<Int>()
        queue.enqueue("alarm", from: 1)
        queue.enqueue("timer", from: 2)
        let firstTurn = queue.next(check: controller.beginTap)
        let first = try #require(firstTurn?.question)
        let timedOut = queue.answerFailed(first, reason: "did not answer within 10 ms")
        guard case .decideByPolicy(1, let pending, "did not answer within 10 ms")? = timedOut else {
            Issue.record("a timeout should leave the tap to the policy, got \(String(describing: timedOut))")
            return
        }
        let outcome = try controller.completeTap(pending, allowed: controller.delegateTimeoutPolicy.allowsTap)
        #expect(!outcome.selected && controller.selectedTab == "world-clock")
        let secondTurn = queue.next(check: controller.beginTap)
        let second = try #require(secondTurn?.question)
        #expect(second != first)
        #expect(queue.answered(first, allowed: true) == nil, "the first question's late answer")
        #expect(queue.answerFailed(first, reason: "answered an error") == nil)
        #expect(queue.answered(second, allowed: true) == .decide(2, try controller.beginTap("timer"), allowed: true))
    }

    @Test(
        "a delegate that leaves, unregisters or is released with taps queued: every one is decided as if there were none (TAP-7)",
        arguments: ["leaves", "unregisters", "is released by Reset"])
    func delegateGoes(how: String) throws {
        var controller = try Self.model()
        var queue = TapQueue<Int>()
        for (caller, item) in ["alarm", "timer", "stopwatch"].enumerated() {
            queue.enqueue(item, from: caller)
        }
        let turn = queue.next(check: controller.beginTap)
        let ask = try #require(turn)
        let asked = try controller.beginTap("alarm")
        switch how {
        case "leaves": _ = controller.ownerLeft(":1.7")
        case "unregisters": _ = try controller.unregisterDelegate(owner: ":1.7", path: "/delegate")
        default: #expect(controller.reset().releasedDelegate == Self.delegate)
        }
        #expect(controller.delegate == nil)
        #expect(queue.delegateGone() == .decide(0, asked, allowed: true))
        #expect(queue.next(check: controller.beginTap) == .decide(1, try controller.beginTap("timer"), allowed: true))
        #expect(
            queue.next(check: controller.beginTap) == .decide(2, try controller.beginTap("stopwatch"), allowed: true))
        #expect(queue.next(check: controller.beginTap) == nil)
        #expect(queue.answered(try #require(ask.question), allowed: false) == nil, "the gone delegate's answer")
    }

    @Test("Reset with taps queued: the waiting ones are checked against the reset model (TAP-7, STATE-5)")
    func resetWithTapsQueued() throws {
        var controller = try Self.model(
            configuration: ControllerConfiguration(tabs: ["world-clock", "alarm", "stopwatch"]))
        _ = try controller.addTab("timer", at: -1)
        var queue = TapQueue<Int>()
        queue.enqueue("alarm", from: 1)
        queue.enqueue("timer", from: 2)
        queue.enqueue("stopwatch", from: 3)
        let turn = queue.next(check: controller.beginTap)
        #expect(turn?.question != nil)
        _ = controller.reset() // Back to the configured tabs: `timer` is no longer in Tabs.
        guard case .decide(1, let pending, true)? = queue.delegateGone() else {
            Issue.record("the tap in flight should be allowed")
            return
        }
        #expect(try controller.completeTap(pending, allowed: true).selected)
        #expect(queue.next(check: controller.beginTap) == .fail(2, .noSuchTab("timer")))
        #expect(
            queue.next(check: controller.beginTap) == .decide(3, try controller.beginTap("stopwatch"), allowed: true))
        #expect(queue.next(check: controller.beginTap) == nil)
    }

    @Test("inputs about no question in flight change nothing")
    func strayInputs() throws {
        let controller = try Self.model()
        var queue = TapQueue<Int>()
        #expect(queue.delegateGone() == nil)
        queue.enqueue("alarm", from: 1)
        let turn = queue.next(check: controller.beginTap)
        let ask = try #require(turn)
        _ = queue.answered(try #require(ask.question), allowed: true)
        #expect(queue.answered(try #require(ask.question), allowed: true) == nil)
        #expect(queue.delegateGone() == nil)
        #expect(queue.waitingCount == 0)
    }
}

/// What an `ask` action asks, for comparisons.
struct Asked: Equatable {
    var delegate: DelegateRegistration
    var item: String
}

extension TapQueue.Action {
    /// The question of an `ask`; nil for any other action.
    var question: TapQueue.Question? {
        if case .ask(_, _, let question) = self { return question }
        return nil
    }

    /// Whom an `ask` asks about what; nil for any other action.
    var asked: Asked? {
        if case .ask(let delegate, let item, _) = self { return Asked(delegate: delegate, item: item) }
        return nil
    }
}
