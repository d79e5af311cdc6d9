import Foundation
import TabbardTestSupport
import Testing

/// The delegate, a dbus-python process (`peer.py`), asked by `Tap`s made with busctl.
@Suite("The delegate decides taps")
struct DelegateTests {
    @Test("a veto leaves the selection and Tap returns false (TAP-1)")
    func vetoLeavesSelection() throws {
        let daemon = try DaemonProcess()
        let delegate = try Peer(address: daemon.bus.address, mode: .deny)
        #expect(try busctlCall(daemon.bus.address, "Tap", "s", "alarm") == "b false\n")
        #expect(delegate.waitForLine(timeout: 5) { $0 == "asked alarm" } != nil)
        #expect(try stringProperty(daemon.bus.address, "SelectedTab") == "world-clock")
    }

    @Test("an allowing delegate is asked with the item, then the tap selects and returns true (TAP-1, TAP-4)")
    func allowSelects() throws {
        let daemon = try DaemonProcess()
        let delegate = try Peer(address: daemon.bus.address, mode: .allow)
        #expect(try stringProperty(daemon.bus.address, "Delegate").hasSuffix(" /delegate"))
        #expect(try busctlCall(daemon.bus.address, "Tap", "s", "songs") == "b true\n") // A More-list tab.
        #expect(try busctlCall(daemon.bus.address, "Tap", "s", "@more") == "b true\n")
        #expect(delegate.waitForLine(timeout: 5) { $0 == "asked songs" } != nil)
        #expect(delegate.waitForLine(timeout: 5) { $0 == "asked @more" } != nil)
        #expect(try stringProperty(daemon.bus.address, "SelectedItem") == "@more")
    }

    @Test("a disabled tab's tap answers Disabled and asks no delegate (ITEM-6)")
    func disabledAsksNoDelegate() throws {
        let daemon = try DaemonProcess()
        let delegate = try Peer(address: daemon.bus.address, mode: .allow)
        try busctlCall(daemon.bus.address, "SetEnabled", "sb", "alarm", "false")
        let tap = try BusCall("Tap", .string("alarm")).throughGDBus(address: daemon.bus.address)
        #expect(tap.error == Names.errorPrefix + "Disabled")
        #expect(try busctlCall(daemon.bus.address, "Tap", "s", "stopwatch") == "b true\n")
        #expect(delegate.waitForLine(timeout: 5) { $0 == "asked stopwatch" } != nil)
        #expect(!delegate.lines.contains("asked alarm"))
    }

    @Test(
        "a delegate that hangs past the timeout: the policy, allow or deny, decides (TAP-5)",
        arguments: ["allow", "deny"])
    func hangingDelegateUsesPolicy(policy: String) throws {
        let daemon = try DaemonProcess()
        try busctlSet(daemon.bus.address, "DelegateTimeoutMs", "u", "300")
        try busctlSet(daemon.bus.address, "DelegateTimeoutPolicy", "s", policy)
        let delegate = try Peer(address: daemon.bus.address, mode: .hang)
        let tap = backgroundCall(daemon.bus.address, "Tap", "s", "alarm")
        let result = try tap.wait()
        #expect(result.output == (policy == "allow" ? "b true\n" : "b false\n"), "\(result.errors)")
        #expect((tap.duration ?? 0) >= 0.29)
        #expect(delegate.lines.contains("asked alarm"))
        #expect(try stringProperty(daemon.bus.address, "SelectedTab") == (policy == "allow" ? "alarm" : "world-clock"))
        #expect(daemon.log.contains("did not answer within 300 ms"))
    }

    @Test(
        "a delegate answering an error or a non-boolean counts as a timeout: the policy decides (TAP-7)",
        arguments: [Peer.Mode.fail, .word])
    func badAnswerUsesPolicy(mode: Peer.Mode) throws {
        let daemon = try DaemonProcess()
        try busctlSet(daemon.bus.address, "DelegateTimeoutPolicy", "s", "deny")
        let delegate = try Peer(address: daemon.bus.address, mode: mode)
        #expect(try busctlCall(daemon.bus.address, "Tap", "s", "alarm") == "b false\n")
        #expect(delegate.lines.contains("asked alarm"))
        try busctlSet(daemon.bus.address, "DelegateTimeoutPolicy", "s", "allow")
        #expect(try busctlCall(daemon.bus.address, "Tap", "s", "alarm") == "b true\n")
        #expect(try stringProperty(daemon.bus.address, "SelectedTab") == "alarm")
    }

    @Test("while the delegate hangs, another client's Select completes well before the timeout (TAP-7)")
    func othersServedWhileDelegateHangs() throws {
        let daemon = try DaemonProcess()
        try busctlSet(daemon.bus.address, "DelegateTimeoutMs", "u", "15000")
        let delegate = try Peer(address: daemon.bus.address, mode: .hang)
        let tap = backgroundCall(daemon.bus.address, "Tap", "s", "alarm")
        #expect(delegate.waitForLine(timeout: 10) { $0 == "asked alarm" } != nil)
        let select = backgroundCall(daemon.bus.address, "Select", "s", "stopwatch")
        _ = try select.wait(timeout: 40)
        // A functional bound, not a benchmark: far below the 15 s the tap may wait.
        #expect((select.duration ?? 99) < 7.5)
        #expect(tap.duration == nil, "the tap should still wait for the delegate")
        #expect(try stringProperty(daemon.bus.address, "SelectedTab") == "stopwatch")
        delegate.stop() // The tap is then decided as if there were no delegate.
        #expect(try tap.wait().output == "b true\n")
        #expect(try stringProperty(daemon.bus.address, "SelectedTab") == "alarm")
    }

