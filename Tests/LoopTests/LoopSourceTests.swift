import Foundation
import Loop
import TabbardTestSupport
import Testing

@Suite("Watched descriptors: interest that changes, events as the loop names them", .timeLimit(.minutes(1)))
struct LoopSourceTests {
    @Test("a watch waits for what it is set to: nothing, writable, then nothing again")
    func changingInterest() throws {
        let thread = try LoopThread()
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let seen = Inbox<LoopEvents>()
        final class Sources: @unchecked Sendable { var source: LoopSource? }
        let sources = Sources()
        let writeEnd = fds[1]
        try thread.sync {
            sources.source = try thread.loop.watch(fd: writeEnd, events: []) { events in seen.put(events) }
        }
        // An empty pipe is writable, but nobody asked yet.
        #expect(seen.wait(for: 1, timeout: 0.2).isEmpty)
        try thread.sync { sources.source?.events = .writable }
        #expect(seen.wait(for: 1).first == .writable)
        try thread.sync {
            #expect(sources.source?.events == .writable)
            sources.source?.events = []
        }
        let count = seen.current.count
        usleep(100_000)
        #expect(seen.current.count <= count + 1, "at most the turn in flight reports it once more")
        try thread.sync { sources.source?.cancel() }
    }

    @Test("a hang-up is reported without being asked for")
    func hangup() throws {
        let thread = try LoopThread()
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let seen = Inbox<LoopEvents>()
        final class Sources: @unchecked Sendable { var source: LoopSource? }
        let sources = Sources()
        let readEnd = fds[0]
        try thread.sync {
            sources.source = try thread.loop.watch(fd: readEnd, events: .readable) { events in
                seen.put(events)
                sources.source?.cancel()
            }
        }
        close(fds[1])
        #expect(seen.wait(for: 1).first?.contains(.hangup) == true)
    }
}
