import TabModel

/// How a link message is framed: a 4-byte little-endian length, then that many bytes of
/// payload. The payload is a kind byte, then the kind's fields in a fixed order: 4-byte
/// little-endian integers, single bytes, and strings as a 4-byte length and that many bytes of
/// UTF-8. Every string has the limit of what it carries (a tab id ID-1's 64 bytes, a body
/// 1 MiB: docs/plugins.md, Limits), a list at most `PluginTab.maximumActions` strings, and
/// nothing may follow the last field. Anything else is `PluginLinkError`: the daemon ends a
/// helper that sends it.
extension PluginLinkMessage {
    /// The most bytes of payload a frame may declare: the largest reply (a page with a 1 MiB
    /// body, its title and MIME type, 1,000 rows and 1,024 action labels, each field at its
    /// limit) and its framing, with room to spare.
    static let maximumPayload =
        (1 << 20) + PluginContent.maximumRows * rowLimit + Int(PluginTab.maximumActions) * labelLimit + 8192

    /// The most bytes one row takes on the link: its six strings at their limits with their
    /// lengths, its clock, and the count of fields.
    static let rowLimit =
        [PluginText.Field.rowID, .title, .detail, .iconName, .page, .action].reduce(0) { $0 + 4 + $1.limit } + 21
    /// The most bytes one action label takes on the link.
    static let labelLimit = [PluginText.Field.action, .label, .iconName].reduce(0) { $0 + 4 + $1.limit }
    /// A locale name, as the controller's `Locale` is bounded.
    static let localeLimit = 255

    /// The frame of this message: its length, then its payload.
    var frame: [UInt8] {
        var payload = LinkWriter()
        switch self {
        case .call(let serial, let call):
            payload.byte(Kind.call)
            payload.integer(serial)
            switch call {
            case .create(let tab): payload.byte(CallKind.create); payload.text(tab)
            case .destroy(let tab): payload.byte(CallKind.destroy); payload.text(tab)
            case .notice(let tab, let notice):
                payload.byte(CallKind.notice); payload.text(tab); payload.byte(notice.rawValue)
            case .navigate(let tab, let page): payload.byte(CallKind.navigate); payload.text(tab); payload.text(page)
            case .render(let tab, let page): payload.byte(CallKind.render); payload.text(tab); payload.text(page)
            case .actions(let tab): payload.byte(CallKind.actions); payload.text(tab)
            case .activate(let tab, let action):
                payload.byte(CallKind.activate); payload.text(tab); payload.text(action)
            case .locale(let tab, let locale): payload.byte(CallKind.locale); payload.text(tab); payload.text(locale)
            }
        case .ready(let name, let version, let abi):
            payload.byte(Kind.ready)
            payload.text(name)
            payload.text(version)
            payload.integer(abi.major)
            payload.integer(abi.minor)
        case .reply(let serial, let reply):
            payload.byte(Kind.reply)
            payload.integer(serial)
            switch reply {
            case .done(let done): payload.byte(ReplyKind.done); payload.byte(done ? 1 : 0)
            case .content(let content):
                payload.byte(ReplyKind.content)
                payload.text(content.title)
                payload.text(content.mimeType)
                payload.text(content.body)
                payload.page(content)
            case .actions(let names):
                payload.byte(ReplyKind.actions)
                payload.integer(UInt32(names.count))
                for name in names { payload.text(name) }
            case .failed(let reason): payload.byte(ReplyKind.failed); payload.text(reason)
            }
        case .event(let tab, let change):
            payload.byte(Kind.event)
            payload.text(tab)
            switch change {
            case .badge(nil): payload.byte(ChangeKind.badgeRemoved)
            case .badge(let badge?): payload.byte(ChangeKind.badge); payload.text(badge)
            case .badgeColor(let color): payload.byte(ChangeKind.badgeColor); payload.text(color)
            case .title(let title): payload.byte(ChangeKind.title); payload.text(title)
            case .enabled(let enabled): payload.byte(ChangeKind.enabled); payload.byte(enabled ? 1 : 0)
            case .contentChanged: payload.byte(ChangeKind.contentChanged)
            case .pushPage(let page): payload.byte(ChangeKind.pushPage); payload.text(page)
            case .iconNames(let icon, let selected):
                payload.byte(ChangeKind.iconNames); payload.text(icon); payload.text(selected)
            case .iconPixmaps(let pixmaps):
                payload.byte(ChangeKind.iconPixmaps)
                payload.integer(UInt32(pixmaps.count))
                for pixmap in pixmaps {
                    payload.integer(UInt32(bitPattern: pixmap.width))
                    payload.integer(UInt32(bitPattern: pixmap.height))
                    payload.integer(UInt32(pixmap.argb.count))
                    payload.bytes.append(contentsOf: pixmap.argb)
                }
            case .iconRefused(let reason): payload.byte(ChangeKind.iconRefused); payload.text(reason)
            }
        }
        var frame = LinkWriter()
        frame.integer(UInt32(payload.bytes.count))
        return frame.bytes + payload.bytes
    }

