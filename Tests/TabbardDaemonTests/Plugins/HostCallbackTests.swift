import Foundation
import TabbardPluginABI
import Testing

@testable import TabbardDaemon
@testable import TabbardPluginHost

/// The host callbacks as a plugin calls them, without a daemon: every handle is looked up before
/// use, and every string read no further than its limit (docs/plugins.md, Limits).
@Suite("Host callbacks")
struct HostCallbackTests {
    @Test("a tab handle the host never made, or NULL, is logged and ignored; one of a destroyed tab is dropped quietly")
    func forgedTabHandles() throws {
        let captured = CapturedLog()
        let host = HostCallbacks.table(plugin: "forger", log: captured.log).pointee
        let recorder = EventRecorder()
        let handle = HostHandles.shared.issue(
            TabContext(plugin: "forger", tabID: "real", sink: recorder.sink, log: captured.log))
        host.set_badge!(handle, "1")
        for forged in [
            OpaquePointer(bitPattern: 0x10), OpaquePointer(bitPattern: 0xdead_beef), nil,
            OpaquePointer(bitPattern: UInt(bitPattern: handle) + 8),
        ] {
            host.set_badge!(forged, "2")
            host.set_title!(forged, "Forged")
            host.set_enabled!(forged, false)
            host.content_changed!(forged)
        }
        HostHandles.shared.retire(handle)
        host.set_badge!(handle, "3")
        #expect(recorder.changes(for: "real") == [.badge("1")])
        let refusals = captured.lines.filter { $0.contains("was given a tab handle the host never made") }
        #expect(refusals.count == 16, "\(captured.lines)")
        #expect(
            refusals.contains { $0.contains("set_title was given a tab handle the host never made (0x10); ignored") })
        #expect(refusals.contains { $0.contains("(0x0); ignored") })
        #expect(
            !captured.lines.contains { $0.contains("(0x\(String(UInt(bitPattern: handle), radix: 16)))") },
            "\(captured.lines)")
    }

    @Test("log through a host table the host never made is logged and ignored; its own table speaks for its plugin")
    func forgedHostTable() {
        let captured = CapturedLog()
        let table = HostCallbacks.table(plugin: "speaker", log: captured.log)
        table.pointee.log!(table, Int32(TABBARD_LOG_NOTICE.rawValue), "hello")
        table.pointee.log!(UnsafePointer(bitPattern: 0xdead_beef), Int32(TABBARD_LOG_ERROR.rawValue), "forged")
        #expect(captured.lines.contains("tabbard[notice]: plugin speaker: hello"), "\(captured.lines)")
        #expect(
            captured.lines.contains {
                $0.hasSuffix("log was given a host table the host never made (0xdeadbeef); ignored")
            }, "\(captured.lines)")
        #expect(!captured.lines.contains { $0.contains("forged") })
    }

    @Test(
        "text over its limit is refused without being read to its end; log lines are cut; bad UTF-8 is refused or repaired"
    )
    func textLimits() throws {
        func read(_ text: [UInt8], _ field: PluginText.Field, repairing: Bool = false) -> Result<
            String, PluginText.Refusal
        > {
            (text + [0]).withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    Result { () throws(PluginText.Refusal) in
                        try PluginText.read(chars.baseAddress, for: field, repairing: repairing)
                    }
                }
            }
        }
        let title = [UInt8](repeating: UInt8(ascii: "t"), count: 256)
        #expect(try read(title, .title).get().utf8.count == 256)
        #expect(read(title + [UInt8(ascii: "t")], .title) == .failure(.tooLong(.title)))
        #expect(read(Array("#FF0000".utf8), .badgeColor) == .success("#FF0000"))
        #expect(read(Array("#FF00000".utf8), .badgeColor) == .failure(.tooLong(.badgeColor)))
        #expect(read([0x41, 0xFF], .page) == .failure(.notUTF8))
        #expect(read([0x41, 0xFF], .body, repairing: true) == .success("A\u{FFFD}"))
        #expect(Result { () throws(PluginText.Refusal) in try PluginText.read(nil, for: .badge) } == .failure(.null))
        #expect(PluginText.Refusal.tooLong(.action).description == "an action name of more than 64 bytes")
        #expect(PluginText.Refusal.tooLong(.body).description == "a body of more than 1048576 bytes")

        // A 1 MB line is cut to its first 4096 bytes, and says so.
        let line = [UInt8](repeating: UInt8(ascii: "l"), count: 1 << 20) + [0]
        let cut = line.withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { PluginText.logLine($0.baseAddress!) }
        }
        #expect(cut == String(repeating: "l", count: 4096) + "… (cut at 4096 bytes)")
        let short = Array("short line".utf8CString)
        #expect(short.withUnsafeBufferPointer { PluginText.logLine($0.baseAddress!) } == "short line")
    }
}
