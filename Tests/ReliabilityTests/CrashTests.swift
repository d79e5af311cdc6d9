import Foundation
import TabbardTestSupport
import Testing

/// SIGKILL at random moments while structural changes and badge changes are in flight.
@Suite("Acknowledged changes survive SIGKILL")
struct CrashTests {
    /// `Tabs` and the customizable set, in the form `mutate.py` prints them.
    private struct Structure: Equatable, CustomStringConvertible {
        let tabs: [String]
        let customizable: [String]

        init(tabs: [String], customizable: [String]) {
            self.tabs = tabs
            self.customizable = customizable.sorted()
        }

        init(line: Substring) throws {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: [String]],
                let tabs = object["tabs"], let customizable = object["customizable"]
            else {
                throw TestFailure("not a structure: \(line)")
            }
            self.init(tabs: tabs, customizable: customizable)
        }

        var description: String { "tabs \(tabs) customizable \(customizable)" }
    }

    @Test("every acknowledged SetTabs, SetCustomizable and Customize is there after SIGKILL and restart")
    func acknowledgedChangesSurviveKill() throws {
        let daemon = try DaemonProcess()
        let cycles = Variant.pick(short: 20, long: 200)
        let mutator = scriptsDirectory.appendingPathComponent("mutate.py").path
        var acknowledged = 0
        var killedInFlight = 0
        let initial = try describe(daemon.bus.address)
        var expected = Structure(
            tabs: initial["Tabs"] as? [String] ?? [], customizable: initial["CustomizableTabs"] as? [String] ?? [])
        for cycle in 0..<cycles {
            let client = try LoggedProcess([systemPython, mutator, daemon.bus.address, String(cycle)])
            try client.waitFor("ready", timeout: 20)
            usleep(UInt32.random(in: 20_000...250_000))
            #expect(daemon.stop(signal: SIGKILL) == 128 + SIGKILL)
            #expect(client.waitForExit(timeout: 20), "cycle \(cycle): the client did not notice the daemon's end")
            let lines = client.lines
            #expect(
                !lines.contains { $0.hasPrefix("unexpected") || $0.hasPrefix("mismatch") },
                "cycle \(cycle): \(lines.filter { !$0.hasPrefix("try") && !$0.hasPrefix("ack") })")
            // What was acknowledged last, and what was sent after it and never answered.
            var lastAck = expected
            var pending: Structure?
            for line in lines {
                if line.hasPrefix("ack ") {
                    lastAck = try Structure(line: line.dropFirst(4))
                    pending = nil
                    acknowledged += 1
                } else if line.hasPrefix("try ") {
                    pending = try Structure(line: line.dropFirst(4))
                }
            }
            if pending != nil { killedInFlight += 1 }
            try daemon.start()
            let state = try describe(daemon.bus.address)
            let restored = Structure(
                tabs: state["Tabs"] as? [String] ?? [], customizable: state["CustomizableTabs"] as? [String] ?? [])
            // A change the daemon wrote but had no time to acknowledge may be there too.
            #expect(
                restored == lastAck || restored == pending,
                "cycle \(cycle): restored \(restored), acknowledged \(lastAck), in flight \(pending.map(\.description) ?? "none")"
            )
            expected = restored
        }
        #expect(!daemon.log.contains("set aside") && !daemon.log.contains("unusable"), "log:\n\(daemon.log)")
        #expect(acknowledged > cycles, "too few changes were acknowledged to tell anything")
        print(
            "crash: SUMMARY {\"cycles\": \(cycles), \"acknowledged\": \(acknowledged), \"killed_in_flight\": \(killedInFlight)}"
        )
    }
}