    /// Reads one payload (a frame without its length), refusing anything but exactly one
    /// well-formed message whose every field is within its limit.
    init(payload: ArraySlice<UInt8>) throws(PluginLinkError) {
        guard payload.count <= Self.maximumPayload else { throw .oversized(payload.count) }
        var reader = LinkReader(payload)
        switch try reader.byte("kind") {
        case Kind.call:
            let serial = try reader.integer("serial")
            let kind = try reader.byte("call")
            let tab = try reader.text("tab id", limit: TabIdentifier.maximumLength)
            let call: PluginLinkCall
            switch kind {
            case CallKind.create: call = .create(tabID: tab)
            case CallKind.destroy: call = .destroy(tabID: tab)
            case CallKind.notice:
                let raw = try reader.byte("notice")
                guard let notice = PluginLinkNotice(rawValue: raw) else { throw .malformed("unknown notice \(raw)") }
                call = .notice(tabID: tab, notice)
            case CallKind.navigate:
                call = .navigate(tabID: tab, page: try reader.text("page", limit: PluginText.Field.page.limit))
            case CallKind.render:
                call = .render(tabID: tab, page: try reader.text("page", limit: PluginText.Field.page.limit))
            case CallKind.actions: call = .actions(tabID: tab)
            case CallKind.activate:
                call = .activate(tabID: tab, action: try reader.text("action", limit: PluginText.Field.action.limit))
            case CallKind.locale: call = .locale(tabID: tab, locale: try reader.text("locale", limit: Self.localeLimit))
            default: throw .malformed("unknown call \(kind)")
            }
            self = .call(serial: serial, call)
        case Kind.ready:
            let name = try reader.text("plugin name", limit: TabIdentifier.maximumLength)
            let version = try reader.text("version", limit: Self.versionLimit)
            self = .ready(
                name: name, version: version,
                abi: PluginABIVersion(major: try reader.integer("ABI major"), minor: try reader.integer("ABI minor")))
        case Kind.reply:
            let serial = try reader.integer("serial")
            let kind = try reader.byte("reply")
            switch kind {
            case ReplyKind.done: self = .reply(serial: serial, .done(try reader.flag("done")))
            case ReplyKind.content:
                let title = try reader.text("title", limit: PluginText.Field.title.limit)
                let mimeType = try reader.text("MIME type", limit: PluginText.Field.mimeType.limit)
                let body = try reader.text("body", limit: PluginText.Field.body.limit)
                var content = PluginContent(title: title, mimeType: mimeType, body: body)
                try reader.page(into: &content)
                self = .reply(serial: serial, .content(content))
            case ReplyKind.actions:
                let count = try reader.integer("action count")
                guard count <= PluginTab.maximumActions else {
                    throw .malformed("\(count) actions, more than \(PluginTab.maximumActions)")
                }
                var names: [String] = []
                for _ in 0..<count { names.append(try reader.text("action", limit: PluginText.Field.action.limit)) }
                self = .reply(serial: serial, .actions(names))
            case ReplyKind.failed:
                self = .reply(serial: serial, .failed(try reader.text("reason", limit: Self.reasonLimit)))
            default: throw .malformed("unknown reply \(kind)")
            }
        case Kind.event:
            let tab = try reader.text("tab id", limit: TabIdentifier.maximumLength)
            let kind = try reader.byte("change")
            let change: PluginTabEvent.Change
            switch kind {
            case ChangeKind.badgeRemoved: change = .badge(nil)
            case ChangeKind.badge: change = .badge(try reader.text("badge", limit: PluginText.Field.badge.limit))
            case ChangeKind.badgeColor:
                change = .badgeColor(try reader.text("badge color", limit: PluginText.Field.badgeColor.limit))
            case ChangeKind.title: change = .title(try reader.text("title", limit: PluginText.Field.title.limit))
            case ChangeKind.enabled: change = .enabled(try reader.flag("enabled"))
            case ChangeKind.contentChanged: change = .contentChanged
            case ChangeKind.pushPage: change = .pushPage(try reader.text("page", limit: PluginText.Field.page.limit))
            case ChangeKind.iconNames:
                change = .iconNames(
                    icon: try reader.text("icon name", limit: PluginText.Field.iconName.limit),
                    selected: try reader.text("selected icon name", limit: PluginText.Field.iconName.limit))
            case ChangeKind.iconPixmaps: change = .iconPixmaps(try reader.pixmaps())
            case ChangeKind.iconRefused: change = .iconRefused(try reader.text("refusal", limit: Self.reasonLimit))
            default: throw .malformed("unknown change \(kind)")
            }
            self = .event(tabID: tab, change)
        case let kind:
            throw .malformed("unknown message kind \(kind)")
        }
        try reader.requireEnd()
    }

