import DaemonBase
import Synchronization

/// What is remembered about one fingerprint.
public struct PluginRecord: Sendable, Equatable {
    /// Whether the probe in a child process passed.
    public var probed: Bool
    /// How many times the plugin hung or crashed the daemon, or called `exit()` in it (or the
    /// probe failed).
    public var failures: Int
    /// The last failure, for the log line that skips the plugin.
    public var reason: String

    /// A record from its parts.
    public init(probed: Bool, failures: Int, reason: String) {
        self.probed = probed
        self.failures = failures
        self.reason = reason
    }
}

/// The remembered outcomes of probes, hangs and crashes, by fingerprint, kept in `plugins.state` in
/// the state directory (or only in memory with `--no-state`). One line per module file:
/// `ok|bad <failures> <size> <mtime-ns> <path>\t<reason>`; the file is replaced atomically.
///
/// Used from the loop thread, and once from the hang watch's thread just before the
/// process exits, hence the lock.
public final class PluginRecords: Sendable {
    /// The file; nil when nothing is remembered across starts.
    public let file: StateFile?
    private let records: Mutex<[PluginFingerprint: PluginRecord]>
    private let log: Log
    /// Handed every version of the records, so that a crash can count itself in them.
    private let crashGuard: CrashGuard?

    /// Records for the daemon that holds the state directory's lock, read from `file` (an
    /// unreadable or malformed line is forgotten, which only costs a new probe). A
    /// `plugins.state` that is no regular file (a link, a FIFO, a directory) or is too large
    /// is set aside with a warning, so that the next outcome can be written in its place.
    /// `crashGuard`, when given, is kept up to date with every version of the records.
    public convenience init(file: StateFile?, log: Log, crashGuard: CrashGuard? = nil) {
        let bytes = file?.readSettingAside(log: log, consequence: Self.consequence)
        self.init(file: file, records: bytes.map(Self.parse) ?? [:], log: log, crashGuard: crashGuard)
    }

    /// Records only read, for a look without the state directory's lock (`--list-plugins`):
    /// nothing in the directory is moved, and outcomes are kept in memory only.
    public static func reading(_ file: StateFile, log: Log) -> PluginRecords {
        var bytes: [UInt8]?
        do {
            bytes = try file.read()
        } catch {
            log.warning("cannot read \(file.path): \(error.reason); outcomes of earlier probes are not shown")
        }
        return PluginRecords(file: nil, records: bytes.map(parse) ?? [:], log: log)
    }

    private init(file: StateFile?, records: [PluginFingerprint: PluginRecord], log: Log, crashGuard: CrashGuard? = nil)
    {
        self.file = file
        self.records = Mutex(records)
        self.log = log
        self.crashGuard = crashGuard
        crashGuard?.publish(Self.entries(of: records))
    }

    /// The file name inside the state directory.
    public static let fileName = "plugins.state"

    private static let consequence = "plugins are probed again"

    /// What is known about `fingerprint`.
    public func record(for fingerprint: PluginFingerprint) -> PluginRecord? {
        records.withLock { $0[fingerprint] }
    }

    /// Remembers the probe's outcome for `fingerprint`, and forgets other versions of the
    /// same path (a replaced file starts afresh).
    public func remember(_ fingerprint: PluginFingerprint, probed: Bool, reason: String = "") {
        update { all in
            let failures = probed ? (all[fingerprint]?.failures ?? 0) : (all[fingerprint]?.failures ?? 0) + 1
            for key in all.keys where key.path == fingerprint.path && key != fingerprint { all[key] = nil }
            all[fingerprint] = PluginRecord(probed: probed, failures: failures, reason: reason)
        }
    }

    /// Counts one more failure (a hang) for `fingerprint`; returns the new count. (A crash
    /// counts itself, through `CrashGuard`, in the same lines.)
    @discardableResult
    public func recordFailure(_ fingerprint: PluginFingerprint, reason: String) -> Int {
        recordFailures(fingerprint, reason: reason) { $0 + 1 }
    }

    /// Records that `fingerprint` has `count` failures that count now (an isolated plugin's,
    /// within their window), the last for `reason`.
    public func recordFailures(_ fingerprint: PluginFingerprint, count: Int, reason: String) {
        recordFailures(fingerprint, reason: reason) { _ in count }
    }

