import Foundation
import Loop
import Testing

@testable import TabbardDaemon
@testable import TabbardPluginHost

/// The daemon's end of a helper's link: it never waits on the helper, gives every call a
/// deadline, and ends the link on anything it refuses (docs/plugins.md, Isolation).
@Suite("The daemon's end of the plugin link")
struct PluginLinkEndTests {
    /// A connected socket pair: the daemon's end, and the helper's end the test plays.
    static func socketPair() throws -> (daemon: Int32, helper: Int32) {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw FixtureError.missing("socket pair")
        }
        return (ends[0], ends[1])
    }

    /// Runs `loop` until `done` stops it, 10 s at most.
    static func run(_ loop: EventLoop) throws {
        let timeout = try loop.schedule(after: .seconds(10)) { loop.stop() }
        loop.run()
        timeout.cancel()
    }

    /// A new loop, and a link on the daemon's end of a new socket pair that `watch` watches; the
    /// test plays the helper's end, and closes it.
    static func watchedLink(deadline: Duration = .seconds(5)) throws
        -> (loop: EventLoop, watch: LinkWatch, link: PluginLink, helperEnd: Int32)
    {
        let loop = try EventLoop()
        let (daemonEnd, helperEnd) = try socketPair()
        let watch = LinkWatch(loop: loop)
        return (loop, watch, try watch.link(daemonEnd, loop: loop, deadline: deadline), helperEnd)
    }

    static func send(_ message: PluginLinkMessage, to helper: Int32) {
        let frame = message.frame
        _ = frame.withUnsafeBytes { write(helper, $0.baseAddress, $0.count) }
    }

    @Test("calls to a real helper are answered on the loop: ready, create, render")
    func realHelper() throws {
        let staged = try PackagePaths.requireStagedPlugins()
        let loop = try EventLoop()
        let (daemonEnd, helperEnd) = try Self.socketPair()
        let child = try ChildProcess.spawn(
            PackagePaths.root + "/.build/debug/tabbard", arguments: ["--plugin-host", "\(staged)/notes.plugin"],
            standardOutput: 2, environment: ["PATH=/usr/bin:/bin"], passing: helperEnd)
        close(helperEnd)
        let watch = LinkWatch(loop: loop)
        let link = try watch.link(daemonEnd, loop: loop, deadline: .seconds(5))
        var created: Result<PluginLinkReply, PluginLink.Ending>?
        var rendered: Result<PluginLinkReply, PluginLink.Ending>?
        watch.ready = {
            link.call(.create(tabID: "notes")) { created = $0 }
            link.call(.render(tabID: "notes", page: "main")) {
                rendered = $0; loop.stop()
            }
        }
        try Self.run(loop)
        #expect(link.identity?.name == "notes" && link.identity?.abi == .host)
        #expect(created == .success(.done(true)))
        guard case .success(.content(let content))? = rendered else {
            Issue.record("render answered \(String(describing: rendered))")
            return
        }
        #expect(!content.body.isEmpty)
        link.end()
        #expect(child.wait() == .exited(0))
    }

    @Test("a helper that does not answer fails the call after the deadline, and the loop serves meanwhile")
    func missedDeadline() throws {
        let loop = try EventLoop()
        let (daemonEnd, helperEnd) = try Self.socketPair()
        defer { close(helperEnd) }
        let watch = LinkWatch(loop: loop)
        let link = try watch.link(daemonEnd, loop: loop, deadline: .milliseconds(200))
        Self.send(.ready(name: "slow", version: "1", abi: .host), to: helperEnd)
        var ticks = 0
        let ticker = try loop.schedule(after: .milliseconds(10), repeating: .milliseconds(10)) { ticks += 1 }
        var answer: Result<PluginLinkReply, PluginLink.Ending>?
        var ended: PluginLink.Ending?
        var later: Result<PluginLinkReply, PluginLink.Ending>?
        let start = MonotonicInstant.now()
        var elapsed = Duration.zero
        watch.ended = { ended = $0 }
        watch.ready = {
            link.call(.render(tabID: "t", page: "main")) {
                answer = $0; elapsed = MonotonicInstant.now() - start; loop.stop()
            }
        }
        try Self.run(loop)
        ticker.cancel()
        #expect(answer == .failure(.missedDeadline("render")))
        #expect(ended == .missedDeadline("render"))
        #expect(elapsed >= .milliseconds(200))
        #expect(ticks >= 5, "the loop ran other work while the call waited: \(ticks) ticks")
        link.call(.actions(tabID: "t")) { later = $0 }
        #expect(later == .failure(.missedDeadline("render")))
    }

    /// A link given `deadline` whose first call is answered at once and whose second, made
    /// `delay` later, is left unanswered: the answers, when the loop started running and when
    /// the second call was made.
    static func answeredThenUnanswered(deadline: Duration, delay: Duration) throws
        -> (
            answers: [Result<PluginLinkReply, PluginLink.Ending>], start: MonotonicInstant, secondMade: MonotonicInstant
        )
    {
        let loop = try EventLoop()
        let (daemonEnd, helperEnd) = try Self.socketPair()
        defer { close(helperEnd) }
        let watch = LinkWatch(loop: loop)
        let link = try watch.link(daemonEnd, loop: loop, deadline: deadline)
        Self.send(.ready(name: "quick", version: "1", abi: .host), to: helperEnd)
        var answers: [Result<PluginLinkReply, PluginLink.Ending>] = []
        var second: LoopTimer?
        var secondMade = MonotonicInstant.now()
        watch.ready = {
            link.call(.activate(tabID: "t", action: "go")) { answers.append($0) }
            Self.send(.reply(serial: 1, .done(true)), to: helperEnd)
            second = try? loop.schedule(after: delay) {
                secondMade = MonotonicInstant.now()
                link.call(.actions(tabID: "t")) {
                    answers.append($0); loop.stop()
                }
            }
        }
        let start = MonotonicInstant.now()
        try Self.run(loop)
        second?.cancel()
        return (answers, start, secondMade)
    }

    @Test("an answer in time keeps the link; the next call gets a deadline of its own")
    func answersInTime() throws {
        // The second call is made 200 ms in and left unanswered: it fails at its own deadline,
        // 500 ms in, not at the first call's.
        let (answers, start, _) = try Self.answeredThenUnanswered(
            deadline: .milliseconds(300), delay: .milliseconds(200))
        #expect(answers == [.success(.done(true)), .failure(.missedDeadline("actions"))])
        #expect(MonotonicInstant.now() - start >= .milliseconds(500))
    }

    @Test(
        "the deadline timer left set by an answered call fires with nothing waiting; a call made after that gets its deadline again"
    )
    func callAfterIdleTimer() throws {
        // Made well after the first call's deadline, when the timer has fired idle.
        let (answers, _, secondMade) = try Self.answeredThenUnanswered(
            deadline: .milliseconds(150), delay: .milliseconds(400))
        #expect(answers == [.success(.done(true)), .failure(.missedDeadline("actions"))])
        #expect(MonotonicInstant.now() - secondMade >= .milliseconds(150))
    }

    @Test(
        "what the helper must not send ends the link: a reply to no call, an event before ready, a call, an event for a tab it was never given, an oversized frame"
    )
    func refusals() throws {
        let cases: [([UInt8], PluginLink.Ending)] = [
            (
                PluginLinkMessage.ready(name: "p", version: "1", abi: .host).frame
                    + PluginLinkMessage.reply(serial: 7, .done(true)).frame,
                .refused(.malformed("a reply to no call (7)"))
            ),
            (PluginLinkMessage.event(tabID: "t", .contentChanged).frame, .refused(.malformed("an event before ready"))),
            (
                PluginLinkMessage.ready(name: "p", version: "1", abi: .host).frame
                    + PluginLinkMessage.ready(name: "p", version: "1", abi: .host).frame,
                .refused(.malformed("ready a second time"))
            ),
            (
                PluginLinkMessage.call(serial: 1, .actions(tabID: "t")).frame,
                .refused(.malformed("a call, which only the daemon makes"))
            ),
            // Issue 37, finding 5: a tab the daemon never gave this helper is another plugin's.
            (
                PluginLinkMessage.ready(name: "p", version: "1", abi: .host).frame
                    + PluginLinkMessage.event(tabID: "alarm", .title("Forged")).frame,
                .refused(.malformed("an event for tab 'alarm', which is not one of its plugin's"))
            ),
            ([0xFF, 0xFF, 0xFF, 0x7F], .refused(.oversized(0x7FFF_FFFF))),
        ]
        for (bytes, expected) in cases {
            let loop = try EventLoop()
            let (daemonEnd, helperEnd) = try Self.socketPair()
            defer { close(helperEnd) }
            let watch = LinkWatch(loop: loop)
            let link = try watch.link(daemonEnd, loop: loop, deadline: .seconds(5))
            var ended: PluginLink.Ending?
            watch.ended = {
                ended = $0; loop.stop()
            }
            _ = bytes.withUnsafeBytes { write(helperEnd, $0.baseAddress, $0.count) }
            try withExtendedLifetime(link) { try Self.run(loop) }
            #expect(ended == expected)
        }
    }

    @Test("a reply that does not fit its call ends the link: a page answers render, a list actions, done the rest")
    func replyThatDoesNotFit() throws {
        for (call, reply) in [
            (PluginLinkCall.render(tabID: "t", page: "main"), PluginLinkReply.done(true)),
            (.actions(tabID: "t"), .content(PluginContent(title: "", mimeType: "", body: ""))),
            (.activate(tabID: "t", action: "go"), .actions(["go"])),
        ] {
            let loop = try EventLoop()
            let (daemonEnd, helperEnd) = try Self.socketPair()
            defer { close(helperEnd) }
            let watch = LinkWatch(loop: loop)
            let link = try watch.link(daemonEnd, loop: loop, deadline: .seconds(5))
            var answer: Result<PluginLinkReply, PluginLink.Ending>?
            watch.ended = { _ in loop.stop() }
            link.call(call) { answer = $0 }
            Self.send(.ready(name: "p", version: "1", abi: .host), to: helperEnd)
            Self.send(.reply(serial: 1, reply), to: helperEnd)
            try Self.run(loop)
            #expect(answer == .failure(.refused(.malformed("a \(reply.kind) reply to \(call.function)"))))
        }
        #expect(PluginLinkCall.render(tabID: "t", page: "p").accepts(.failed("failed")))
        #expect(PluginLinkCall.navigate(tabID: "t", page: "p").accepts(.done(false)))
    }

    @Test(
        "events for the tabs the daemon created through the link pass; a destroyed tab's are dropped and the link stays; one for another tab ends the link"
    )
    func eventsForItsOwnTabs() throws {
        let (loop, watch, link, helperEnd) = try Self.watchedLink()
        defer { close(helperEnd) }
        var events: [String] = []
        var ended: PluginLink.Ending?
        watch.event = { events.append($0.tabID) }
        watch.ended = {
            ended = $0; loop.stop()
        }
        link.call(.create(tabID: "timer")) { _ in }
        link.call(.create(tabID: "stopwatch")) { _ in }
        link.call(.destroy(tabID: "stopwatch")) { _ in }
        // A late event of a destroyed tab is its own plugin's: dropped, the link stays.
        let frames: [PluginLinkMessage] = [
            .ready(name: "clock", version: "1", abi: .host), .reply(serial: 1, .done(true)),
            .reply(serial: 2, .done(true)),
            .event(tabID: "timer", .badge("1")), .reply(serial: 3, .done(true)),
            .event(tabID: "stopwatch", .contentChanged),
            .event(tabID: "notes", .enabled(false)), .event(tabID: "timer", .badge("2")),
        ]
        _ = frames.flatMap(\.frame).withUnsafeBytes { write(helperEnd, $0.baseAddress, $0.count) }
        try Self.run(loop)
        #expect(events == ["timer"])
        #expect(ended == .refused(.malformed("an event for tab 'notes', which is not one of its plugin's")))
    }

    @Test(
        "the owner is told a helper is ready as the link reads it, before the events read with it are heard: those go to the news queue in order, named by the link's plugin"
    )
    func readyBeforeEvents() throws {
        let (loop, watch, link, helperEnd) = try Self.watchedLink()
        defer { close(helperEnd) }
        var heard: [PluginTabEvent?] = []
        // nil: the owner was told the helper is ready.
        watch.ready = { heard.append(nil) }
        watch.event = { event in
            heard.append(event)
            if heard.count == 3 { loop.stop() }
        }
        link.call(.create(tabID: "t")) { _ in }
        let frames: [PluginLinkMessage] = [
            .ready(name: "p", version: "1", abi: .host), .reply(serial: 1, .done(true)),
            .event(tabID: "t", .badge("1")), .event(tabID: "t", .title("One")),
        ]
        _ = frames.flatMap(\.frame).withUnsafeBytes { write(helperEnd, $0.baseAddress, $0.count) }
        try Self.run(loop)
        #expect(
            heard == [
                nil, PluginTabEvent(plugin: "p", tabID: "t", change: .badge("1")),
                PluginTabEvent(plugin: "p", tabID: "t", change: .title("One")),
            ])
    }

    @Test("a helper that ends fails every waiting call with that reason")
    func helperEnds() throws {
        let loop = try EventLoop()
        let (daemonEnd, helperEnd) = try Self.socketPair()
        let watch = LinkWatch(loop: loop)
        let link = try watch.link(daemonEnd, loop: loop, deadline: .seconds(5))
        var answers: [Result<PluginLinkReply, PluginLink.Ending>] = []
        var ended: PluginLink.Ending?
        watch.ended = {
            ended = $0; loop.stop()
        }
        link.call(.render(tabID: "t", page: "main")) { answers.append($0) }
        link.call(.navigate(tabID: "t", page: "next")) { answers.append($0) }
        close(helperEnd)
        try Self.run(loop)
        #expect(ended == .closed)
        #expect(answers == [.failure(.closed), .failure(.closed)])
    }
}
