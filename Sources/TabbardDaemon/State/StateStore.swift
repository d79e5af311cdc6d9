import Foundation
import TabModel

/// Keeps the controller's state on disk (STATE-1..4): one versioned JSON file, replaced
/// atomically. Deciding *when* to save is the service's job (structural changes before the
/// reply, volatile ones within the flush interval); this type only loads and saves.
public struct StateStore: Sendable {
    /// The file the state lives in.
    public let file: StateFile
    private let log: Log

    /// A store over `file`, logging to `log`.
    public init(file: StateFile, log: Log) {
        self.file = file
        self.log = log
    }

    /// The saved snapshot, or nil when there is none or it cannot be used. A file that does not
    /// parse, comes from an unknown format version, or is no regular file of a sane size (a
    /// link, a FIFO, a device, a directory) is set aside (renamed beside itself) with a warning,
    /// so the daemon starts on defaults and a person can still look at it (STATE-4).
    public func load() -> ControllerSnapshot? {
        guard let bytes = file.readSettingAside(log: log, consequence: Self.consequence) else { return nil }
        if let version = Self.formatVersion(of: bytes), version != ControllerSnapshot.currentFormatVersion {
            setAside(reason: "format version \(version), this daemon reads \(ControllerSnapshot.currentFormatVersion)", suffix: "v\(version)")
            return nil
        }
        do {
            return try JSONDecoder().decode(ControllerSnapshot.self, from: Data(bytes))
        } catch {
            setAside(reason: "it does not parse (\(Self.describe(error)))", suffix: "corrupt")
            return nil
        }
    }

    /// Writes `snapshot` durably before returning.
    public func save(_ snapshot: ControllerSnapshot) throws(FileError) {
        let data: Data
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            data = try encoder.encode(snapshot)
        } catch {
            // Every field is a plain value; encoding cannot fail short of a bug.
            preconditionFailure("state snapshot does not encode: \(error)")
        }
        try file.write(Array(data))
    }

    // MARK: - Reading a bad file

    private static let consequence = "starting from the configuration"

    private func setAside(reason: String, suffix: String) {
        file.setAside(suffix: suffix, reason: reason, log: log, consequence: Self.consequence)
    }

    /// The `formatVersion` of a state file, read without decoding the rest, so that a file
    /// from a newer daemon is recognised as such rather than as corrupt.
    private static func formatVersion(of bytes: [UInt8]) -> Int? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else { return nil }
        return object["formatVersion"] as? Int
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): context.debugDescription
        case DecodingError.keyNotFound(let key, _): "missing \(key.stringValue)"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "bad value at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        default: "\(error)"
        }
    }
}
