import Foundation
import TabbardTestSupport
import Testing

/// The daemon as a process: signals, its bus name, its log, its environment.
@Suite("The daemon process")
struct ProcessTests {
    @Test("SIGINT stops cleanly like SIGTERM: exit 0 and the name released")
    func sigintStops() throws {
        let daemon = try DaemonProcess()
        #expect(daemon.stop(signal: SIGINT) == 0)
        let owned = try runCommand(["/usr/bin/busctl", "--address=\(daemon.bus.address)", "status", Names.service])
        #expect(owned.status != 0)
        #expect(daemon.log.contains("stopping"))
    }

    @Test("a second tabbard on the same bus says who owns the name and exits non-zero")
    func secondInstanceRefused() throws {
        let first = try DaemonProcess()
        let result = try runCommand(
            [
                try PackagePaths.executable("tabbard"), "--address", first.bus.address, "--plugin-dir",
                PackagePaths.stagedPlugins.path, "--state-dir", try makeTemporaryDirectory(),
            ], timeout: 20)
        #expect(result.status != 0)
        #expect(result.errors.contains("already owned"), "\(result.errors)")
        #expect(try stringProperty(first.bus.address, "SelectedTab") == "world-clock")
    }

    @Test("without a configured locale the daemon follows LANG (L10N-1)")
    func localeFromLang() throws {
        let daemon = try DaemonProcess(environment: ["LANG": "de_DE.UTF-8"])
        #expect(
            try stringProperty(
                daemon.bus.address, "Title", path: Names.tab("world-clock"), interface: Names.tabInterface)
                == "Weltuhr")
        try busctlSet(daemon.bus.address, "Locale", "s", "ja")
        #expect(
            try stringProperty(
                daemon.bus.address, "Title", path: Names.tab("world-clock"), interface: Names.tabInterface)
                == "世界時計")
    }

    @Test("with JOURNAL_STREAM set every log line carries a <N> priority prefix")
    func journalPrefixes() throws {
        let daemon = try DaemonProcess(environment: ["JOURNAL_STREAM": "8:12345"])
        #expect(daemon.stop() == 0)
        let lines = daemon.log.split(separator: "\n")
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.range(of: #"^<[0-7]>"#, options: .regularExpression) != nil }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("<5>") && $0.contains("serving") }, "\(lines)")
    }

    @Test("the daemon leaves when its bus goes away")
    func busLost() throws {
        let daemon = try DaemonProcess()
        daemon.bus.stop()
        let deadline = Date().addingTimeInterval(10)
        var status: Int32 = 0
        var ended = false
        while !ended && Date() < deadline {
            ended = waitpid(daemon.pid, &status, WNOHANG) == daemon.pid
            if !ended { usleep(20_000) }
        }
        #expect(ended, "\(daemon.log)")
        #expect(daemon.log.contains("lost the connection to the bus"), "\(daemon.log)")
    }
}
