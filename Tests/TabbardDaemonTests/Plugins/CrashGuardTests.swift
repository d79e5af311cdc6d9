import CCrashGuard
import Foundation
import Testing

@testable import DaemonBase
@testable import TabbardDaemon
@testable import TabbardPluginHost

/// What the crash guard's handlers would do, tried alive: which module an address or a stack
/// belongs to, and the `plugins.state` a crash writes. (The handlers themselves run in the
/// daemon, in `PluginCrashTests`; installing them here would turn the test run's own exit into
/// a failure.)
@Suite("Crash guard")
struct CrashGuardTests {
    /// A fixture plugin loaded into this process, and the address of its entry point.
    static func loadedFixture(_ name: String) throws -> UnsafeRawPointer {
        let directory = try TemporaryDirectory()
        try compileFixture(name, in: directory)
        let handle = try #require(dlopen(directory.path + "/lib\(name).so", RTLD_NOW | RTLD_LOCAL))
        return UnsafeRawPointer(try #require(dlsym(handle, "tabbard_plugin_entry_v1")))
    }

    static let clock = PluginFingerprint(path: "/plugins/libclock.so", size: 1234, modified: 1_700_000_000_123_456_789)
    static let crasher = PluginFingerprint(path: "/plugins/libcrasher.so", size: 99, modified: 5)

    @Test("a module is found by any address in its code, and a stack by the innermost word that points into it")
    func whereCodeLies() throws {
        let entry = try Self.loadedFixture("located")
        let module = try #require(CrashGuard().register(plugin: "located", fingerprint: nil, code: entry))
        let inside = UInt(bitPattern: entry) + 4
        #expect(crash_guard_module_at(inside) == module.entry)
        let heap = malloc(16)!
        defer { free(heap) }
        #expect(crash_guard_module_at(UInt(bitPattern: heap)) == nil)
        #expect(crash_guard_module_at(0) == nil)

        // A stack as a thread's would look: data, then a return address into the module.
        let stack: [UInt] = [0, UInt(bitPattern: heap), 42, inside, 7]
        stack.withUnsafeBufferPointer { words in
            let low = UInt(bitPattern: words.baseAddress!)
            let high = low + UInt(words.count * MemoryLayout<UInt>.size)
            #expect(crash_guard_scan(low, high) == module.entry)
            // Above the frame that called into the module: nothing of it.
            #expect(crash_guard_scan(low, low + 3 * UInt(MemoryLayout<UInt>.size)) == nil)
        }
    }

    @Test(
        "a module registered before its load has no code until it is located, then is found by any address in it, once")
    func registeredBeforeLoad() throws {
        let module = try #require(CrashGuard().register(plugin: "late", fingerprint: nil, code: nil))
        let entry = try Self.loadedFixture("late")
        let inside = UInt(bitPattern: entry) + 4
        #expect(crash_guard_module_at(inside) == nil)
        #expect(module.locate(code: entry))
        #expect(crash_guard_module_at(inside) == module.entry)
        #expect(!module.locate(code: entry))
    }

    @Test("a crash writes back every published line, with one more failure and its reason for the blamed module")
    func recordsOfACrash() throws {
        let entry = try Self.loadedFixture("recorded")
        let guarded = CrashGuard()
        let records = [
            Self.clock: PluginRecord(probed: true, failures: 0, reason: ""),
            Self.crasher: PluginRecord(
                probed: true, failures: 1, reason: "render for tab a did not return within 300 ms"),
        ]
        guarded.publish(PluginRecords.entries(of: records))
        let blamed = try #require(guarded.register(plugin: "crasher", fingerprint: Self.crasher, code: entry))
        let unknown = try #require(
            guarded.register(
                plugin: "other", fingerprint: PluginFingerprint(path: "/x.so", size: 1, modified: 1), code: entry))

        let directory = try TemporaryDirectory()
        let path = directory.path + "/plugins.state"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        #expect(crash_guard_write_records(fd, unknown.entry, "crashed") == 0)
        #expect(crash_guard_write_records(fd, blamed.entry, "a thread of the plugin crashed (SIGSEGV)") == 2)
        close(fd)
        let written = PluginRecords.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(
            written == [
                Self.clock: PluginRecord(probed: true, failures: 0, reason: ""),
                Self.crasher: PluginRecord(
                    probed: true, failures: 2, reason: "a thread of the plugin crashed (SIGSEGV)"),
            ])

        // PluginRecords hands every change to the guard: a later count is the one a crash continues.
        let file = StateFile(directory: directory.path, name: PluginRecords.fileName)
        let kept = PluginRecords(file: file, log: quietLog, crashGuard: guarded)
        kept.recordFailure(Self.crasher, reason: "activate for tab a did not return within 300 ms")
        let again = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        #expect(crash_guard_write_records(again, blamed.entry, "activate for tab a crashed (SIGABRT)") == 4)
        close(again)
        #expect(
            PluginRecords(file: file, log: quietLog).record(for: Self.crasher)
                == PluginRecord(probed: true, failures: 4, reason: "activate for tab a crashed (SIGABRT)"))
    }
}
