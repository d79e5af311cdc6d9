import Loop
import Testing

@testable import TabbardPluginHost

/// A helper's lifecycle as a value: what it asks its owner to do for each thing that happens,
/// with no process, timer or clock (the instants are made up).
@Suite("The lifecycle of a plugin's helper")
struct HelperLifecycleTests {
    let start = MonotonicInstant(sinceStart: .seconds(1_000))

    func lifecycle(recorded: Int = 0, limit: Int = 3, window: Duration = .seconds(600)) -> HelperLifecycle {
        HelperLifecycle(
            recordedFailures: recorded, at: start, firstBackoff: .milliseconds(100), failureWindow: window,
            stableAfter: .seconds(30), failureLimit: limit)
    }

    /// A helper started, spawned, ready and then ended for `reason` and collected at `at`.
    func runAndFail(
        _ helper: inout HelperLifecycle, _ reason: String, readyAt: MonotonicInstant, failAt: MonotonicInstant
    )
        -> [HelperLifecycle.Action]
    {
        _ = helper.start()
        _ = helper.spawned()
        _ = helper.ready(at: readyAt)
        _ = helper.ended(reason)
        return helper.collected(reason, at: failAt)
    }

    @Test("a start spawns, the spawned helper gets a deadline, and ready cancels it and announces it")
    func startToReady() {
        var helper = lifecycle()
        #expect(helper.start() == [.cancelTimer, .spawn])
        #expect(helper.spawned() == [.armStartDeadline])
        #expect(helper.phase == .starting)
        #expect(helper.ready(at: start) == [.cancelTimer, .announceReady])
        #expect(helper.phase == .up)
    }

    @Test("no second helper while one starts or runs, and none once disabled")
    func noSecondStart() {
        var helper = lifecycle(limit: 1)
        _ = helper.start()
        _ = helper.spawned()
        #expect(helper.start() == [])
        _ = helper.ready(at: start)
        #expect(helper.start() == [])
        _ = helper.ended("its helper ended")
        _ = helper.collected("its helper ended", at: start)
        #expect(helper.phase == .disabled(reason: "its helper ended"))
        #expect(helper.start() == [])
    }

    @Test("an ending is collected first and counted once collected, then a restart after the backoff, which doubles")
    func endingCountsOnceCollected() {
        var helper = lifecycle()
        _ = helper.start()
        _ = helper.spawned()
        #expect(helper.ended("its helper ended") == [.collect(reason: "its helper ended")])
        #expect(helper.phase == .down(reason: "its helper ended"))
        #expect(helper.failures == 0)
        #expect(
            helper.collected("its helper ended (signal 9)", at: start) == [
                .recordFailures(1, reason: "its helper ended (signal 9)"),
                .restart(after: .milliseconds(100), failures: 1, reason: "its helper ended (signal 9)"),
            ])
        #expect(helper.backoff == .milliseconds(100))
        // A start from down, whether the restart is due or asked for, spawns again.
        #expect(helper.start() == [.cancelTimer, .spawn])
    }

    @Test("the backoff doubles up to 30 s")
    func backoffIsBounded() {
        var helper = lifecycle(limit: 100)
        var delays: [Duration] = []
        for attempt in 0..<12 {
            _ = helper.start()
            _ = helper.spawned()
            _ = helper.ended("x")
            for case .restart(let delay, _, _) in helper.collected("x", at: start + .milliseconds(Int64(attempt))) {
                delays.append(delay)
            }
        }
        #expect(delays.prefix(4) == [.milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800)])
        #expect(delays.last == .seconds(30))
        #expect(delays.allSatisfy { $0 <= .seconds(30) })
    }

    @Test("the failure limit within the window disables the plugin, naming the last reason")
    func limitDisables() {
        var helper = lifecycle()
        _ = runAndFail(&helper, "a", readyAt: start, failAt: start + .seconds(1))
        _ = runAndFail(&helper, "b", readyAt: start + .seconds(2), failAt: start + .seconds(3))
        #expect(
            runAndFail(&helper, "c", readyAt: start + .seconds(4), failAt: start + .seconds(5)) == [
                .recordFailures(3, reason: "c"), .disable(failures: 3, reason: "c"),
            ])
        #expect(helper.phase == .disabled(reason: "c"))
    }

    @Test("failures older than the window no longer count")
    func windowForgets() {
        var helper = lifecycle(window: .seconds(60))
        _ = runAndFail(&helper, "a", readyAt: start, failAt: start + .seconds(1))
        _ = runAndFail(&helper, "b", readyAt: start + .seconds(2), failAt: start + .seconds(3))
        let actions = runAndFail(&helper, "c", readyAt: start + .seconds(62), failAt: start + .seconds(63))
        #expect(actions.first == .recordFailures(1, reason: "c"))
        #expect(helper.phase == .down(reason: "c"))
    }

    @Test("failures an earlier run recorded count as if they happened at the start")
    func recordedFailuresCount() {
        var helper = lifecycle(recorded: 2)
        #expect(helper.failures == 2)
        #expect(
            runAndFail(&helper, "a", readyAt: start, failAt: start + .seconds(1)).last
                == .disable(failures: 3, reason: "a"))
    }

    @Test("a helper ready for 30 s waits the first backoff again after its next failure")
    func stableHelperStartsAfresh() {
        var helper = lifecycle(limit: 100)
        _ = runAndFail(&helper, "a", readyAt: start, failAt: start + .seconds(1))
        _ = runAndFail(&helper, "b", readyAt: start + .seconds(2), failAt: start + .seconds(3))
        #expect(helper.backoff == .milliseconds(200))
        let actions = runAndFail(&helper, "c", readyAt: start + .seconds(4), failAt: start + .seconds(34))
        #expect(actions.last == .restart(after: .milliseconds(100), failures: 3, reason: "c"))
        // Ready for less than that: the backoff keeps growing.
        let next = runAndFail(&helper, "d", readyAt: start + .seconds(35), failAt: start + .seconds(36))
        #expect(next.last == .restart(after: .milliseconds(200), failures: 4, reason: "d"))
    }

    @Test("a spawn that fails counts at once, with no process to collect")
    func failedSpawnCounts() {
        var helper = lifecycle()
        _ = helper.start()
        #expect(
            helper.failedToSpawn("cannot start its helper", at: start) == [
                .recordFailures(1, reason: "cannot start its helper"),
                .restart(after: .milliseconds(100), failures: 1, reason: "cannot start its helper"),
            ])
    }

    @Test("a stop collects a running helper without counting it; a disabled plugin stays disabled")
    func stop() {
        var helper = lifecycle(limit: 1)
        _ = helper.start()
        _ = helper.spawned()
        _ = helper.ready(at: start)
        #expect(helper.stop(running: true) == [.cancelTimer, .collect(reason: nil)])
        #expect(helper.phase == .stopped)
        #expect(helper.failures == 0)
        #expect(helper.stop(running: false) == [.cancelTimer])
        _ = helper.start()
        _ = helper.failedToSpawn("x", at: start)
        _ = helper.stop(running: false)
        #expect(helper.phase == .disabled(reason: "x"))
    }
}