    // MARK: Limits of the fields no other limit covers

    /// A plugin's version, as its table reports it.
    static let versionLimit = 256
    /// The reason of a failed call: a `PluginCallError`'s words with a quoted refusal.
    static let reasonLimit = 1024

    // MARK: Tags

    private enum Kind {
        static let call: UInt8 = 1, ready: UInt8 = 2, reply: UInt8 = 3, event: UInt8 = 4
    }

    private enum CallKind {
        static let create: UInt8 = 1, destroy: UInt8 = 2, notice: UInt8 = 3, navigate: UInt8 = 4, render: UInt8 = 5,
            actions: UInt8 = 6, activate: UInt8 = 7, locale: UInt8 = 8
    }

    private enum ReplyKind {
        static let done: UInt8 = 1, content: UInt8 = 2, actions: UInt8 = 3, failed: UInt8 = 4
    }

    private enum ChangeKind {
        static let badgeRemoved: UInt8 = 1, badge: UInt8 = 2, badgeColor: UInt8 = 3, title: UInt8 = 4,
            enabled: UInt8 = 5,
            contentChanged: UInt8 = 6, pushPage: UInt8 = 7, iconNames: UInt8 = 8, iconPixmaps: UInt8 = 9,
            iconRefused: UInt8 = 10
    }
}

/// Why bytes from the link were refused; the daemon ends the helper that sent them.
enum PluginLinkError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A frame declared more payload than `PluginLinkMessage.maximumPayload`.
    case oversized(Int)
    /// A payload that is not exactly one well-formed message.
    case malformed(String)

    /// The reason, for the log line.
    var description: String {
        switch self {
        case .oversized(let size): "a message of \(size) bytes, more than \(PluginLinkMessage.maximumPayload)"
        case .malformed(let reason): "a malformed message: \(reason)"
        }
    }
}

/// Appends the fields of a payload.
private struct LinkWriter {
    var bytes: [UInt8] = []

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    mutating func integer(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func text(_ value: String) {
        integer(UInt32(value.utf8.count))
        bytes.append(contentsOf: value.utf8)
    }
}

extension LinkWriter {
    /// The structured part of a page (PAGE-1): whether its rows were cut, its rows, each with
    /// its clock (a format byte 0 for none), then its action labels.
    mutating func page(_ content: PluginContent) {
        byte(content.rowsCut ? 1 : 0)
        integer(UInt32(content.rows.count))
        for row in content.rows {
            for field in [row.id, row.title, row.detail, row.icon, row.page, row.action] { text(field) }
            switch row.clock?.format {
            case nil: byte(0)
            case .duration?: byte(1)
            case .timeOfDay?: byte(2)
            }
            integer(UInt32(bitPattern: row.clock?.rate ?? 0))
            long(row.clock?.value ?? 0)
            long(row.clock?.at ?? 0)
        }
        integer(UInt32(content.actionLabels.count))
        for label in content.actionLabels {
            text(label.action)
            text(label.label)
            text(label.icon)
        }
    }

