import Foundation
import TabbardTestSupport
import Testing

/// A state directory that cannot be written (STATE-4, ERR-2): a structural change is refused
/// with `StateNotSaved` and nothing of it is announced or kept; a batched change is
/// acknowledged, retried until the disk takes it, and shown in `STATUS=` meanwhile; a stop that
/// cannot save exits non-zero. After every restart each acknowledged change is there.
@Suite("Acknowledged changes survive a state directory that cannot be written", .serialized)
struct DiskFaultTests {
    /// How the tmpfs is made unwritable, and the system's word for it.
    enum Fault: String, CaseIterable, CustomTestStringConvertible {
        case full = "No space left on device"
        case readOnly = "Read-only file system"

        var testDescription: String { self == .full ? "a full disk" : "a read-only state directory" }

        func apply(to mount: PrivateMount) throws {
            self == .full ? try mount.fill() : try mount.remount(readOnly: true)
        }

        func lift(from mount: PrivateMount) throws {
            self == .full ? try mount.free() : try mount.remount(readOnly: false)
        }
    }

    static let first = ["notes", "alarm", "world-clock"]
    static let refused = ["notes", "alarm", "songs"]

    @Test(
        "a structural change is refused whole, a batched one retried until it is on disk, a stop that cannot save exits non-zero (STATE-4, ERR-2)",
        .enabled(if: PrivateMount.unavailable == nil, "\(PrivateMount.unavailable ?? "")"),
        arguments: Fault.allCases)
    func unwritableStateDirectory(_ fault: Fault) throws {
        let tries = Variant.pick(short: 1, long: 10)
        var acknowledgedChanges = 0
        var refusedChanges = 0
        var reportedUnsaved = 0
        var losses = Losses()
        for attempt in 0..<tries {
            // Room for every file the daemon keeps there (state.json and its replacement,
            // plugins.state, plugins.loaded) once the fault is lifted; `fill` takes all of it.
            let mount = try PrivateMount(kibibytes: 32)
            let notify = try NotifySocket()
            let daemon = try DaemonProcess(
                stateDirectory: mount.directory, environment: ["NOTIFY_SOCKET": notify.path],
                launcher: mount.launcher)
            let bus = daemon.bus.address
            try requireAcknowledged(
                busctl(bus, "SetTabs", "as", "3", Self.first[0], Self.first[1], Self.first[2]), "SetTabs")
            // Applied while the daemon is stopped: a mount cannot turn read-only while the
            // daemon holds its lock file open for writing.
            try restart(daemon, afterApplying: fault, to: mount)

            // Structural: refused, naming the cause; nothing announced, nothing changed.
            let change = try runScript("durability.py", ["structural", bus] + Self.refused, timeout: 60)
            #expect(change.string("reply") == "org.tabbard.TabBar1.Error.StateNotSaved", "\(change.output)")
            #expect(change.string("message").contains(fault.rawValue), "\(change.output)")
            #expect(change.strings("announced").isEmpty, "\(change.output)")
            #expect(
                (change.values["before"] as? NSDictionary) == (change.values["after"] as? NSDictionary),
                "\(change.output)")
            refusedChanges += 1

            // Batched: acknowledged; the failed write shows in STATUS= until the disk takes it.
            let badge = "\(attempt + 7)"
            try requireAcknowledged(busctl(bus, "SetBadge", "ss", "world-clock", badge), "SetBadge")
            try requireAcknowledged(busctl(bus, "Select", "s", "alarm"), "Select")
            acknowledgedChanges += 2
            let failing = notify.receive(until: { $0.hasPrefix("STATUS=state not saved") }, timeout: 10)
            #expect(failing?.last?.contains { $0.contains(fault.rawValue) } == true, "\(failing ?? [])\n\(daemon.log)")
            try fault.lift(from: mount)
            #expect(notify.receive(until: { $0.hasPrefix("STATUS=state saved") }, timeout: 60) != nil, "\(daemon.log)")
            #expect(
                daemon.log.contains("cannot save state") && daemon.log.contains("state saved again"), "\(daemon.log)")

            // Saved by the retry: even SIGKILL keeps it.
            #expect(daemon.stop(signal: SIGKILL) == 128 + SIGKILL)
            try daemon.start()
            var state = try describe(bus)
            #expect(state["Tabs"] as? [String] == Self.first, "the refused change must not be there")
            losses.expectKept(tabProperty(state, "world-clock", "BadgeValue") == badge, "try \(attempt): \(daemon.log)")
            losses.expectKept(state["SelectedTab"] as? String == "alarm", "try \(attempt)")

            // A stop that cannot save says so: it exits non-zero.
            try restart(daemon, afterApplying: fault, to: mount)
            try requireAcknowledged(busctl(bus, "SetBadge", "ss", "world-clock", "unsaved"), "SetBadge")
            acknowledgedChanges += 1
            #expect(daemon.stop() != 0, "a stop that cannot save must exit non-zero; log:\n\(daemon.log)")
            reportedUnsaved += 1
            #expect(daemon.log.contains("cannot save state at stop"), "\(daemon.log)")
            try fault.lift(from: mount)
            try daemon.start()
            state = try describe(bus)
            #expect(state["Tabs"] as? [String] == Self.first)
            #expect(daemon.stop() == 0)
        }
        print(
            "disk-\(fault): SUMMARY {\"tries\": \(tries), \"acknowledged\": \(acknowledgedChanges), \"refused\": \(refusedChanges), \"unsaved_stop_failed\": \(reportedUnsaved), \"lost\": \(losses.count)}"
        )
    }

    /// Stops `daemon` cleanly, makes the state directory unwritable, and starts it again.
    private func restart(_ daemon: DaemonProcess, afterApplying fault: Fault, to mount: PrivateMount) throws {
        #expect(daemon.stop() == 0, "\(daemon.log)")
        try fault.apply(to: mount)
        try daemon.start()
    }

    @Test("state.json that is a directory: every change is refused or kept, never acknowledged and dropped (STATE-4)")
    func stateFileIsADirectory() throws {
        let directory = try makeTemporaryDirectory("tabbard-state")
        try FileManager.default.createDirectory(
            atPath: directory + "/state.json/inside", withIntermediateDirectories: true)
        let daemon = try DaemonProcess(stateDirectory: directory)
        let bus = daemon.bus.address
        let before = try describe(bus)
        let change = try runScript("durability.py", ["structural", bus] + Self.refused, timeout: 60)
        try requireAcknowledged(busctl(bus, "SetBadge", "ss", "world-clock", "9"), "SetBadge")
        let stopped = daemon.stop()
        try daemon.start()
        let state = try describe(bus)
        if change.string("reply") == "ok" {
            #expect(state["Tabs"] as? [String] == Self.refused, "an acknowledged SetTabs is lost: \(daemon.log)")
        } else {
            #expect(change.string("reply") == "org.tabbard.TabBar1.Error.StateNotSaved", "\(change.output)")
            #expect(change.string("message").contains("state.json"), "\(change.output)")
            #expect(change.strings("announced").isEmpty, "\(change.output)")
            #expect(state["Tabs"] as? [String] == before["Tabs"] as? [String])
        }
        // The badge was acknowledged: it is there, or the stop said it could not save it.
        #expect(
            tabProperty(state, "world-clock", "BadgeValue") == "9" || stopped != 0,
            "exit \(stopped); log:\n\(daemon.log)")
        // A stop that cannot save what waits (a plugin's own badge, say) says so.
        #expect(daemon.stop() == 0 || daemon.log.contains("cannot save state at stop"), "\(daemon.log)")
    }
}
