import DBus
import Foundation
import TabbardTestSupport
import Testing

/// A connection's threading rule checked in debug builds (tests are debug builds): once
/// attached to a loop, its methods trap off the loop thread.
@Suite("The connection's thread rule, checked")
struct ConnectionThreadRuleTests {
    @Test("exporting on an attached connection from another thread traps")
    func exportOffThread() async throws {
        // The bus belongs to this process: a dbus-daemon started by the child that traps would
        // outlive it and keep its output open.
        let bus = try PrivateBus()
        let address = bus.address
        await #expect(processExitsWith: .failure) { [address = address as String] in
            let thread = try LoopThread()
            let loop = thread.loop
            nonisolated(unsafe) var connection: Connection?
            try thread.sync {
                connection = try Connection(.address(address))
                connection?.attach(to: loop)
            }
            try connection?.export("/off/thread", interfaces: [])
        }
    }

    @Test("the same export on the loop thread is fine")
    func exportOnThread() throws {
        let bus = try PrivateBus()
        let thread = try LoopThread()
        let address = bus.address
        let loop = thread.loop
        let exported = try thread.sync { () -> Bool in
            let connection = try Connection(.address(address))
            connection.attach(to: loop)
            try connection.export("/on/thread", interfaces: [])
            return connection.isExported("/on/thread")
        }
        #expect(exported)
    }
}