    /// Sets the failures of `fingerprint` to `counted` of the recorded ones, and the reason;
    /// returns the new count.
    @discardableResult
    private func recordFailures(_ fingerprint: PluginFingerprint, reason: String, counted: (Int) -> Int) -> Int {
        var count = 0
        update { all in
            var record = all[fingerprint] ?? PluginRecord(probed: true, failures: 0, reason: "")
            record.failures = counted(record.failures)
            record.reason = reason
            count = record.failures
            all[fingerprint] = record
        }
        return count
    }

    private func update(_ change: (inout [PluginFingerprint: PluginRecord]) -> Void) {
        let text = records.withLock { all in
            change(&all)
            let entries = Self.entries(of: all)
            crashGuard?.publish(entries)
            return entries.map(\.line).joined()
        }
        do {
            try file?.write(Array(text.utf8))
        } catch {
            // A record that cannot be written only costs a probe at the next start.
            log.warning("cannot remember plugin outcomes: \(error)")
        }
    }

    // The file is read and written at every start, and the crash guard's lines are made for
    // every record then: both work on bytes, since every separator (space, tab, line feed) is
    // ASCII, instead of on Characters, which cost several times more.

    /// `records` in the file's order (by path), each with its line: what the file holds, and
    /// what the crash guard is handed, made once for both.
    static func entries(of records: [PluginFingerprint: PluginRecord]) -> [PluginRecordEntry] {
        records.sorted { $0.key.path < $1.key.path }.map {
            PluginRecordEntry(fingerprint: $0.key, record: $0.value, line: line($0.key, $0.value))
        }
    }

    /// The line that records `record` for `fingerprint`.
    static func line(_ fingerprint: PluginFingerprint, _ record: PluginRecord) -> String {
        "\(record.probed ? "ok" : "bad") \(record.failures) \(fingerprint.size) \(fingerprint.modified) "
            + oneField(fingerprint.path) + "\t" + oneField(record.reason) + "\n"
    }

    /// `text` with each line feed and tab made a space, so that it stays one field of one line.
    private static func oneField(_ text: String) -> String {
        guard text.utf8.contains(where: isFieldBreak) else { return text }
        return String(decoding: text.utf8.map { isFieldBreak($0) ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
    }

    private static func isFieldBreak(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
    }

    /// The records of a whole file; malformed lines are left out.
    static func parse(_ bytes: [UInt8]) -> [PluginFingerprint: PluginRecord] {
        var read: [PluginFingerprint: PluginRecord] = [:]
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            if let (fingerprint, record) = parse(line) { read[fingerprint] = record }
        }
        return read
    }

    /// One line's record: `ok|bad <failures> <size> <mtime-ns> <path>\t<reason>`, the reason
    /// optional; nil when the line is not one.
    static func parse(_ line: ArraySlice<UInt8>) -> (PluginFingerprint, PluginRecord)? {
        let tab = line.firstIndex(of: UInt8(ascii: "\t"))
        let fields = line[..<(tab ?? line.endIndex)].split(
            separator: UInt8(ascii: " "), maxSplits: 4, omittingEmptySubsequences: false)
        let text = { (bytes: ArraySlice<UInt8>) in String(decoding: bytes, as: UTF8.self) }
        guard fields.count == 5, let failures = Int(text(fields[1])), let size = Int64(text(fields[2])),
            let modified = Int64(text(fields[3])), !fields[4].isEmpty
        else { return nil }
        let outcome = text(fields[0])
        guard outcome == "ok" || outcome == "bad" else { return nil }
        let reason = tab.map { text(line[line.index(after: $0)...]) } ?? ""
        return (
            PluginFingerprint(path: text(fields[4]), size: size, modified: modified),
            PluginRecord(probed: outcome == "ok", failures: failures, reason: reason)
        )
    }
}

/// One record of `plugins.state` with the line that holds it.
struct PluginRecordEntry {
    /// The module or manifest file the record is about.
    let fingerprint: PluginFingerprint
    /// What is remembered about it.
    let record: PluginRecord
    /// `record`'s line in the file (`PluginRecords.line`), with its line feed.
    let line: String
}