    @Test(
        "a delegate that leaves the bus mid-call: the waiting tap is decided at once as if there were none (TAP-5, TAP-7)"
    )
    func delegateLeavingDecidesAtOnce() throws {
        let daemon = try DaemonProcess()
        // Deny on timeout, and a long one: only "as if no delegate" can allow this tap soon.
        try busctlSet(daemon.bus.address, "DelegateTimeoutMs", "u", "15000")
        try busctlSet(daemon.bus.address, "DelegateTimeoutPolicy", "s", "deny")
        let delegate = try Peer(address: daemon.bus.address, mode: .exit)
        let tap = backgroundCall(daemon.bus.address, "Tap", "s", "alarm")
        #expect(try tap.wait().output == "b true\n")
        #expect((tap.duration ?? 99) < 7.5)
        #expect(delegate.waitForExit(timeout: 5))
        #expect(try stringProperty(daemon.bus.address, "SelectedTab") == "alarm")
        #expect(try stringProperty(daemon.bus.address, "Delegate") == "")
    }

    /// A delegate that never answers, asked about a tap of `alarm` made in the background, and
    /// a tap of `queued` waiting behind it when given; the timeout is 15 s, and its policy
    /// `deny` when `denying`, so that a tap decided by the policy would show.
    private func hangingDelegate(
        of daemon: DaemonProcess, denying: Bool, queuing queued: String? = nil
    ) throws -> (delegate: Peer, first: BackgroundCommand, second: BackgroundCommand?) {
        try busctlSet(daemon.bus.address, "DelegateTimeoutMs", "u", "15000")
        if denying { try busctlSet(daemon.bus.address, "DelegateTimeoutPolicy", "s", "deny") }
        let delegate = try Peer(address: daemon.bus.address, mode: .hang)
        let tap = backgroundCall(daemon.bus.address, "Tap", "s", "alarm")
        #expect(delegate.waitForLine(timeout: 10) { $0 == "asked alarm" } != nil)
        let second = queued.map { backgroundCall(daemon.bus.address, "Tap", "s", $0) }
        if second != nil { usleep(1_000_000) } // Let the second tap reach the queue.
        return (delegate, tap, second)
    }

    @Test("a delegate that unregisters while a tap waits: the tap is decided at once as if there were none (TAP-7)")
    func unregisterDecidesAtOnce() throws {
        let daemon = try DaemonProcess()
        let (delegate, tap, _) = try hangingDelegate(of: daemon, denying: true)
        delegate.send("unregister")
        #expect(delegate.waitForLine(timeout: 10) { $0.hasPrefix("unregister") } == "unregistered")
        #expect(try tap.wait().output == "b true\n")
        #expect((tap.duration ?? 99) < 7.5)
        #expect(try stringProperty(daemon.bus.address, "Delegate") == "")
    }

    @Test("taps queued behind a waiting one are decided in order and re-checked then (TAP-7)")
    func queuedTapsRechecked() throws {
        let daemon = try DaemonProcess()
        let (delegate, first, second) = try hangingDelegate(of: daemon, denying: false, queuing: "songs")
        try busctlCall(daemon.bus.address, "RemoveTab", "s", "songs")
        delegate.stop()
        #expect(try first.wait().output == "b true\n")
        let late = try #require(second).wait()
        #expect(late.status != 0 && late.errors.contains("songs"), "\(late.output) \(late.errors)")
        #expect(try stringProperty(daemon.bus.address, "SelectedTab") == "alarm")
    }

    @Test("at most 64 taps wait behind the one being asked; more answer Busy (TAP-7)")
    func queueLimit() throws {
        let daemon = try DaemonProcess()
        try busctlSet(daemon.bus.address, "DelegateTimeoutMs", "u", "20000")
        let delegate = try Peer(address: daemon.bus.address, mode: .hang)
        let output = try runScript("tabbar_client.py", [daemon.bus.address, "flood", "70"])
        let outcome = try parseJSON(output) as? [String: Any]
        #expect(outcome?["busy"] as? Int == 70 - 1 - 64, "\(output)")
        #expect((outcome?["other"] as? [String])?.isEmpty == true, "\(output)")
        #expect(delegate.lines.filter { $0.hasPrefix("asked") }.count == 1)
    }

    @Test(
        "Reset releases the taps waiting for the delegate: each is decided at once as if there were none (TAP-7, STATE-5)"
    )
    func resetReleasesWaitingTaps() throws {
        let daemon = try DaemonProcess()
        let (delegate, first, queued) = try hangingDelegate(of: daemon, denying: true, queuing: "timer")
        let second = try #require(queued)
        try busctlCall(daemon.bus.address, "Reset")
        #expect(delegate.waitForLine(timeout: 5) { $0 == "released" } != nil)
        #expect(try first.wait().output == "b true\n")
        #expect(try second.wait().output == "b true\n")
        #expect((second.duration ?? 99) < 7.5, "decided at once, not after the 15 s timeout")
        #expect(try stringProperty(daemon.bus.address, "SelectedTab") == "timer")
        #expect(delegate.lines.filter { $0.hasPrefix("asked") } == ["asked alarm"])
    }

    @Test("Reset releases the delegate: it is sent Release and no longer asked")
    func resetReleases() throws {
        let daemon = try DaemonProcess()
        let delegate = try Peer(address: daemon.bus.address, mode: .deny)
        try busctlCall(daemon.bus.address, "Reset")
        #expect(delegate.waitForLine(timeout: 5) { $0 == "released" } != nil)
        #expect(try stringProperty(daemon.bus.address, "Delegate") == "")
        #expect(try busctlCall(daemon.bus.address, "Tap", "s", "alarm") == "b true\n")
    }
}
