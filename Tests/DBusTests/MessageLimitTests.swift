import DBus
import Foundation
import TabbardTestSupport
import Testing

/// No message the bus will refuse: a reply larger than a bus carries becomes a `LimitsExceeded`
/// error, and an error names a long value by its first 64 bytes and its length, so that the
/// bus never drops the service's connection for what a caller asked.
@Suite("Messages within the bus's limit", .timeLimit(.minutes(2)))
struct MessageLimitTests {
    @Test("a reply larger than 32 MiB is answered LimitsExceeded; the service stays on the bus")
    func oversizedReply() throws {
        let fixture = try ServiceFixture()
        let client = try Connection(.address(fixture.bus.address))
        func repeated(_ count: Int) throws(DBusError) -> Int {
            try client.call(
                destination: TestService.name, path: TestService.path.rawValue, interface: TestService.interface,
                method: "Repeat", UInt32(count), timeout: .seconds(60)
            ).decode(String.self).utf8.count
        }
        #expect(try repeated(1 << 20) == 1 << 20)
        #expect(try repeated(Connection.busMessageLimit - (1 << 20)) == Connection.busMessageLimit - (1 << 20))
        do {
            _ = try repeated(Connection.busMessageLimit + 1)
            Issue.record("a reply over the bus's limit was sent")
        } catch {
            #expect(error.name == DBusError.Names.limitsExceeded, "\(error.name)")
            #expect(
                error.message.contains("more than the 33554432 a message bus carries"), "\(error.message.prefix(200))")
        }
        #expect(try repeated(3) == 3)
    }

    @Test(
        "a string argument of 64 KiB is read; one byte more is InvalidArgs quoting its head, unread (issue 37, finding 2)"
    )
    func longestStringArgument() throws {
        let fixture = try ServiceFixture()
        let client = try Connection(.address(fixture.bus.address))
        func concat(_ first: String) throws(DBusError) -> Int {
            try client.call(
                destination: TestService.name, path: TestService.path.rawValue, interface: TestService.interface,
                method: "Concat", first, "b", timeout: .seconds(30)
            ).decode(String.self).utf8.count
        }
        #expect(try concat(String(repeating: "é", count: MethodCall.longestString / 2)) == MethodCall.longestString + 1)
        for length in [MethodCall.longestString + 1, 16 << 20] {
            do {
                _ = try concat("é" + String(repeating: "a", count: length - 2))
                Issue.record("a \(length)-byte argument was taken")
            } catch {
                #expect(error.name == DBusError.Names.invalidArgs, "\(error.name)")
                #expect(
                    error.message == "argument 1 is longer than the 65536 bytes any member takes: 'é"
                        + String(repeating: "a", count: 62) + "…' (\(length) bytes)", "\(error.message.prefix(300))")
            }
        }
    }

    @Test("errors about a 1 MB path, interface or property name quote 64 bytes of it and its length")
    func longValuesQuoted() throws {
        let fixture = try ServiceFixture()
        let client = try Connection(.address(fixture.bus.address))
        let long = String(repeating: "a", count: 1 << 20)
        var messages: [DBusError] = []
        for (path, interface, method, arguments) in [
            ("/" + long, TestService.interface, "Concat", ["x", "y"]),
            (TestService.path.rawValue, "org.freedesktop.DBus.Properties", "Get", [long, "Title"]),
            (TestService.path.rawValue, "org.freedesktop.DBus.Properties", "Get", [TestService.interface, long]),
        ] {
            let message = try Message.methodCall(
                destination: TestService.name, path: path, interface: interface, method: method)
            var writer = message.writer()
            for argument in arguments { try writer.append(argument) }
            do {
                _ = try client.call(message, timeout: .seconds(30))
            } catch {
                messages.append(error)
            }
        }
        // A name is an argument of `Get`: past `MethodCall.longestString` it is refused unread.
        #expect(
            messages.map(\.name) == [
                DBusError.Names.unknownObject, DBusError.Names.invalidArgs, DBusError.Names.invalidArgs,
            ])
        let quotes = [
            "'/" + String(repeating: "a", count: 63) + "…' (1048577 bytes)",
            "'" + String(repeating: "a", count: 64) + "…' (1048576 bytes)",
            "'" + String(repeating: "a", count: 64) + "…' (1048576 bytes)",
        ]
        for (error, quote) in zip(messages, quotes) {
            #expect(error.message.utf8.count < 256 && error.message.contains(quote), "\(error.message.prefix(300))")
        }
    }

    @Test("a quote is cut between characters, never inside one")
    func quotedCutsBetweenCharacters() {
        #expect(DBusError.quoted("short") == "'short'")
        #expect(
            DBusError.quoted(String(repeating: "é", count: 33)) == "'" + String(repeating: "é", count: 32)
                + "…' (66 bytes)")
        #expect(DBusError.quoted(String(repeating: "b", count: 64)) == "'" + String(repeating: "b", count: 64) + "'")
    }
}
