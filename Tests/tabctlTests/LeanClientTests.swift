import Foundation
import TabbardTestSupport
import Testing

@Suite("tabctl as a process")
struct LeanClientTests {
    @Test("tabctl links no Foundation (it starts once per command)")
    func noFoundation() throws {
        let libraries = try runCommand(["/usr/bin/ldd", try PackagePaths.executable("tabctl")])
        #expect(libraries.status == 0)
        #expect(libraries.output.contains("libdbus-1"))
        #expect(!libraries.output.contains("Foundation"))
    }

    @Test("show uses colors on a terminal, and not with NO_COLOR")
    func colorsOnTerminal() throws {
        let daemon = try DaemonProcess()
        let command = "\(try PackagePaths.executable("tabctl")) --address \(daemon.bus.address) show"
        // script(1) gives the command a pseudo-terminal as its standard output.
        let colored = try runCommand([
            "/usr/bin/env", "-u", "NO_COLOR", "/usr/bin/script", "-qec", command, "/dev/null",
        ])
        #expect(colored.status == 0)
        #expect(colored.output.contains("\u{1B}[1;38;2;0;122;255m[World Clock"))
        let plain = try runCommand(["/usr/bin/env", "NO_COLOR=1", "/usr/bin/script", "-qec", command, "/dev/null"])
        #expect(plain.output.contains("[World Clock]"))
        #expect(!plain.output.contains("\u{1B}["))
    }

    @Test("--timeout bounds the wait for a reply: a tap waiting on a slow delegate gives NoReply (exit 5)")
    func timeout() throws {
        let daemon = try DaemonProcess()
        let delegate = try RunningTabctl(daemon.bus, "delegate", "--exec", "sleep 30; true")
        _ = try delegate.line(startingWith: "registered")
        let tap = try tabctl(daemon.bus, "--timeout", "100", "tap", "alarm")
        #expect(tap.status == 5)
        #expect(tap.errors.contains("org.freedesktop.DBus.Error.NoReply"))
        // The delegate still answers the daemon in time, having killed its command.
        #expect(try delegate.nextLine().hasPrefix("deny alarm (--exec killed after "))
    }
}
