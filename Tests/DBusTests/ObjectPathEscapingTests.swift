import DBus
import Testing

/// The one codec of the bus contract's object-path escaping (dbus-api.md, "Names"): the daemon
/// names tab objects with `appending(escaping:)` and tabctl reads them back with
/// `element(below:)`.
@Suite("Object paths: escaping any string into one element, and back")
struct ObjectPathEscapingTests {
    static let tabs: ObjectPath = "/org/tabbard/TabBar1/tab"

    @Test(
        "bytes outside [A-Za-z0-9] become _ and two lowercase hex digits",
        arguments: [
            ("world-clock", "/org/tabbard/TabBar1/tab/world_2dclock"),
            ("alarm", "/org/tabbard/TabBar1/tab/alarm"),
            ("a_b.c", "/org/tabbard/TabBar1/tab/a_5fb_2ec"),
            ("é", "/org/tabbard/TabBar1/tab/_c3_a9"),
            ("", "/org/tabbard/TabBar1/tab/_"),
        ])
    func escaping(id: String, path: String) {
        #expect(Self.tabs.appending(escaping: id).rawValue == path)
        #expect(ObjectPath.root.appending(escaping: id).rawValue == "/" + path.split(separator: "/").last!)
    }

    @Test("every string comes back from its path, and makes a valid path")
    func roundTrip() throws {
        var samples = (1...0x7F).map { String(UnicodeScalar(UInt8($0))) }
        samples += [
            "world-clock", "most-viewed", "_", "__", "_2d", "tab with spaces", "ünïcödé", "🙂", "a\u{0}b", "x/y",
        ]
        for sample in samples {
            let path = Self.tabs.appending(escaping: sample)
            #expect(Validation.isValid(path.rawValue, as: .objectPath), "\(path)")
            #expect(path.element(below: Self.tabs) == sample, "\(path)")
            #expect(try ObjectPath(path.rawValue) == path)
        }
    }

    @Test(
        "a path the encoder does not write decodes to nothing",
        arguments: [
            "/org/tabbard/TabBar1/tab/world_2Dclock", // uppercase hex
            "/org/tabbard/TabBar1/tab/a_2", // cut short
            "/org/tabbard/TabBar1/tab/_61", // a plain byte escaped
            "/org/tabbard/TabBar1/tab/_ff", // not UTF-8
            "/org/tabbard/TabBar1/tab/a/b", // two elements below
            "/org/tabbard/TabBar1/tab", // the parent itself
            "/org/tabbard/TabBar1/tabs/alarm", // beside, not below
            "/org/tabbard/TabBar1/bar",
        ])
    func notAnEncoding(path: String) throws {
        #expect(try ObjectPath(path).element(below: Self.tabs) == nil)
    }
}
