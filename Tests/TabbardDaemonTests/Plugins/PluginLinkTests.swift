import TabModel
import Testing

@testable import TabbardDaemon
@testable import TabbardPluginHost

/// The link between the daemon and an isolated plugin's helper: every message is framed,
/// bounded and validated like bus input (docs/plugins.md, Isolation).
@Suite("Plugin link messages")
struct PluginLinkTests {
    /// One message of every kind and shape.
    static let everyMessage: [PluginLinkMessage] =
        [
            .call(serial: 1, .create(tabID: "world-clock")),
            .call(serial: 2, .destroy(tabID: "world-clock")),
        ]
        + PluginLinkNotice.allCases.enumerated().map {
            .call(serial: UInt32(3 + $0.offset), .notice(tabID: "timer", $0.element))
        } + [
            .call(serial: 10, .navigate(tabID: "notes", page: "note-1")),
            .call(serial: 11, .render(tabID: "notes", page: "main")),
            .call(serial: 12, .actions(tabID: "stopwatch")),
            .call(serial: UInt32.max, .activate(tabID: "stopwatch", action: "lap")),
            .ready(name: "clock", version: "1.2.3", abi: PluginABIVersion(major: 1, minor: 0)),
            .reply(serial: 1, .done(true)),
            .reply(serial: 2, .done(false)),
            .reply(serial: 3, .content(PluginContent(title: "Zürich", mimeType: "text/plain", body: "12:00\n"))),
            .reply(serial: 4, .content(PluginContent(title: "", mimeType: "", body: ""))),
            .reply(serial: 5, .actions(["start", "stop", "lap"])),
            .reply(serial: 6, .actions([])),
            .reply(serial: 7, .failed("plugin clock: render for tab alarm failed")),
            .event(tabID: "alarm", .badge("3")),
            .event(tabID: "alarm", .badge("")),
            .event(tabID: "alarm", .badge(nil)),
            .event(tabID: "alarm", .badgeColor("#FF0000")),
            .event(tabID: "alarm", .title("Alarms")),
            .event(tabID: "alarm", .enabled(false)),
            .event(tabID: "alarm", .contentChanged),
            .event(tabID: "alarm", .pushPage("edit")),
            .event(tabID: "alarm", .iconNames(icon: "alarm-symbolic", selected: "")),
            .event(
                tabID: "alarm",
                .iconPixmaps([
                    IconPixmap(width: 2, height: 2, argb: Array(0..<16)),
                    IconPixmap(width: 256, height: 256, argb: [UInt8](repeating: 7, count: 256 * 256 * 4)),
                ])),
            .event(tabID: "alarm", .iconPixmaps([])),
            .event(tabID: "alarm", .iconRefused("set_icon_pixmaps passed 5 sizes")),
        ]

    func payload(_ message: PluginLinkMessage) -> [UInt8] { Array(message.frame.dropFirst(4)) }

    func refusal(_ payload: [UInt8]) -> PluginLinkError? {
        do {
            _ = try PluginLinkMessage(payload: payload[...])
            return nil
        } catch {
            return error
        }
    }

    @Test("every kind of message reads back as written")
    func roundTrip() throws {
        for message in Self.everyMessage {
            let frame = message.frame
            #expect(frame.count == 4 + payload(message).count)
            #expect(try PluginLinkMessage(payload: frame.dropFirst(4)) == message)
        }
    }

    @Test("messages cut anywhere in the stream come out whole, in order, and only once complete")
    func streamCutAnywhere() throws {
        let stream = Self.everyMessage.flatMap(\.frame)
        var inbox = PluginLinkInbox()
        var read: [PluginLinkMessage] = []
        for byte in stream {
            inbox.append([byte])
            while let message = try inbox.next() { read.append(message) }
        }
        #expect(read == Self.everyMessage)
        #expect(!inbox.holdsPartialFrame)
        inbox.append(Self.everyMessage[0].frame.dropLast())
        #expect(try inbox.next() == nil && inbox.holdsPartialFrame)
    }

    @Test("a frame declaring more than the limit is refused on its length alone, before its payload")
    func oversizedFrame() {
        var inbox = PluginLinkInbox()
        let declared = PluginLinkMessage.maximumPayload + 1
        inbox.append([
            UInt8(declared & 0xFF), UInt8(declared >> 8 & 0xFF), UInt8(declared >> 16 & 0xFF), UInt8(declared >> 24),
        ])
        #expect(throws: PluginLinkError.oversized(declared)) { try inbox.next() }
        var huge = PluginLinkInbox()
        huge.append([0xFF, 0xFF, 0xFF, 0xFF])
        #expect(throws: PluginLinkError.oversized(Int(UInt32.max))) { try huge.next() }
    }

