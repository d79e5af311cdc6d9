import Loop
import Testing

@testable import TabbardDaemon
@testable import TabbardPluginHost

/// The hang watch's clock: what counts toward the hang limit when the watch looks on time, when
/// the whole process was stopped between two looks, and when the watch is starved.
@Suite("Watched time of a plugin call")
struct WatchedTimeTests {
    /// The instant `milliseconds` after an arbitrary start.
    static func at(_ milliseconds: Int) -> MonotonicInstant {
        MonotonicInstant(sinceStart: .milliseconds(1_000 + milliseconds))
    }

    @Test("looks on time count the call's whole time, so a hung call reaches its limit on time")
    func onTime() {
        let tick = WatchedTime.tick(for: .milliseconds(300))
        #expect(tick == .milliseconds(30))
        var time = WatchedTime(since: Self.at(0), tick: tick)
        for look in 1...10 { time.look(at: Self.at(look * 30 + 2)) }
        #expect(time.counted == .milliseconds(302))
    }

    @Test("a 0.5 s stop of the process between two looks counts as two ticks at most")
    func stoppedProcess() {
        var time = WatchedTime(since: Self.at(0), tick: .milliseconds(30))
        time.look(at: Self.at(20))
        time.look(at: Self.at(520)) // Held by SIGSTOP from 20 ms to 520 ms.
        #expect(time.counted == .milliseconds(80))
        #expect(time.counted < .milliseconds(300))
    }

    @Test("a starved watch counts slower but still reaches the limit")
    func starvedWatch() {
        var time = WatchedTime(since: Self.at(0), tick: .milliseconds(30))
        var looks = 0
        while time.counted < .milliseconds(300) {
            looks += 1
            time.look(at: Self.at(looks * 100)) // Every 100 ms instead of 30.
        }
        #expect(looks == 5)
    }

    @Test("a clock that seems to go back counts nothing, and the tick is 1 ms at least")
    func edges() {
        var time = WatchedTime(since: Self.at(50), tick: .milliseconds(10))
        time.look(at: Self.at(40))
        #expect(time.counted == .zero)
        #expect(WatchedTime.tick(for: .milliseconds(5)) == .milliseconds(1))
    }
}
