import Foundation
import TabbardTestSupport
import Testing

/// A stopped process is not a hung plugin (docs/reliability.md): the daemon held by SIGSTOP
/// (or `systemctl freeze`, or a debugger) for longer than the hang limit while a plugin call
/// runs must not, once it goes on, count that call as hung.
@Suite("A stopped daemon is not a hung plugin")
struct StoppedProcessTests {
    @Test(
        "0.5 s stops during GetContent calls, with a 300 ms hang limit: no exit, nothing counted, every call answered")
    func stopsDuringCalls() throws {
        // Render takes 100 ms, so that a stop lands inside a call most of the time.
        let daemon = try FaultPlugin.daemon(
            "slow", "SLOW_RENDER=100", environment: ["TABBARD_PLUGIN_HANG_LIMIT_MS": "300"])
        let bus = daemon.bus.address
        let call = { (tab: String) in
            "busctl --address='\(bus)' --timeout=20 call org.tabbard.TabBar1 /org/tabbard/TabBar1 org.tabbard.TabBar1 GetContent s \(tab)"
        }
        // Two clients keep the loop inside plugin calls: the slow tab and the bundled clock.
        let readers = try ["slow-tab", "world-clock"].map { tab in
            try LoggedProcess([
                "/bin/sh", "-c", "while :; do \(call(tab)) >/dev/null 2>&1 && echo ok || echo failed; done",
            ])
        }
        let stops = Variant.pick(short: 6, long: 60)
        for _ in 0..<stops {
            usleep(UInt32.random(in: 150_000...300_000))
            kill(daemon.pid, SIGSTOP)
            usleep(500_000)
            kill(daemon.pid, SIGCONT)
        }
        usleep(500_000)
        for reader in readers { reader.stop() }
        let answers = readers.flatMap(\.lines)
        let hangs = daemon.log.components(separatedBy: "did not return").count - 1
        #expect(kill(daemon.pid, 0) == 0, "the daemon ended:\n\(daemon.log)")
        #expect(hangs == 0, "\(daemon.log)")
        #expect(daemon.pluginRecords.allSatisfy { $0.hasPrefix("ok 0 ") }, "\(daemon.pluginRecords)")
        #expect(!answers.contains("failed"), "\(answers.filter { $0 == "failed" }.count) calls failed")
        #expect(try callController(bus, "GetContent", "s", "slow-tab").status == 0)
        #expect(daemon.stop() == 0, "\(daemon.log)")
        print(
            "stopped-process: SUMMARY {\"stops\": \(stops), \"answered\": \(answers.filter { $0 == "ok" }.count), \"hangs_counted\": \(hangs)}"
        )
    }
}