    @Test("text at its limit passes; a byte more is refused (docs/plugins.md, Limits)")
    func textLimits() throws {
        let body = String(repeating: "a", count: PluginText.Field.body.limit)
        let page = PluginLinkMessage.reply(
            serial: 1, .content(PluginContent(title: "t", mimeType: "text/plain", body: body)))
        #expect(try PluginLinkMessage(payload: page.frame.dropFirst(4)) == page)
        let longer = PluginLinkMessage.reply(
            serial: 1, .content(PluginContent(title: "t", mimeType: "text/plain", body: body + "a")))
        #expect(
            refusal(payload(longer))
                == .malformed("a body of \(body.utf8.count + 1) bytes, more than \(body.utf8.count)"))
        let longID = String(repeating: "t", count: 65)
        #expect(
            refusal(payload(.event(tabID: longID, .contentChanged))) == .malformed("a tab id of 65 bytes, more than 64")
        )
        #expect(
            refusal(payload(.event(tabID: "t", .badgeColor("#FF00000"))))
                == .malformed("a badge color of 8 bytes, more than 7"))
        let tooMany = PluginLinkMessage.reply(
            serial: 1, .actions(Array(repeating: "a", count: Int(PluginTab.maximumActions) + 1)))
        #expect(refusal(payload(tooMany)) == .malformed("1025 actions, more than 1024"))
    }

    @Test("unknown kinds, bad flags, text that is not UTF-8 and bytes past the end are refused")
    func malformedPayloads() {
        #expect(refusal([]) == .malformed("it ends before its kind"))
        #expect(refusal([99]) == .malformed("unknown message kind 99"))
        var unknownCall = payload(.call(serial: 1, .create(tabID: "t")))
        unknownCall[5] = 42
        #expect(refusal(unknownCall) == .malformed("unknown call 42"))
        var unknownNotice = payload(.call(serial: 1, .notice(tabID: "t", .back)))
        unknownNotice[unknownNotice.count - 1] = 0
        #expect(refusal(unknownNotice) == .malformed("unknown notice 0"))
        var badFlag = payload(.reply(serial: 1, .done(true)))
        badFlag[badFlag.count - 1] = 2
        #expect(refusal(badFlag) == .malformed("done is 2, neither 0 nor 1"))
        var notText = payload(.event(tabID: "t", .title("ab")))
        notText[notText.count - 1] = 0xFF
        #expect(refusal(notText) == .malformed("its title is not UTF-8"))
        #expect(refusal(payload(.reply(serial: 1, .done(true))) + [0]) == .malformed("1 bytes follow its last field"))
        #expect(
            refusal(Array(payload(.ready(name: "clock", version: "1", abi: .host)).dropLast()))
                == .malformed("it ends before its ABI minor"))
        #expect(
            refusal(Array(payload(.event(tabID: "t", .pushPage("next"))).dropLast()))
                == .malformed("it ends inside its page"))
    }

    @Test(
        "icon pixmaps: at most 4 and 256 × 256 × 4 bytes each on the link, so a list fits a frame; the rest is the model's to judge (ICON-3)"
    )
    func pixmapBounds() {
        let one = IconPixmap(width: 1, height: 1, argb: [1, 2, 3, 4])
        var five = payload(.event(tabID: "t", .iconPixmaps(Array(repeating: one, count: 4))))
        let countAt = 1 + 4 + 1 + 1 // kind, the tab id's length, "t", the change
        five[countAt] = 5
        #expect(refusal(five) == .malformed("5 icon pixmaps, more than 4"))
        let big = IconPixmap(width: 300, height: 300, argb: [UInt8](repeating: 0, count: 300 * 300 * 4))
        #expect(
            refusal(payload(.event(tabID: "t", .iconPixmaps([big]))))
                == .malformed("an icon pixmap of 360000 bytes, more than 262144"))
        #expect(
            refusal(Array(payload(.event(tabID: "t", .iconPixmaps([one]))).dropLast()))
                == .malformed("it ends inside an icon pixmap"))
        // Four of the largest fit a frame.
        let largest = IconPixmap(width: 256, height: 256, argb: [UInt8](repeating: 0, count: 256 * 256 * 4))
        #expect(
            payload(.event(tabID: String(repeating: "t", count: 64), .iconPixmaps(Array(repeating: largest, count: 4))))
                .count
                <= PluginLinkMessage.maximumPayload)
        // A 2×2 pixmap of 15 bytes crosses the link; the model refuses it (ICON-3).
        let short = PluginLinkMessage.event(
            tabID: "t", .iconPixmaps([IconPixmap(width: 2, height: 2, argb: [UInt8](repeating: 0, count: 15))]))
        #expect(refusal(payload(short)) == nil)
    }

    @Test("a malformed payload inside a well-formed frame is refused by the inbox")
    func inboxRefusesMalformedPayload() {
        var inbox = PluginLinkInbox()
        inbox.append([1, 0, 0, 0, 99])
        #expect(throws: PluginLinkError.malformed("unknown message kind 99")) { try inbox.next() }
    }
}
