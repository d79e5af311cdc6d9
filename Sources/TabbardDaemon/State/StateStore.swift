import DaemonBase
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
        do {
            switch try StateCodec.read(bytes) {
            case .snapshot(let snapshot):
                return snapshot
            case .formatVersion(let version):
                setAside(
                    reason: "format version \(version), this daemon reads \(ControllerSnapshot.currentFormatVersion)",
                    suffix: "v\(version)")
                return nil
            }
        } catch {
            setAside(reason: "it does not parse (\(error))", suffix: "corrupt")
            return nil
        }
    }

    /// Writes `snapshot` durably before returning, and returns how many bytes it took. A
    /// snapshot that takes more than `limit` bytes is not written: `tooLarge`.
    @discardableResult
    public func save(_ snapshot: ControllerSnapshot, limit: Int = StateFile.sizeLimit) throws(FileError) -> Int {
        let bytes = StateCodec.encode(snapshot)
        guard bytes.count <= limit else {
            throw FileError(
                operation: "write", path: file.path, cause: .tooLarge(size: Int64(bytes.count), limit: limit))
        }
        try file.write(bytes)
        return bytes.count
    }

    // MARK: - Reading a bad file

    private static let consequence = "starting from the configuration"

    private func setAside(reason: String, suffix: String) {
        file.setAside(suffix: suffix, reason: reason, log: log, consequence: Self.consequence)
    }
}