    /// A 64-bit integer, little-endian.
    mutating func long(_ value: Int64) {
        integer(UInt32(truncatingIfNeeded: value))
        integer(UInt32(truncatingIfNeeded: value >> 32))
    }
}

extension LinkReader {
    /// The structured part of a page, each count and field within its limit.
    mutating func page(into content: inout PluginContent) throws(PluginLinkError) {
        content.rowsCut = try flag("rows cut")
        let count = Int(try integer("row count"))
        guard count <= PluginContent.maximumRows else {
            throw .malformed("\(count) rows, more than \(PluginContent.maximumRows)")
        }
        for _ in 0..<count {
            var row = PluginPageRow(
                id: try text("row id", limit: PluginText.Field.rowID.limit),
                title: try text("row title", limit: PluginText.Field.title.limit))
            row.detail = try text("row detail", limit: PluginText.Field.detail.limit)
            row.icon = try text("row icon", limit: PluginText.Field.iconName.limit)
            row.page = try text("row page", limit: PluginText.Field.page.limit)
            row.action = try text("row action", limit: PluginText.Field.action.limit)
            let format = try byte("clock format")
            let rate = Int32(bitPattern: try integer("clock rate"))
            let value = try long("clock value")
            let at = try long("clock time")
            switch format {
            case 0: row.clock = nil
            case 1: row.clock = PluginClock(value: value, at: at, rate: rate, format: .duration)
            case 2: row.clock = PluginClock(value: value, at: at, rate: rate, format: .timeOfDay)
            default: throw .malformed("unknown clock format \(format)")
            }
            content.rows.append(row)
        }
        let labels = try integer("action label count")
        guard labels <= PluginTab.maximumActions else {
            throw .malformed("\(labels) action labels, more than \(PluginTab.maximumActions)")
        }
        for _ in 0..<labels {
            content.actionLabels.append(
                PluginActionLabel(
                    action: try text("labelled action", limit: PluginText.Field.action.limit),
                    label: try text("action label", limit: PluginText.Field.label.limit),
                    icon: try text("action icon", limit: PluginText.Field.iconName.limit)))
        }
    }

    /// A 64-bit integer, little-endian.
    mutating func long(_ field: String) throws(PluginLinkError) -> Int64 {
        let low = UInt64(try integer(field))
        let high = UInt64(try integer(field))
        return Int64(bitPattern: low | high << 32)
    }
}

/// Takes the fields of a payload in order, refusing any that runs past its end or its limit.
private struct LinkReader {
    private let bytes: ArraySlice<UInt8>
    private var offset: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        self.offset = bytes.startIndex
    }

    mutating func byte(_ field: String) throws(PluginLinkError) -> UInt8 {
        guard offset < bytes.endIndex else { throw .malformed("it ends before its \(field)") }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func flag(_ field: String) throws(PluginLinkError) -> Bool {
        switch try byte(field) {
        case 0: return false
        case 1: return true
        case let other: throw .malformed("\(field) is \(other), neither 0 nor 1")
        }
    }

    mutating func integer(_ field: String) throws(PluginLinkError) -> UInt32 {
        guard bytes.endIndex - offset >= 4 else { throw .malformed("it ends before its \(field)") }
        var value: UInt32 = 0
        for index in 0..<4 { value |= UInt32(bytes[offset + index]) << (8 * index) }
        offset += 4
        return value
    }

    mutating func text(_ field: String, limit: Int) throws(PluginLinkError) -> String {
        let length = Int(try integer("length of its \(field)"))
        guard length <= limit else { throw .malformed("a \(field) of \(length) bytes, more than \(limit)") }
        guard bytes.endIndex - offset >= length else { throw .malformed("it ends inside its \(field)") }
        let slice = bytes[offset..<offset + length]
        offset += length
        guard let text = String(validating: slice, as: UTF8.self) else { throw .malformed("its \(field) is not UTF-8") }
        return text
    }

    /// Icon pixmaps (ICON-3): a count, then each one's width, height, byte count and bytes;
    /// at most 4, each at most 256 × 256 × 4 bytes, so that a list never outgrows a frame. Whether
    /// they are square and their bytes match their size is the model's to check, and a
    /// refusal there counts against the plugin rather than ending its link.
    mutating func pixmaps() throws(PluginLinkError) -> [IconPixmap] {
        let count = Int(try integer("pixmap count"))
        guard count <= IconPixmap.maximumCount else {
            throw .malformed("\(count) icon pixmaps, more than \(IconPixmap.maximumCount)")
        }
        var pixmaps: [IconPixmap] = []
        for _ in 0..<count {
            let width = Int32(bitPattern: try integer("pixmap width"))
            let height = Int32(bitPattern: try integer("pixmap height"))
            let length = Int(try integer("pixmap length"))
            let limit = Int(IconPixmap.maximumSide) * Int(IconPixmap.maximumSide) * 4
            guard length <= limit else { throw .malformed("an icon pixmap of \(length) bytes, more than \(limit)") }
            guard bytes.endIndex - offset >= length else { throw .malformed("it ends inside an icon pixmap") }
            pixmaps.append(IconPixmap(width: width, height: height, argb: Array(bytes[offset..<offset + length])))
            offset += length
        }
        return pixmaps
    }

    func requireEnd() throws(PluginLinkError) {
        guard offset == bytes.endIndex else {
            throw .malformed("\(bytes.endIndex - offset) bytes follow its last field")
        }
    }
}
