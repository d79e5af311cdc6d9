import Foundation
import TabbardTestSupport
import Testing

/// What a frontend keeps in sync by (docs/frontends.md, SYNC-*), through real clients.
@Suite("A sync point a client can trust")
struct SyncPointTests {
    @Test(
        "InstanceId: 32 lowercase hex digits, const, the same in Get and Describe, and another after a restart on the same bus (SYNC-1)"
    )
    func instanceIdTellsRunsApart() throws {
        let first = try DaemonProcess()
        let id = try stringProperty(first.bus.address, "InstanceId")
        #expect(id.utf8.count == 32 && id.allSatisfy { "0123456789abcdef".contains($0) }, "\(id)")
        let reply = try runCommand([
            "/usr/bin/busctl", "--address=\(first.bus.address)", "--json=short", "call", Names.service,
            Names.controller, Names.service, "Describe",
        ])
        let document = ((try parseJSON(reply.output) as? [String: Any])?["data"] as? [String])?.first ?? ""
        #expect(
            (try parseJSON(document) as? [String: Any])?["InstanceId"] as? String == id, "\(reply.output.prefix(300))")
        let introspected = try runCommand([
            "/usr/bin/gdbus", "introspect", "--address", first.bus.address, "--dest", Names.service,
            "--object-path", Names.controller,
        ])
        #expect(introspected.output.contains("readonly s InstanceId"), "\(introspected.output)")
        #expect(first.stop() == 0)
        let second = try DaemonProcess(bus: first.bus, stateDirectory: first.stateDirectory)
        let next = try stringProperty(second.bus.address, "InstanceId")
        #expect(next.utf8.count == 32 && next != id, "\(id) then \(next)")
        #expect(second.stop() == 0)
    }

    /// The scripted run of SYNC-2 and SYNC-3: selections, taps through a delegate, badges, a
    /// plugin's news inside a request, SetTabs, a customization session and `Customize`, a
    /// property, a standalone bar, a connection leaving with a session and the delegate, a reload
    /// that takes the notes plugin away, and `Reset`; with the calls among them.
    static func scriptedRun(_ daemon: DaemonProcess, plugins: String) -> (calls: [BusCall], steps: [RunStep]) {
        let tabs = ["world-clock", "alarm", "stopwatch", "timer", "songs", "artists", "notes"]
        let calls: [BusCall] =
            [
                BusCall("Select", .string("alarm")),
                BusCall("SelectIndex", .int32(0)),
                BusCall("SetTabs", .strings(tabs)),
                BusCall("RegisterDelegate", .path("/delegate")),
                BusCall("Tap", .string("songs")),
                BusCall("Tap", .string("songs")), // The selected tab: DidSelect alone.
                BusCall("Tap", .string("@more")),
                BusCall("SetBadge", .string("alarm"), .string("3")),
                BusCall("SetBadge", .string("alarm"), .string("")),
                BusCall("ClearBadge", .string("alarm")),
                BusCall("Activate", .string("alarm"), .string("add")), // The plugin's news inside the request.
                BusCall("Select", .string("notes")),
                BusCall("Activate", .string("notes"), .string("add")),
                BusCall("BeginCustomizing"),
                BusCall("SwapTabs", .string("alarm"), .string("stopwatch")),
                BusCall("EndCustomizing"),
                BusCall("Customize", .strings(["stopwatch", "world-clock", "alarm"] + tabs.dropFirst(3))),
                .set("MaxVisible", .uint32(3)),
            ] + StandaloneBarBusTests.modes + [
                .bar("modes", "Tap", .string("fav")),
                .bar("modes", "Tap", .string("fav")), // The selected item: DidSelectItem alone.
                BusCall("UnregisterDelegate", .path("/delegate")),
            ]
        return (
            calls,
            calls.map(RunStep.call) + [
                // A connection that leaves with a session and the delegate: one batch ends both.
                .leave(
                    [BusCall("RegisterDelegate", .path("/delegate")), BusCall("BeginCustomizing")],
                    until: "DidEndCustomizing"),
                .reload(
                    pid: daemon.pid, removing: ["libnotes.so", "notes.plugin"].map { plugins + "/" + $0 },
                    until: "InterfacesRemoved"),
                .call(BusCall("Reset")),
            ]
        )
    }

    @Test(
        "every batch of a scripted run closes with the controller's Revision, one more than the batch before, after all its other signals and before its reply (SYNC-2)"
    )
    func everyBatchClosesWithRevision() throws {
        let plugins = try ReloadTests.pluginDirectory(with: ["clock", "media", "notes"])
        let daemon = try DaemonProcess(pluginDirectory: plugins)
        let (calls, steps) = Self.scriptedRun(daemon, plugins: plugins)
        let run = try RecordedRun(address: daemon.bus.address, steps)
        let failed = run.events.filter { if case .error = $0 { true } else { false } }
        #expect(failed.isEmpty, "\(failed)")
        let reading = BatchReading(run)
        #expect(
            reading.problems.isEmpty,
            "\(reading.problems.joined(separator: "\n"))\n\(reading.batches.map { $0.joined(separator: ", ") }.joined(separator: "\n"))"
        )
        #expect(reading.closes.count >= calls.count, "\(reading.closes)")
        #expect(daemon.stop() == 0)
    }

    @Test(
        "a client that follows SYNC-3 (Describe, drop what came before its reply, apply, Describe again on a gap or when objects come or go) holds Describe's state after every step of the scripted run, and sees no gap"
    )
    func syncAlgorithmKeepsACopy() throws {
        let plugins = try ReloadTests.pluginDirectory(with: ["clock", "media", "notes"])
        let daemon = try DaemonProcess(pluginDirectory: plugins)
        let (_, steps) = Self.scriptedRun(daemon, plugins: plugins)
        let run = try RecordedRun(address: daemon.bus.address, steps, mirroring: true)
        #expect(run.differences.isEmpty, "\(run.differences.joined(separator: "\n"))")
        #expect(run.gaps == 0)
        // The first Describe, and one for each step whose objects came or went.
        #expect(run.describes >= 1, "\(run.describes)")
        #expect(daemon.stop() == 0)
    }
}
