import DBus
import Foundation
import Loop
import TabbardTestSupport
import Testing

@Suite("Calls on the event loop while other threads post work", .timeLimit(.minutes(2)))
struct LoopDispatchTests {
    @Test("calls that arrive on the loop's own connection never wake it through its eventfd")
    func callsNeedNoWakeUp() throws {
        #expect(try growth(of: \.wakeUps, over: 100) == 0)
    }

    @Test(
        "one call takes the loop one wait for events: the turn a read message asks for, and the reply's, are the turn that follows"
    )
    func oneWaitPerCall() throws {
        let calls = 100
        // Each call wakes the loop once; a few more for whatever else the bus sends meanwhile.
        #expect(try growth(of: \.waits, over: calls) <= calls + calls / 10)
    }

    /// How much `counter` of a test service's loop grows over `calls` calls, one at a time,
    /// after one call to settle.
    private func growth(of counter: KeyPath<EventLoop, Int>, over calls: Int) throws -> Int {
        let fixture = try ServiceFixture()
        let caller = try Connection(.address(fixture.bus.address))
        _ = try caller.call(
            destination: TestService.name, path: TestService.path.rawValue,
            interface: TestService.interface, method: "Concat", "a", "b", timeout: .seconds(10))
        let before = fixture.thread.loop[keyPath: counter]
        for index in 0..<calls {
            let reply = try caller.call(
                destination: TestService.name, path: TestService.path.rawValue,
                interface: TestService.interface, method: "Concat", "n", "\(index)", timeout: .seconds(10))
            #expect(try reply.decode(String.self) == "n\(index)")
        }
        return fixture.thread.loop[keyPath: counter] - before
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
            let reply = try caller.call(
                destination: TestService.name, path: TestService.path.rawValue,
                interface: TestService.interface, method: "Concat", "n", "\(index)", timeout: .seconds(10))
            if try reply.decode(String.self) == "n\(index)" { answers += 1 }
        }
        #expect(group.wait(timeout: .now() + 30) == .success)
        #expect(answers == 200)
        let total = try fixture.thread.sync { counter.value }
        #expect(total == posters * perThread)
    }
}
