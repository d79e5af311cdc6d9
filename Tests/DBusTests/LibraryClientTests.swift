import DBus
import Foundation
import TabbardTestSupport
import Testing

/// The dbus-python service from the test scripts, running until the value is released.
private final class PythonService: @unchecked Sendable {
    static let name = "org.example.Py1"
    private let process = Process()
    private let input = Pipe()

    init(address: String) throws {
        process.executableURL = URL(fileURLWithPath: systemPython)
        process.arguments = [scriptsDirectory.appendingPathComponent("python_service.py").path, address, Self.name]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        // Wait for "ready" (it owns the name then), at most 20 s.
        let ready = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            var seen = Data()
            while let byte = try? output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty {
                seen.append(byte)
                if String(decoding: seen, as: UTF8.self).contains("ready\n") { break }
            }
            ready.signal()
        }
        guard ready.wait(timeout: .now() + 20) == .success, process.isRunning else {
            process.terminate()
            throw TestFailure("the python service did not start")
        }
    }

    deinit {
        // Closing its standard input ends the service.
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { process.terminate() }
    }
}

@Suite("The library as a client of a dbus-python service", .timeLimit(.minutes(2)))
struct LibraryClientTests {
    private let path = "/org/example/Py1"
    private let interface = "org.example.Py1"

