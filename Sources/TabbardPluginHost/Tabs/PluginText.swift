import Glibc
import TabModel

/// Text a plugin hands the daemon, through a host callback or in what it renders, read no
/// further than the limit of what it is for (docs/plugins.md, Limits): a 40 MB title is refused
/// after its first 257 bytes, never measured, never copied, never published to the bus.
enum PluginText {
    /// What a plugin's string is for, and the most bytes of UTF-8 the daemon takes for it.
    enum Field: String, Sendable {
        case title
        case badge
        case badgeColor = "badge color"
        case page
        case action = "action name"
        case mimeType = "MIME type"
        case body
        case logLine = "log line"
        case iconName = "icon name"
        case rowID = "row id"
        case detail = "row detail"
        case label = "action label"

        /// The field with its article: "a title", "an action name".
        var named: String { "\(rawValue.hasPrefix("a") || rawValue.hasPrefix("i") ? "an" : "a") \(rawValue)" }

        /// The control characters the field keeps: a page body its line breaks and tabs, a log
        /// line its tabs; every other field keeps none (`screen`).
        var keptControls: [UInt8] {
            switch self {
            case .body: [0x09, 0x0A]
            case .logLine: [0x09]
            default: []
            }
        }

        /// Whether the field names something the plugin and the daemon must agree on (a page,
        /// an action): text with a control character is refused there, since a name with one
        /// replaced is another name. Elsewhere control characters are replaced.
        var isName: Bool { self == .page || self == .action || self == .iconName || self == .rowID }

        /// The most bytes taken.
        var limit: Int {
            switch self {
            case .title: ItemTitle.maximumBytes
            case .badge: Badge.maximumBytes // ITEM-4
            case .badgeColor: 7 // "#RRGGBB" (ITEM-5)
            case .page: PageName.maximumLength
            case .action: 64
            case .mimeType: 255
            case .body: 1 << 20
            case .logLine: 4096
            case .iconName: IconName.maximumBytes // ICON-2
            case .rowID: PageName.maximumLength
            case .detail: 512
            case .label: ItemTitle.maximumBytes
            }
        }
    }

    /// Why a string was not taken.
    enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        /// NULL where text was needed.
        case null
        /// More bytes than the field's limit.
        case tooLong(Field)
        /// Bytes that are not UTF-8, where they are not repaired.
        case notUTF8

        /// What the plugin gave, for a log line or an error: "a title of more than 256 bytes".
        var description: String {
            switch self {
            case .null: "NULL"
            case .tooLong(let field): "\(field.named) of more than \(field.limit) bytes"
            case .notUTF8: "text that is not UTF-8"
            }
        }
    }

    /// The string at `pointer` for `field`: refused when NULL, over the field's limit, or (unless
    /// `repairing`, which turns bad bytes into U+FFFD as D-Bus needs valid text) not UTF-8.
    static func read(_ pointer: UnsafePointer<CChar>?, for field: Field, repairing: Bool = false) throws(Refusal)
        -> String
    {
        guard let pointer else { throw .null }
        let length = strnlen(pointer, field.limit + 1)
        guard length <= field.limit else { throw .tooLong(field) }
        let bytes = UnsafeRawBufferPointer(start: pointer, count: length).bindMemory(to: UInt8.self)
        if repairing { return String(decoding: bytes, as: UTF8.self) }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .notUTF8 }
        return text
    }

    /// A plugin's log line: cut after `Field.logLine.limit` bytes, saying so, rather than dropped,
    /// and repaired rather than refused; control characters but tabs are replaced, so that
    /// the log read on a terminal shows the plugin's words, not what they would do to it.
    static func logLine(_ pointer: UnsafePointer<CChar>) -> String {
        let limit = Field.logLine.limit
        let length = strnlen(pointer, limit + 1)
        // A cut inside a character leaves a partial sequence, which the repair shows as U+FFFD.
        var text = String(decoding: UnsafeRawBufferPointer(start: pointer, count: min(length, limit)), as: UTF8.self)
        if case .replaced(let printable, _) = screen(text, for: .logLine) { text = printable }
        return length > limit ? text + "… (cut at \(limit) bytes)" : text
    }

    // MARK: Control characters

    /// What `screen` made of a plugin's text.
    enum Screening: Equatable {
        /// No control character the field does not keep: the text as it is.
        case clean
        /// The text with each such control character replaced by U+FFFD; the first one found.
        case replaced(String, first: Unicode.Scalar)
        /// A name with a control character (`Field.isName`): the first one found.
        case refused(first: Unicode.Scalar)
    }

    /// Whether `scalar` is a control character (Unicode's Cc: C0, DEL, C1). Printed on a
    /// terminal one may clear the screen, write the clipboard (OSC 52), make a link (OSC 8) or
    /// start any sequence (C1 CSI, U+009B).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// `text` for `field`: clean, its control characters replaced, or refused (docs/plugins.md,
    /// Limits). Clean text, nearly all of it, costs one pass over its bytes and no copy.
    static func screen(_ text: String, for field: Field) -> Screening {
        guard let first = firstControl(in: text, keeping: field.keptControls) else { return .clean }
        guard !field.isName else { return .refused(first: first) }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let kept = scalar.value < 0x80 && field.keptControls.contains(UInt8(scalar.value))
            scalars.append(isControl(scalar) && !kept ? "\u{FFFD}" : scalar)
        }
        return .replaced(String(scalars), first: first)
    }

    /// `U+001B`: how a log line or a message names a control character.
    static func code(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// `text` with every control character replaced by U+FFFD: how a log line or a message
    /// names a plugin's text it refuses.
    static func printable(_ text: String) -> String {
        guard case .replaced(let printable, _) = screen(text, for: .title) else { return text }
        return printable
    }

    /// The first control character in `text` that is not one of the ASCII `kept`, found in its
    /// UTF-8: a byte below 0x20 or 0x7F, or C1, which is 0xC2 and a byte from 0x80 to 0x9F.
    private static func firstControl(in text: String, keeping kept: [UInt8]) -> Unicode.Scalar? {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if (byte < 0x20 && !kept.contains(byte)) || byte == 0x7F { return Unicode.Scalar(byte) }
            if previous == 0xC2 && (0x80...0x9F).contains(byte) { return Unicode.Scalar(byte) }
            previous = byte
        }
        return nil
    }
}
