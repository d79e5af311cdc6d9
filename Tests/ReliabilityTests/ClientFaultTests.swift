import Foundation
import TabbardTestSupport
import Testing

/// Clients that stop reading their socket, or leave while a reply is deferred.
@Suite("Slow and vanishing clients never stall the daemon")
struct ClientFaultTests {
    @Test("a subscriber that never reads while thousands of PropertiesChanged are emitted")
    func unreadSubscriberDoesNotStall() throws {
        let badges = Variant.pick(short: 5_000, long: 100_000)
        let summary = try runFault("unread", count: badges)
        #expect(summary.string("raw_subscriber") == "subscribed")
        #expect(summary.count("badges") == badges && summary.count("true") == badges, "\(summary.output)")
    }

    @Test("clients that leave while their taps wait for a slow delegate")
    func vanishingTappersAreForgotten() throws {
        let rounds = Variant.pick(short: 10, long: 200)
        let summary = try runFault("vanish", count: rounds)
        #expect(summary.count("closed_with_waiting") == rounds, "\(summary.output)")
        #expect(summary.count("taps") == rounds * 6)
    }
}
