import Testing

@testable import TabbardDaemon
@testable import TabbardPluginHost

@Suite("plugins.state lines")
struct PluginRecordLineTests {
    private func parse(_ text: String) -> [PluginFingerprint: PluginRecord] {
        PluginRecords.parse(Array(text.utf8))
    }

    @Test("a record reads back as written, a reason's line breaks and tabs made spaces")
    func roundTrip() {
        let records: [(PluginFingerprint, PluginRecord)] = [
            (
                PluginFingerprint(
                    path: "/usr/lib/tabbard/plugins/libclock.so", size: 402_968, modified: 1_795_819_243_325_207_854),
                PluginRecord(probed: true, failures: 0, reason: "")
            ),
            (
                PluginFingerprint(path: "/opt/plugins/bücher mit leerzeichen.so", size: 1, modified: -5),
                PluginRecord(probed: false, failures: 3, reason: "killed by signal 11 (SIGSEGV)")
            ),
            (
                PluginFingerprint(path: "/p/odd\tname\n.so", size: 7, modified: 0),
                PluginRecord(probed: false, failures: 12, reason: "first\nsecond\tthird\r\nfourth")
            ),
        ]
        let text = records.map { PluginRecords.line($0.0, $0.1) }.joined()
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == records.count + 1)
        let read = parse(text)
        #expect(read.count == 3)
        #expect(read[records[0].0] == records[0].1)
        #expect(read[records[1].0] == records[1].1)
        let odd = PluginFingerprint(path: "/p/odd name .so", size: 7, modified: 0)
        #expect(read[odd] == PluginRecord(probed: false, failures: 12, reason: "first second third\r fourth"))
    }

    @Test(
        "a line that is not a record is left out, and the others are kept",
        arguments: [
            "", "ok", "ok 0 1 2", "ok 0 1 2 \t", "maybe 0 1 2 /p.so\t", "ok x 1 2 /p.so\t", "ok 0 1.5 2 /p.so\t",
            "ok 0 1 99999999999999999999 /p.so\t", "ok  0 1 2 /p.so\t", "\u{FEFF}ok 0 1 2 /p.so\t",
        ])
    func malformed(line: String) {
        let read = parse("ok 1 2 3 /kept.so\tfine\n" + line + "\nbad 4 5 6 /also.so\n")
        #expect(read.count == 2)
        #expect(
            read[PluginFingerprint(path: "/kept.so", size: 2, modified: 3)]
                == PluginRecord(probed: true, failures: 1, reason: "fine"))
        #expect(
            read[PluginFingerprint(path: "/also.so", size: 5, modified: 6)]
                == PluginRecord(probed: false, failures: 4, reason: ""))
    }

    @Test("a path with spaces stays whole, and bytes that are not UTF-8 do not stop the reading")
    func pathsAndBytes() {
        var bytes = Array("ok 0 1 2 /a b/c d.so\tspaced\n".utf8)
        bytes +=
            [UInt8(ascii: "o"), UInt8(ascii: "k")] + Array(" 0 1 2 /x".utf8) + [0xFF, 0xC3] + Array(".so\t\n".utf8)
        let read = PluginRecords.parse(bytes)
        #expect(read[PluginFingerprint(path: "/a b/c d.so", size: 1, modified: 2)]?.reason == "spaced")
        #expect(
            read[PluginFingerprint(path: "/x\u{FFFD}\u{FFFD}.so", size: 1, modified: 2)]
                == PluginRecord(probed: true, failures: 0, reason: ""))
    }
}
