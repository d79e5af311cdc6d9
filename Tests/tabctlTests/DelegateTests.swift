import Foundation
import TabbardTestSupport
import Testing

@testable import tabctl

@Suite("tabctl delegate")
struct DelegateTests {
    @Test("delegate --deny vetoes a tap (tap exits 3) and allows the others; Ctrl-C unregisters")
    func deny() throws {
        let daemon = try DaemonProcess()
        let delegate = try RunningTabctl(daemon.bus, "delegate", "--deny", "timer")
        #expect(try delegate.line(startingWith: "registered as the delegate").contains("/org/tabbard/tabctl/Delegate"))
        let vetoed = try tabctl(daemon.bus, "tap", "timer")
        #expect(vetoed.status == 3)
        #expect(try delegate.nextLine() == "deny timer (--deny)")
        #expect(try tabctl(daemon.bus, "get", "SelectedTab").output == "world-clock\n")
        #expect(try tabctl(daemon.bus, "tap", "alarm").status == 0)
        #expect(try delegate.nextLine().hasPrefix("allow alarm"))
        delegate.send(SIGINT)
        #expect(try delegate.nextLine() == "unregistered")
        #expect(try delegate.waitForExit() == 0)
        #expect(try tabctl(daemon.bus, "get", "Delegate").output == "\n")
        #expect(try tabctl(daemon.bus, "tap", "timer").status == 0)
    }

    @Test("delegate --allow-only refuses every other item, More included")
    func allowOnly() throws {
        let daemon = try DaemonProcess()
        let delegate = try RunningTabctl(daemon.bus, "--json", "delegate", "--allow-only", "alarm")
        #expect(try parseObject(try delegate.nextLine())["event"] as? String == "registered")
        #expect(try tabctl(daemon.bus, "tap", "@more").status == 3)
        let decision = try parseObject(try delegate.nextLine())
        #expect(decision["item"] as? String == "@more")
        #expect(decision["allow"] as? Bool == false)
        #expect(try tabctl(daemon.bus, "tap", "alarm").status == 0)
    }

    @Test("delegate --exec allows on exit 0 and kills a hanging command before the daemon gives up")
    func exec() throws {
        let daemon = try DaemonProcess()
        // With policy allow, a daemon-side timeout would let the tap through: a veto proves
        // tabctl answered first.
        #expect(try tabctl(daemon.bus, "get", "DelegateTimeoutPolicy").output == "allow\n")
        let judge = try makeTemporaryDirectory("tabctl-judge") + "/judge"
        try writeScript(
            """
            #!/bin/sh
            case "$1" in
              alarm) exit 0 ;;
              timer) sleep 30 ;;
              *) exit 1 ;;
            esac
            """, to: judge)
        let delegate = try RunningTabctl(daemon.bus, "delegate", "--exec", judge)
        _ = try delegate.line(startingWith: "registered")
        #expect(try tabctl(daemon.bus, "tap", "alarm").status == 0)
        #expect(try delegate.nextLine() == "allow alarm (--exec exited 0)")
        #expect(try tabctl(daemon.bus, "tap", "stopwatch").status == 3)
        #expect(try delegate.nextLine() == "deny stopwatch (--exec exited 1)")
        #expect(try tabctl(daemon.bus, "tap", "timer").status == 3)
        #expect(try delegate.nextLine().hasPrefix("deny timer (--exec killed after "))
        #expect(!daemon.log.contains("did not answer"))
    }

    @Test("the documented --exec example allows every item but alarm; so does the manual's 'test alarm !='")
    func documentedExec() throws {
        let daemon = try DaemonProcess()
        let shell = try ExampleShell(bus: daemon.bus)
        let example = try #require(CommandSpec.named("delegate")?.examples.first { $0.contains("--exec") })
        for line in [example, "tabctl delegate --exec 'test alarm !='"] {
            let delegate = try shell.start(line)
            #expect(delegate.waitForOutput(containing: "registered as the delegate"), "\(line): \(delegate.errors)")
            #expect(try tabctl(daemon.bus, "tap", "alarm").status == 3, "\(line)")
            #expect(try tabctl(daemon.bus, "tap", "timer").status == 0, "\(line)")
            #expect(delegate.waitForOutput(containing: "allow timer (--exec exited 0)"), "\(line): \(delegate.output)")
            #expect(delegate.output.contains("deny alarm (--exec exited 1)"), "\(line): \(delegate.output)")
            delegate.stop()
            #expect(delegate.waitForOutput(containing: "unregistered"), "\(line): \(delegate.output)")
        }
    }

    @Test("the daemon's Release ends the delegate with status 0")
    func release() throws {
        let daemon = try DaemonProcess()
        let delegate = try RunningTabctl(daemon.bus, "delegate")
        _ = try delegate.line(startingWith: "registered")
        #expect(try tabctl(daemon.bus, "reset").status == 0)
        #expect(try delegate.nextLine() == "released by the daemon")
        #expect(try delegate.waitForExit() == 0)
    }

    @Test("a second delegate is refused with the daemon's error (exit 5)")
    func second() throws {
        let daemon = try DaemonProcess()
        let first = try RunningTabctl(daemon.bus, "delegate")
        _ = try first.line(startingWith: "registered")
        let second = try RunningTabctl(daemon.bus, "delegate")
        #expect(try second.waitForExit() == 5)
        #expect(second.errors.contains("org.tabbard.TabBar1.Error.DelegateExists"))
    }
}
