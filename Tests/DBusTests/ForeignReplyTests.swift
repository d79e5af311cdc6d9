import CDBus
import DBus
import Foundation
import TabbardTestSupport
import Testing

/// A bare libdbus connection to the test bus, without a loop: it reads the calls sent to it and
/// sends whatever message a test makes, as a peer or as a forger would.
private final class RawPeer {
    let raw: OpaquePointer
    let uniqueName: String

    init(address: String) throws {
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        guard let connection = dbus_connection_open_private(address, &error), dbus_bus_register(connection, &error) != 0
        else {
            dbus_error_free(&error)
            throw TestFailure("cannot connect to \(address)")
        }
        raw = connection
        uniqueName = String(cString: dbus_bus_get_unique_name(connection))
    }

    deinit {
        dbus_connection_close(raw)
        dbus_connection_unref(raw)
    }

    /// The next method call sent to this peer, waiting at most 10 s.
    func nextCall() -> OpaquePointer? {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            _ = dbus_connection_read_write(raw, 100)
            while let message = dbus_connection_pop_message(raw) {
                if dbus_message_get_type(message) == DBUS_MESSAGE_TYPE_METHOD_CALL { return message }
                dbus_message_unref(message)
            }
        }
        return nil
    }

    /// Sends a reply carrying `text` to the call with `serial` from `destination`, as anyone may.
    func reply(to serial: UInt32, of destination: String, _ text: String) {
        let reply = dbus_message_new(DBUS_MESSAGE_TYPE_METHOD_RETURN)!
        dbus_message_set_reply_serial(reply, serial)
        dbus_message_set_destination(reply, destination)
        var iter = DBusMessageIter()
        dbus_message_iter_init_append(reply, &iter)
        text.withCString { start in
            var pointer: UnsafePointer<CChar>? = start
            _ = dbus_message_iter_append_basic(&iter, Int32(UInt8(ascii: "s")), &pointer)
        }
        dbus_connection_send(raw, reply, nil)
        dbus_connection_flush(raw)
        dbus_message_unref(reply)
    }
}

/// Replies only from whom they were asked (`ExpectedReplies`): on a bus that forwards
/// unrequested replies, as the open policy of the tests does, a reply to an asynchronous call
/// from anyone but the connection asked is dropped and reported, and the true answer still
/// completes the call; the bus's own answers and libdbus's timeouts still count.
@Suite("Replies from whom they were asked", .timeLimit(.minutes(1)))
struct ForeignReplyTests {
    @Test("a forged reply with the call's serial is dropped and reported; the peer's own reply completes the call")
    func forgedReplyDropped() throws {
        let bus = try PrivateBus()
        let reports = Inbox<ForeignReply>()
        let client = try Client(address: bus.address) { reports.put($0) }
        let peer = try RawPeer(address: bus.address)
        let forger = try RawPeer(address: bus.address)
        let results = Inbox<String>()
        try client.run { connection in
            client.keep(
                try connection.callAsync(
                    destination: peer.uniqueName, path: "/peer", interface: "org.example.Peer",
                    method: "Ask", timeout: .seconds(20)
                ) { result in
                    results.put((try? result.get().decode(String.self)) ?? (result.failureName ?? "?"))
                })
        }
        let call = try #require(peer.nextCall())
        let serial = dbus_message_get_serial(call)
        let caller = String(cString: dbus_message_get_sender(call))
        forger.reply(to: serial, of: caller, "forged")
        let report = reports.wait(for: 1)
        #expect(report.map { [$0.member, $0.sender, $0.answerer] } == [["Ask", forger.uniqueName, peer.uniqueName]])
        #expect(results.current.isEmpty)
        peer.reply(to: serial, of: caller, "genuine")
        #expect(results.wait(for: 1) == ["genuine"])
        dbus_message_unref(call)
        #expect(
            report.first?.description
                == "ignored a reply to Ask from \(forger.uniqueName): only \(peer.uniqueName) (or the bus) answers it")
    }

    @Test("the bus's answer for a peer that is gone, and libdbus's timeout, still complete a call")
    func busAndTimeoutStillAnswer() throws {
        let bus = try PrivateBus()
        let reports = Inbox<ForeignReply>()
        let client = try Client(address: bus.address) { reports.put($0) }
        let silent = try RawPeer(address: bus.address)
        let results = Inbox<String>()
        try client.run { connection in
            client.keep(
                try connection.callAsync(
                    destination: ":1.9999", path: "/peer", interface: "org.example.Peer",
                    method: "Ask", timeout: .seconds(20)
                ) { result in
                    results.put("gone: " + (result.failureName ?? "answered"))
                })
            client.keep(
                try connection.callAsync(
                    destination: silent.uniqueName, path: "/peer", interface: "org.example.Peer",
                    method: "Ask", timeout: .milliseconds(200)
                ) { result in
                    results.put("silent: " + (result.failureName ?? "answered"))
                })
        }
        #expect(
            Set(results.wait(for: 2, timeout: 10)) == [
                "gone: org.freedesktop.DBus.Error.ServiceUnknown",
                "silent: org.freedesktop.DBus.Error.NoReply",
            ])
        #expect(reports.current.isEmpty)
    }
}