    @Test("blocking calls pass arguments and return results and errors")
    func blockingCalls() throws {
        let bus = try PrivateBus()
        let service = try PythonService(address: bus.address)
        let connection = try Connection(.address(bus.address))
        let sum = try connection.call(
            destination: PythonService.name, path: path, interface: interface, method: "Add",
            Int32(2), Int32(40)
        ).decode(Int32.self)
        #expect(sum == 42)
        let joined = try connection.call(
            destination: PythonService.name, path: path, interface: interface, method: "Join",
            ["a", "b", "c"]
        ).decode(String.self)
        #expect(joined == "a,b,c")
        let keys = try connection.call(
            destination: PythonService.name, path: path, interface: interface, method: "Keys",
            ["y": Variant(.int32(1)), "x": Variant(.string("s"))]
        ).decode([String].self)
        #expect(keys == ["x", "y"])
        #expect(throws: DBusError(name: "org.example.Py1.Error.Bad", message: "bad news")) {
            _ = try connection.call(
                destination: PythonService.name, path: path, interface: interface, method: "Fail", "bad news")
        }
        #expect(throws: DBusError.self) {
            _ = try connection.call(
                destination: PythonService.name, path: path, interface: interface, method: "Slow",
                UInt32(2000), timeout: .milliseconds(100))
        }
        withExtendedLifetime(service) {}
    }

    @Test("a pending call completes on the loop, or times out with NoReply")
    func pendingCalls() throws {
        let bus = try PrivateBus()
        let service = try PythonService(address: bus.address)
        let client = try Client(address: bus.address)
        let results = Inbox<String>()
        try client.run { [path, interface] connection in
            client.keep(
                try connection.callAsync(
                    destination: PythonService.name, path: path, interface: interface,
                    method: "Slow", UInt32(1500), timeout: .milliseconds(200)
                ) { result in
                    results.put("slow: " + ((try? result.get().decode(String.self)) ?? (result.failureName ?? "?")))
                })
            client.keep(
                try connection.callAsync(
                    destination: PythonService.name, path: path, interface: interface,
                    method: "Slow", UInt32(10), timeout: .seconds(10)
                ) { result in
                    results.put("quick: " + ((try? result.get().decode(String.self)) ?? (result.failureName ?? "?")))
                })
        }
        let seen = results.wait(for: 2)
        #expect(Set(seen) == ["quick: slept 10", "slow: org.freedesktop.DBus.Error.NoReply"])
        withExtendedLifetime(service) {}
    }

    @Test("a pending call to a peer that leaves the bus fails without waiting for its timeout")
    func peerLeavesMidCall() throws {
        let bus = try PrivateBus()
        let service = try PythonService(address: bus.address)
        let client = try Client(address: bus.address)
        let results = Inbox<String>()
        try client.run { [path, interface] connection in
            client.keep(
                try connection.callAsync(
                    destination: PythonService.name, path: path, interface: interface,
                    method: "Slow", UInt32(20_000), timeout: .seconds(25)
                ) { result in
                    results.put(result.failureName ?? "answered")
                })
            try connection.callWithoutReply(
                destination: PythonService.name, path: path, interface: interface, method: "Quit")
        }
        // The call's own timeout is 25 s and the service would answer after 20 s: an answer
        // within 20 s can only be the bus reporting that the peer left.
        #expect(results.wait(for: 1, timeout: 20) == ["org.freedesktop.DBus.Error.NoReply"])
        withExtendedLifetime(service) {}
    }

    @Test("signals arrive through a subscription, and a departing peer is noticed")
    func signalsAndDepartures() throws {
        let bus = try PrivateBus()
        let service = try PythonService(address: bus.address)
        let client = try Client(address: bus.address)
        let events = Inbox<String>()
        let owner = try client.run { connection in try connection.owner(of: PythonService.name) }
        let unique = try #require(owner)
        try client.run { [path, interface] connection in
            client.keep(
                try connection.subscribe(MatchRule(sender: unique, path: path, interface: interface, member: "Shouted"))
                { message in
                    events.put("shouted \((try? message.decode(String.self)) ?? "?")")
                })
            client.keep(
                try connection.watchNameOwner(unique) { newOwner in
                    events.put("owner \(newOwner ?? "gone")")
                })
            let user = try connection.unixUser(of: unique)
            events.put("user \(user == getuid())")
            events.put("cached \(connection.cachedUnixUser(of: unique) == getuid())")
            _ = try connection.call(
                destination: PythonService.name, path: path, interface: interface, method: "Shout", "hey")
        }
        #expect(events.wait(for: 3) == ["user true", "cached true", "shouted hey"])
        try client.run { [path, interface] connection in
            try connection.callWithoutReply(
                destination: PythonService.name, path: path, interface: interface, method: "Quit")
        }
        #expect(events.wait(for: 4).last == "owner gone")
        // The credential cache forgets a name that left the bus.
        let cached = try client.run { connection in connection.cachedUnixUser(of: unique) }
        #expect(cached == nil)
        withExtendedLifetime(service) {}
    }

    @Test("asynchronous credentials come from the bus once, then from the cache")
    func asyncCredentials() throws {
        let bus = try PrivateBus()
        let client = try Client(address: bus.address)
        let other = try Connection(.address(bus.address))
        let results = Inbox<UInt32>()
        try client.run { connection in
            connection.unixUser(of: other.uniqueName) { result in
                if case .success(let user) = result { results.put(user) }
                connection.unixUser(of: other.uniqueName) { again in
                    if case .success(let user) = again { results.put(user) }
                }
            }
        }
        #expect(results.wait(for: 2) == [getuid(), getuid()])
        let failure = Inbox<String>()
        try client.run { connection in
            connection.unixUser(of: ":1.9999") { result in
                if case .failure(let error) = result { failure.put(error.name) }
            }
        }
        #expect(failure.wait(for: 1) == ["org.freedesktop.DBus.Error.NameHasNoOwner"])
    }
}

@Suite("Losing the bus", .timeLimit(.minutes(1)))
struct DisconnectTests {
    @Test("when the bus goes away the owner hears of it, and later sends fail cleanly")
    func busGone() throws {
        var bus: PrivateBus? = try PrivateBus()
        let client = try Client(address: bus!.address)
        let events = Inbox<String>()
        try client.run { connection in
            connection.onDisconnect = { events.put("disconnected") }
        }
        bus = nil
        #expect(events.wait(for: 1) == ["disconnected"])
        let error = try client.run { connection -> DBusError? in
            do {
                try connection.emit(path: "/x", interface: "org.example.X", name: "Gone")
                return nil
            } catch {
                return error as? DBusError
            }
        }
        #expect(error?.name == DBusError.Names.disconnected)
    }
}
