import Foundation
import Loop
import TabbardTestSupport
import Testing

@Suite("The event loop: timers, readers, posted work, stopping", .timeLimit(.minutes(2)))
struct EventLoopTests {
    @Test("a one-shot timer fires once; a repeating one until cancelled")
    func timers() throws {
        let thread = try LoopThread()
        let fired = Inbox<String>()
        final class Timers: @unchecked Sendable { var all: [LoopTimer] = [] }
        let timers = Timers()
        try thread.sync {
            timers.all.append(try thread.loop.schedule(after: .milliseconds(20)) { fired.put("once") })
            var ticks = 0
            timers.all.append(
                try thread.loop.schedule(after: .milliseconds(5), repeating: .milliseconds(5)) {
                    ticks += 1
                    fired.put("tick")
                    if ticks == 3 { timers.all[1].cancel() }
                })
        }
        _ = fired.wait(for: 4)
        // Give a cancelled timer the chance to misbehave before counting.
        usleep(50_000)
        let seen = fired.current
        #expect(seen.filter { $0 == "once" }.count == 1)
        #expect(seen.filter { $0 == "tick" }.count == 3)
        try thread.sync { timers.all.removeAll() }
    }

    @Test("an owner's descriptor is watched on the loop thread")
    func reader() throws {
        let thread = try LoopThread()
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let received = Inbox<String>()
        let readEnd = fds[0]
        final class Sources: @unchecked Sendable { var source: LoopSource? }
        let sources = Sources()
        try thread.sync {
            sources.source = try thread.loop.addReader(fd: readEnd) {
                var buffer = [UInt8](repeating: 0, count: 64)
                let count = read(readEnd, &buffer, 64)
                received.put(
                    (thread.loop.isLoopThread ? "on loop: " : "elsewhere: ")
                        + String(decoding: buffer.prefix(max(0, count)), as: UTF8.self))
            }
        }
        _ = write(fds[1], "ping", 4)
        #expect(received.wait(for: 1) == ["on loop: ping"])
        #expect(throws: LoopError("watch descriptor \(readEnd)", code: EEXIST)) {
            try thread.sync { _ = try thread.loop.addReader(fd: readEnd) {} }
        }
        try thread.sync { sources.source?.cancel() }
    }

    @Test("stop from another thread ends run() and still runs work posted before")
    func stopping() throws {
        let loop = try EventLoop()
        let done = DispatchSemaphore(value: 0)
        final class Flag: @unchecked Sendable { var ran = false }
        let flag = Flag()
        let thread = Thread {
            loop.run()
            done.signal()
        }
        thread.start()
        loop.post { flag.ran = true }
        loop.stop()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(flag.ran)
    }
}
