import Foundation

/// `/proc/PID/stat` of a process, read once.
public struct ProcessStat {
    /// The fields after the command (which is in parentheses and may hold spaces): the state
    /// is `fields[0]`, the parent's pid `fields[1]`, the niceness `fields[16]`.
    public let fields: [Substring]

    /// The process's stat, or nil when it is gone or the file is not as the kernel writes it.
    public init?(pid: Int32) {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.range(of: ") ", options: .backwards)
        else { return nil }
        fields = stat[close.upperBound...].split(separator: " ")
    }

    /// The parent's pid.
    public var parent: Int32? { fields.count > 1 ? Int32(fields[1]) : nil }

    /// The niceness.
    public var niceness: Int32? { fields.count > 16 ? Int32(fields[16]) : nil }
}
