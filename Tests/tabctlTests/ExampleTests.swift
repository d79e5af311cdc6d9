import Foundation
import TabbardTestSupport
import Testing

@testable import tabctl

/// Every example that `--help` and docs/tabctl.md show (they show the same: ManualTests), run
/// as pasted against a daemon with the bundled plugins, each command's from the default state.
@Suite("tabctl examples")
struct ExampleTests {
    @Test("every example works on the bundled plugins' default catalog; the long-running ones keep running")
    func everyExampleWorks() throws {
        let daemon = try DaemonProcess()
        let shell = try ExampleShell(bus: daemon.bus)
        for spec in CommandSpec.all {
            // A command's examples follow each other, as in the manual.
            let reset = try shell.run("tabctl reset")
            #expect(reset.status == 0, "\(reset.errors)")
            for example in spec.examples {
                if spec.staysRunning {
                    let running = try shell.start(example)
                    usleep(1_000_000)
                    #expect(running.isRunning, "\(example) ended: \(running.errors)")
                    #expect(running.errors.isEmpty, "\(example): \(running.errors)")
                    running.stop()
                } else {
                    let result = try shell.run(example)
                    #expect(result.status == 0, "\(example) exited \(result.status): \(result.errors)")
                }
            }
        }
    }
}
