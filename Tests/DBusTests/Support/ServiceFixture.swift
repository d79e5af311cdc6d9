import DBus
import Foundation
import TabbardTestSupport

/// A private bus with `TestService` running on its own loop thread.
final class ServiceFixture: @unchecked Sendable {
    let bus: PrivateBus
    let thread: LoopThread
    /// Holds the service; only the loop thread touches it.
    private final class Holder: @unchecked Sendable { var service: TestService? }
    private let holder = Holder()

    init() throws {
        bus = try PrivateBus()
        thread = try LoopThread()
        let address = bus.address
        let loop = thread.loop
        let holder = holder
        try thread.sync { holder.service = try TestService(address: address, loop: loop) }
    }

    /// Runs `body` with the service on its loop thread.
    func withService<T>(_ body: @escaping (TestService) throws -> T) throws -> T {
        let holder = holder
        return try thread.sync { try body(holder.service!) }
    }

    /// `busctl --address=… ARGS`
    func busctl(_ arguments: [String]) throws -> CommandResult {
        try TabbardTestSupport.busctl(bus.address, ["--"] + arguments)
    }

    /// `gdbus ARGS… --address …` (gdbus takes the address after its subcommand).
    func gdbus(_ command: String, _ arguments: [String]) throws -> CommandResult {
        try runCommand(["/usr/bin/gdbus", command, "--address", bus.address] + arguments)
    }

    /// Runs a dbus-python script from the test scripts with the bus address first.
    func python(_ script: String, _ arguments: [String], timeout: TimeInterval = 60) throws -> CommandResult {
        try runCommand(
            [systemPython, scriptsDirectory.appendingPathComponent(script).path, bus.address] + arguments,
            timeout: timeout)
    }

    deinit {
        // The connection belongs to the loop thread: let it go there.
        let holder = holder
        _ = try? thread.sync { holder.service = nil }
        thread.stop()
    }
}

/// Parses one JSON object line printed by a script.
func jsonObject(_ text: String) throws -> [String: Any] {
    guard let line = text.split(separator: "\n").last,
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    else {
        throw TestFailure("not a JSON line: \(text)")
    }
    return object
}
