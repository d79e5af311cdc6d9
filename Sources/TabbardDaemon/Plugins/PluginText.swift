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

        /// The most bytes taken.
        var limit: Int {
            switch self {
            case .title: ItemTitle.maximumBytes
            case .badge: Badge.maximumBytes  // ITEM-4
            case .badgeColor: 7  // "#RRGGBB" (ITEM-5)
            case .page: PageName.maximumLength
            case .action: 64
            case .mimeType: 255
            case .body: 1 << 20
            case .logLine: 4096
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
            case .tooLong(let field): "\(field.rawValue.hasPrefix("a") ? "an" : "a") \(field.rawValue) of more than \(field.limit) bytes"
            case .notUTF8: "text that is not UTF-8"
            }
        }
    }

    /// The string at `pointer` for `field`: refused when NULL, over the field's limit, or (unless
    /// `repairing`, which turns bad bytes into U+FFFD as D-Bus needs valid text) not UTF-8.
    static func read(_ pointer: UnsafePointer<CChar>?, for field: Field, repairing: Bool = false) throws(Refusal) -> String {
        guard let pointer else { throw .null }
        let length = strnlen(pointer, field.limit + 1)
        guard length <= field.limit else { throw .tooLong(field) }
        let bytes = UnsafeRawBufferPointer(start: pointer, count: length).bindMemory(to: UInt8.self)
        if repairing { return String(decoding: bytes, as: UTF8.self) }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .notUTF8 }
        return text
    }

    /// A plugin's log line: cut after `Field.logLine.limit` bytes, saying so, rather than dropped,
    /// and repaired rather than refused.
    static func logLine(_ pointer: UnsafePointer<CChar>) -> String {
        let limit = Field.logLine.limit
        let length = strnlen(pointer, limit + 1)
        // A cut inside a character leaves a partial sequence, which the repair shows as U+FFFD.
        let text = String(decoding: UnsafeRawBufferPointer(start: pointer, count: min(length, limit)), as: UTF8.self)
        return length > limit ? text + "… (cut at \(limit) bytes)" : text
    }
}
