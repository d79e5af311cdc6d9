import Foundation
import Loop
import Testing

@testable import TabbardDaemon
@testable import TabbardPluginHost

/// A helper that floods the daemon with events: the daemon takes a bounded share of its link
/// each loop turn, and ends the link once the helper sends past its allowance
/// (docs/plugins.md, Isolation).
@Suite("A helper flooding its link")
struct PluginLinkFloodTests {
    /// `count` content-changed events for tab `t`, after `ready` and the answer to the call
    /// that created the tab, as one stream of bytes.
    static func flood(_ count: Int) -> [UInt8] {
        let event = PluginLinkMessage.event(tabID: "t", .contentChanged).frame
        return PluginLinkMessage.ready(name: "p", version: "1", abi: .host).frame
            + PluginLinkMessage.reply(serial: 1, .done(true)).frame
            + Array([[UInt8]](repeating: event, count: count).joined())
    }

    /// What a link made of the daemon's end of a socket pair does with `flood(count)` written
    /// at once on the helper's end: the loop turn of each event received, and how the link
    /// ended (nil when it is still up once every event is taken, or after 2 s).
    static func receive(_ count: Int) throws -> (turns: [Int], ending: PluginLink.Ending?) {
        let bytes = flood(count)
        let loop = try EventLoop()
        let (daemonEnd, helperEnd) = try PluginLinkEndTests.socketPair()
        defer { close(helperEnd) }
        let watch = LinkWatch(loop: loop)
        let link = try watch.link(daemonEnd, loop: loop, deadline: .seconds(5))
        var turn = 0
        loop.addTurnHook { turn += 1 }
        var turns: [Int] = []
        var ending: PluginLink.Ending?
        watch.event = { _ in turns.append(turn) }
        watch.ended = {
            ending = $0; loop.stop()
        }
        // A helper's events name the tabs the daemon created through its link.
        link.call(.create(tabID: "t")) { _ in }
        let idle = try loop.schedule(after: .milliseconds(10), repeating: .milliseconds(10)) {
            if turns.count >= count { loop.stop() }
        }
        let limit = try loop.schedule(after: .seconds(2)) { loop.stop() }
        // Written as fast as the socket takes it, from a thread of its own, as a plugin's thread
        // would: more than one read's worth waits while the daemon takes its backlog.
        let written = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = bytes.withUnsafeBytes { send(helperEnd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            written.signal()
        }
        loop.run()
        // The writer is done: every event was taken, or the link's end made its send fail.
        #expect(written.wait(timeout: .now() + 5) == .success)
        idle.cancel()
        limit.cancel()
        return (turns, ending)
    }

    @Test("one loop turn takes at most messagesPerTurn messages from a link, however many wait")
    func boundedPerTurn() throws {
        let (turns, ending) = try Self.receive(600)
        #expect(ending == nil)
        #expect(turns.count == 600)
        let mostInOneTurn = Dictionary(grouping: turns, by: { $0 }).values.map(\.count).max() ?? 0
        #expect(mostInOneTurn <= PluginLink.messagesPerTurn, "\(mostInOneTurn) events in one turn")
    }

    @Test("a helper sending a second's allowance of events at once keeps its link")
    func burstWithinAllowance() throws {
        let (turns, ending) = try Self.receive(PluginEventAllowance.perSecond)
        #expect(ending == nil)
        #expect(turns.count == PluginEventAllowance.perSecond)
    }

    @Test(
        "a helper sending past its allowance floods: the link ends after the allowance, with no call waiting, each turn taking its share"
    )
    func floodEndsTheLink() throws {
        // 150 KB of events: the link stays readable while the backlog of each read is taken.
        let (turns, ending) = try Self.receive(10 * PluginEventAllowance.perSecond)
        #expect(ending == .flooded)
        let mostInOneTurn = Dictionary(grouping: turns, by: { $0 }).values.map(\.count).max() ?? 0
        #expect(mostInOneTurn <= PluginLink.messagesPerTurn, "\(mostInOneTurn) events in one turn")
        // A second's allowance, and the few events whose room came back while they were read.
        #expect(
            (PluginEventAllowance.perSecond...PluginEventAllowance.perSecond + 100).contains(turns.count),
            "\(turns.count) events taken")
        #expect(PluginLink.Ending.flooded.description == "it sent more than 1000 events in a second")
    }

    @Test("the allowance: a second's worth at once, then one event per thousandth of a second")
    func allowance() {
        let start = MonotonicInstant.now()
        var allowance = PluginEventAllowance(now: start)
        /// How many events pass at `instant`, trying `tries` times.
        func taken(_ tries: Int, at instant: MonotonicInstant) -> Int {
            (0..<tries).filter { _ in allowance.take(at: instant) }.count
        }
        #expect(taken(PluginEventAllowance.perSecond + 1, at: start) == PluginEventAllowance.perSecond)
        #expect(taken(1, at: start + .microseconds(999)) == 0)
        #expect(taken(2, at: start + .milliseconds(1)) == 1)
        // Half a second later, half the bucket is back, and no more.
        #expect(taken(600, at: start + .milliseconds(501)) == 500)
        // Full after seconds of nothing, never fuller.
        #expect(taken(3 * PluginEventAllowance.perSecond, at: start + .seconds(5)) == PluginEventAllowance.perSecond)
    }
}
