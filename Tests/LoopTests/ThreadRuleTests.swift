import Foundation
import Loop
import TabbardTestSupport
import Testing

/// The loop's threading rule checked in debug builds (tests are debug builds): work that
/// belongs to the loop thread traps elsewhere.
@Suite("The loop thread rule, checked")
struct ThreadRuleTests {
    @Test("the thread that made a loop owns it until it runs; the running thread then")
    func owner() throws {
        let loop = try EventLoop()
        loop.assertInLoop()
        _ = try loop.schedule(after: .seconds(60)) {}
        let thread = try LoopThread()
        let onLoop = try thread.sync { () -> Bool in
            thread.loop.assertInLoop()
            return thread.loop.isLoopThread
        }
        #expect(onLoop)
    }

    @Test("scheduling a timer off the loop thread traps")
    func timerOffThread() async {
        await #expect(processExitsWith: .failure) {
            let thread = try LoopThread()
            try thread.sync {} // running now
            _ = try thread.loop.schedule(after: .seconds(1)) {}
        }
    }

    @Test("watching a descriptor off the loop thread traps")
    func watchOffThread() async {
        await #expect(processExitsWith: .failure) {
            let thread = try LoopThread()
            try thread.sync {} // running now
            _ = try thread.loop.addReader(fd: 0) {}
        }
    }
}
