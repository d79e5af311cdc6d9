import Glibc

/// How serious a log line is, ordered from most to least severe. The raw values are the
/// syslog priorities journald reads from a `<N>` prefix.
public enum LogLevel: Int, Comparable, Sendable, CaseIterable {
    /// Something failed and was not done.
    case error = 3
    /// Something unexpected that the daemon worked around.
    case warning = 4
    /// A normal but significant event: start, stop, a plugin skipped.
    case notice = 5
    /// Routine events worth seeing when looking closely.
    case info = 6
    /// Detail for developers.
    case debug = 7

    /// The level named as on the command line (`--log-level warning`), or nil.
    public init?(name: String) {
        guard let level = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = level
    }

    /// The lowercase name used on the command line and in plain log lines.
    public var name: String {
        switch self {
        case .error: "error"
        case .warning: "warning"
        case .notice: "notice"
        case .info: "info"
        case .debug: "debug"
        }
    }

    /// Whether `lhs` is more severe than `rhs`.
    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
        // A smaller syslog number is more severe, so it sorts first.
        lhs.rawValue < rhs.rawValue
    }
}

/// The daemon's log: one line per event on standard error.
///
/// Under systemd (`$JOURNAL_STREAM` set) each line starts with a `<N>` priority prefix that
/// journald turns into the entry's priority; elsewhere it reads `tabbard[level]: message`.
/// Each line goes out in a single `write(2)`, so lines from different threads never interleave.
public struct Log: Sendable {
    /// Lines less severe than this are dropped.
    public var threshold: LogLevel
    /// Whether lines carry journald's `<N>` prefix instead of a plain one.
    public var journal: Bool
    /// Where lines are written.
    public var fileDescriptor: Int32

    /// A log writing to standard error that detects journald from the environment.
    public init(threshold: LogLevel = .info, journal: Bool? = nil, fileDescriptor: Int32 = 2) {
        self.threshold = threshold
        self.journal = journal ?? (getenv("JOURNAL_STREAM") != nil)
        self.fileDescriptor = fileDescriptor
    }

    /// Writes `message` at `level` if the threshold lets it through.
    public func log(_ level: LogLevel, _ message: @autoclosure () -> String) {
        guard level <= threshold else { return }
        write(line(level, message()))
    }

    /// Logs a failure.
    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
    /// Logs something unexpected that was worked around.
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    /// Logs a significant normal event.
    public func notice(_ message: @autoclosure () -> String) { log(.notice, message()) }
    /// Logs a routine event.
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    /// Logs developer detail.
    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }

    /// The exact text written for one event, newline included. Embedded newlines are escaped
    /// so that one event stays one line.
    public func line(_ level: LogLevel, _ message: String) -> String {
        let body =
            message.contains("\n")
            ? message.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\\n") : message
        return journal ? "<\(level.rawValue)>\(body)\n" : "tabbard[\(level.name)]: \(body)\n"
    }

    private func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return // A log that cannot be written must not take the daemon down.
                }
                offset += written
            }
        }
    }
}
