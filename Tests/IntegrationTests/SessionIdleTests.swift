import Foundation
import TabbardTestSupport
import Testing

/// CUST-8's idle clock: a session ends after `customization_timeout_s` with no call from its
/// owner. Any method call or property write from the owner counts, session member or not;
/// calls from other connections never do. The controller's session and a standalone bar's
/// (SBAR-5) alike, with a timeout of three seconds, called over eight: each of the owner's calls
/// waits for its answer, which a loaded machine can delay past a second.
@Suite("The idle clock of customization sessions")
struct SessionIdleTests {
    /// How long the owner keeps calling: more than two timeouts of three seconds.
    private static let calling: TimeInterval = 8

    @Test(
        "the owner's Select, SetBadge and Set of Translucent keep its controller session open past customization_timeout_s; another connection's do not (CUST-8)"
    )
    func ownerCallsKeepControllerSession() throws {
        let daemon = try DaemonProcess(arguments: [
            "--config", try ReloadTests.configuration("customization_timeout_s = 3\n"),
        ])
        let bus = daemon.bus.address
        let tabs = try stringsProperty(bus, "Tabs")
        try #require(tabs.count >= 2, "\(tabs)")
        let watcher = try Peer(address: bus, mode: .watch)
        let owner = try Peer(address: bus, mode: .session)
        let ended = { (line: String) in line.hasPrefix("signal org.tabbard.TabBar1 DidEndCustomizing") }
        try Self.keepCalling(
            owner, ["select \(tabs[1])", "badge \(tabs[0]) 3", "translucent false", "select \(tabs[0])"])
        #expect(try property(bus, "Customizing") as? Bool == true, "\(daemon.log)")
        #expect(!watcher.lines.contains(where: ended), "\(watcher.lines)")
        // The owner falls silent: another connection's calls do not keep the session open.
        let open = { try property(bus, "Customizing") as? Bool == true }
        try Self.callUntilClosed(open) {
            try busctlCall(bus, "Select", "s", tabs[1])
            try busctlCall(bus, "SetBadge", "ss", tabs[0], "4")
            try busctlSet(bus, "Translucent", "b", "true")
        }
        #expect(try !open(), "\(daemon.log)")
        #expect(watcher.waitForLine(timeout: 5, where: ended)?.hasSuffix("false]") == true, "\(watcher.lines)")
        #expect(owner.isRunning)
    }

    @Test(
        "the owner's SetSelectedItem, an item's SetBadge and Set of the bar's Translucent keep its bar session open past customization_timeout_s; another connection's do not (SBAR-5, CUST-8)"
    )
    func ownerCallsKeepBarSession() throws {
        let daemon = try DaemonProcess(arguments: [
            "--config", try ReloadTests.configuration("customization_timeout_s = 3\n"),
        ])
        let bus = daemon.bus.address
        try StandaloneBarBusTests.expectOutcomes(bus, StandaloneBarBusTests.modes)
        let watcher = try Peer(address: bus, mode: .watch)
        let owner = try Peer(address: bus, mode: .barSession)
        let ended = { (line: String) in line.hasPrefix("signal \(Names.barInterface) DidEndCustomizingItems") }
        try Self.keepCalling(owner, ["bar-select fav", "item-badge day 2", "bar-translucent false", "bar-select day"])
        let modes = Names.bar("modes")
        let open = { try property(bus, "Customizing", path: modes, interface: Names.barInterface) as? Bool == true }
        #expect(try open(), "\(daemon.log)")
        #expect(!watcher.lines.contains(where: ended), "\(watcher.lines)")
        try Self.callUntilClosed(open) {
            try busctlCall(bus, path: modes, interface: Names.barInterface, "SetSelectedItem", "s", "fav")
            try busctlCall(
                bus, path: Names.item("day", bar: "modes"), interface: Names.itemInterface, "SetBadge", "s", "5")
            let set = try runCommand([
                "/usr/bin/busctl", "--address=\(bus)", "set-property", Names.service, modes,
                Names.barInterface, "Translucent", "b", "true",
            ])
            guard set.status == 0 else { throw TestFailure("busctl set-property Translucent failed: \(set.errors)") }
        }
        #expect(try !open(), "\(daemon.log)")
        #expect(watcher.waitForLine(timeout: 5, where: ended) != nil, "\(watcher.lines)")
        #expect(owner.isRunning)
    }

    /// Has `owner` make the calls of `lines` in turn, one every tenth of a second, each
    /// answered before the next, for `calling` seconds; fails if one fails or goes unanswered.
    private static func keepCalling(_ owner: Peer, _ lines: [String]) throws {
        let until = Date().addingTimeInterval(calling)
        var made = 0
        let answered = { (line: String) in line.hasPrefix("done ") || line.hasPrefix("failed ") }
        while Date() < until {
            owner.send(lines[made % lines.count])
            made += 1
            guard owner.waitForLines(made, timeout: 10, where: answered) else {
                throw TestFailure("call \(made) of the owner went unanswered: \(owner.lines)")
            }
            usleep(100_000) // Pacing the owner's calls, not waiting for a condition.
        }
        let failed = owner.lines.filter { $0.hasPrefix("failed ") }
        #expect(failed.isEmpty, "\(failed)")
    }

    /// Makes `calls` from other connections until the session is no longer `open`, for 15
    /// seconds at most: five timeouts.
    private static func callUntilClosed(_ open: () throws -> Bool, _ calls: () throws -> Void) throws {
        let deadline = Date().addingTimeInterval(15)
        while try open() && Date() < deadline { try calls() }
    }
}
