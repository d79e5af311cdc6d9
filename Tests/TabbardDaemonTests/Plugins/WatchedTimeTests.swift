import Testing
@testable import TabbardDaemon

/// The hang watch's clock: what counts toward the hang limit when the watch looks on time, when
/// the whole process was stopped between two looks, and when the watch is starved.
@Suite("Watched time of a plugin call")
struct WatchedTimeTests {
    static let millisecond: Int64 = 1_000_000

    @Test("looks on time count the call's whole time, so a hung call reaches its limit on time")
    func onTime() {
        let tick = WatchedTime.tick(for: 300 * Self.millisecond)
        #expect(tick == 30 * Self.millisecond)
        var time = WatchedTime(since: 1_000 * Self.millisecond, tick: tick)
        for look in 1...10 { time.look(at: 1_000 * Self.millisecond + Int64(look) * tick + 2 * Self.millisecond) }
        #expect(time.counted == 302 * Self.millisecond)
    }

    @Test("a 0.5 s stop of the process between two looks counts as two ticks at most")
    func stoppedProcess() {
        let tick = 30 * Self.millisecond
        var time = WatchedTime(since: 0, tick: tick)
        time.look(at: 20 * Self.millisecond)
        time.look(at: 520 * Self.millisecond)  // Held by SIGSTOP from 20 ms to 520 ms.
        #expect(time.counted == 80 * Self.millisecond)
        #expect(time.counted < 300 * Self.millisecond)
    }

    @Test("a starved watch counts slower but still reaches the limit")
    func starvedWatch() {
        let tick = 30 * Self.millisecond
        var time = WatchedTime(since: 0, tick: tick)
        var looks = 0
        while time.counted < 300 * Self.millisecond {
            looks += 1
            time.look(at: Int64(looks) * 100 * Self.millisecond)  // Every 100 ms instead of 30.
        }
        #expect(looks == 5)
    }

    @Test("a clock that seems to go back counts nothing, and the tick is 1 ms at least")
    func edges() {
        var time = WatchedTime(since: 50, tick: 10)
        time.look(at: 40)
        #expect(time.counted == 0)
        #expect(WatchedTime.tick(for: 5 * Self.millisecond) == Self.millisecond)
    }
}
