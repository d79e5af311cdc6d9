import TabbardTestSupport
import DBus
import Foundation
import Testing

@Suite("The event loop: timers, readers, posted work from many threads", .timeLimit(.minutes(2)))
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
            timers.all.append(try thread.loop.schedule(after: .milliseconds(5), repeating: .milliseconds(5)) {
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
                received.put((thread.loop.isLoopThread ? "on loop: " : "elsewhere: ") + String(decoding: buffer.prefix(max(0, count)), as: UTF8.self))
            }
        }
        _ = write(fds[1], "ping", 4)
        #expect(received.wait(for: 1) == ["on loop: ping"])
        #expect(throws: DBusError.self) { try thread.sync { _ = try thread.loop.addReader(fd: readEnd) {} } }
        try thread.sync { sources.source?.cancel() }
    }

    @Test("many threads post work while calls flow: nothing is lost, nothing deadlocks")
    func postingUnderLoad() throws {
        let fixture = try ServiceFixture()
        final class Counter: @unchecked Sendable { var value = 0 }
        let counter = Counter()
        let posters = 8
        let perThread = 2_000
        let group = DispatchGroup()
        for _ in 0..<posters {
            DispatchQueue.global().async(group: group) {
                for _ in 0..<perThread {
                    // Only the loop thread touches the counter: no lock needed.
                    fixture.thread.loop.post { counter.value += 1 }
                }
            }
        }
        let caller = try Connection(.address(fixture.bus.address))
        var answers = 0
        for index in 0..<200 {
            let reply = try caller.call(destination: TestService.name, path: TestService.path.rawValue,
                                        interface: TestService.interface, method: "Concat", "n", "\(index)", timeout: .seconds(10))
            if try reply.decode(String.self) == "n\(index)" { answers += 1 }
        }
        #expect(group.wait(timeout: .now() + 30) == .success)
        #expect(answers == 200)
        let total = try fixture.thread.sync { counter.value }
        #expect(total == posters * perThread)
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
