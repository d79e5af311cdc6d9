import Foundation
import TabbardTestSupport
import Testing

/// What a careless or hostile plugin hands the daemon through the ABI (docs/plugins.md,
/// Limits): tab handles the host never made, and titles, badges, pages, content and log lines
/// far over every limit. None may end the daemon or knock it off the bus.
@Suite("Hostile plugins: forged handles and huge values")
struct HostilePluginTests {
    @Test("host callbacks given handles the host never made are ignored and logged; the daemon serves")
    func forgedHandles() throws {
        let daemon = try FaultPlugin.daemon("forger", "BAD_HANDLES")
        let bus = daemon.bus.address
        let rounds = Variant.pick(short: 3, long: 300)
        for round in 0..<rounds {
            let poke = try callController(bus, "Activate", "ss", "forger-tab", "poke")
            #expect(poke.status == 0, "round \(round): \(poke.errors)\n\(daemon.log)")
            guard poke.status == 0 else { break }
        }
        let running = kill(daemon.pid, 0) == 0
        #expect(running, "the daemon ended:\n\(daemon.log)")
        let tab = catalogTab("forger-tab", in: try describe(bus))
        #expect(
            tab?["Title"] as? String == "Faulty" && tab?["HasBadge"] as? Bool == false, "\(String(describing: tab))")
        #expect(
            daemon.log.contains("set_badge was given a tab handle the host never made (0x10); ignored"), "\(daemon.log)"
        )
        #expect(
            daemon.log.contains("log was given a host table the host never made (0xdeadbeef); ignored"), "\(daemon.log)"
        )
        #expect(daemon.stop() == 0, "\(daemon.log)")
        print("hostile-plugin: SUMMARY {\"forged_handle_rounds\": \(rounds), \"daemon_ended\": \(!running)}")
    }

    @Test(
        "titles, badges, pages, content and log lines over their limits are refused or cut, with a log line; the daemon stays on the bus"
    )
    func hugeValues() throws {
        let daemon = try FaultPlugin.daemon("giant", "HUGE_VALUES")
        let bus = daemon.bus.address
        let rounds = Variant.pick(short: 2, long: 20)
        var refusedContent = 0
        for round in 0..<rounds {
            let poke = try callController(bus, "Activate", "ss", "giant-tab", "poke")
            #expect(poke.status == 0, "round \(round): \(poke.errors)\n\(daemon.log)")
            for (action, refusal) in [
                ("huge-body", "a body of more than 1048576 bytes"), ("huge-title", "a title of more than 256 bytes"),
            ] {
                _ = try callController(bus, "Activate", "ss", "giant-tab", action)
                let content = try callController(bus, "GetContent", "s", "giant-tab")
                let refused =
                    content.status != 0 && content.errors.contains("render for tab giant-tab returned \(refusal)")
                #expect(refused, "\(action): \(content.errors)")
                if refused { refusedContent += 1 }
            }
            #expect(
                try callController(bus, "Select", "s", "giant-tab").status == 0,
                "round \(round): off the bus?\n\(daemon.log)")
        }
        #expect(kill(daemon.pid, 0) == 0, "the daemon ended:\n\(daemon.log)")
        let tab = catalogTab("giant-tab", in: try describe(bus))
        // The values over the limits were refused; the valid badge sent after them was taken.
        #expect(
            tab?["Title"] as? String == "Faulty" && tab?["BadgeValue"] as? String == "ok", "\(String(describing: tab))")
        let lines = daemon.log.split(separator: "\n")
        let longest = lines.map(\.utf8.count).max() ?? 0
        #expect(longest < 8192, "a log line of \(longest) bytes")
        #expect(
            daemon.log.contains("set_title for tab giant-tab passed a title of more than 256 bytes; refused"),
            "\(daemon.log)")
        #expect(
            daemon.log.contains("set_badge for tab giant-tab passed a badge of more than 64 bytes; refused"),
            "\(daemon.log)")
        #expect(daemon.log.contains("(cut at 4096 bytes)"), "\(daemon.log)")
        #expect(daemon.stop() == 0, "\(daemon.log)")
        print(
            "hostile-plugin: SUMMARY {\"huge_value_rounds\": \(rounds), \"content_refused\": \(refusedContent), \"longest_log_line\": \(longest)}"
        )
    }
}
