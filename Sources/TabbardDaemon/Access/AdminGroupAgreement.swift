import DaemonBase
import Glibc
import TabbardBusContract

/// Whether the installed bus policy lets the configured `admin_group` change the bar (issue
/// 42; dbus-api.md, Access). The bus applies its policy files before the daemon sees a call, so
/// a group that `tabbard.toml` names and no policy file does is refused by the bus: the daemon
/// cannot fix that, but it says at start, on each reload and in `--check-config` exactly which
/// file disagrees and what to change.
struct AdminGroupAgreement: Sendable {
    /// One thing to say about the policy files.
    struct Finding: Equatable, Sendable {
        /// How much it matters.
        enum Level: Equatable, Sendable {
            /// A file that would refuse the admin group.
            case warning
            /// A file or directory that could not be read, so was not checked.
            case note
        }

        /// How much it matters.
        let level: Level
        /// One line, naming the file.
        let text: String
    }

    /// The configured admin group.
    let adminGroup: String
    /// Where it is configured, as the findings name it.
    let source: String
    /// The bus name the policy files must let the group call.
    let service: String

    /// The agreement for `setup`'s configuration.
    init(_ setup: Setup) {
        self.init(
            adminGroup: setup.configuration.adminGroup,
            source: setup.configurationFileExists ? setup.configurationFile : "the built-in default",
            service: BusNames.service)
    }

    /// The agreement for `adminGroup`, configured in `source`, on `service`.
    init(adminGroup: String, source: String, service: String) {
        self.adminGroup = adminGroup
        self.source = source
        self.service = service
    }

    /// What the `.conf` files of `directories` say of the admin group. Nothing when some file
    /// lets it call the daemon, or when no file speaks of the daemon at all; otherwise one
    /// warning for each file that names other groups (or, when none names any, for each file
    /// that speaks of the daemon). A file in `/etc` replaces none in `/usr/share` by its name:
    /// the bus reads both, so both are looked at.
    func findings(directories: [String]) -> [Finding] {
        var notes: [Finding] = []
        var files: [BusPolicyFile] = []
        for directory in directories {
            guard let paths = BusPolicyFile.files(in: directory) else {
                notes.append(
                    Finding(
                        level: .note,
                        text:
                            "bus policy directory \(directory) cannot be listed (\(String(cString: strerror(errno)))): \(unchecked)"
                    ))
                continue
            }
            for path in paths {
                do {
                    if let file = try BusPolicyFile.read(path, service: service), file.speaksOfService {
                        files.append(file)
                    }
                } catch {
                    notes.append(Finding(level: .note, text: "bus policy \(path): \(error): \(unchecked)"))
                }
            }
        }
        guard !files.isEmpty, !files.contains(where: { $0.allows(group: adminGroup) }) else { return notes }
        let naming = files.filter { !$0.groups.isEmpty }
        return notes + (naming.isEmpty ? files : naming).map { Finding(level: .warning, text: disagreement($0)) }
    }

    /// Logs the findings for the system instance of `setup`: warnings as warnings, notes as
    /// notices. A session bus has no such policy.
    static func report(_ setup: Setup, log: Log) {
        guard setup.options.instance == .system else { return }
        for finding in AdminGroupAgreement(setup).findings(directories: setup.paths.busPolicyDirectories) {
            switch finding.level {
            case .warning: log.warning(finding.text)
            case .note: log.notice(finding.text)
            }
        }
    }

    private var unchecked: String { "whether it lets admin_group '\(adminGroup)' change the bar is not checked" }

    /// The warning for `file`, which does not let the admin group call the daemon.
    private func disagreement(_ file: BusPolicyFile) -> String {
        let others = file.users.filter { $0 != "root" }
        let users = others.isEmpty ? "" : " (and user\(others.count == 1 ? "" : "s") \(Self.quoted(others)))"
        let refusal = "the bus refuses members of '\(adminGroup)' before tabbard sees them"
        let opening = "admin_group '\(adminGroup)' (\(source)) disagrees with \(file.path), which lets"
        switch file.groups.count {
        case 0:
            return "\(opening) no group\(users) change the bar: \(refusal); add <policy group=\"\(adminGroup)\"> "
                + "with <allow send_destination=\"\(service)\"/> there"
        case 1:
            let group = file.groups[0]
            return
                "\(opening) only group '\(group)'\(users) change the bar: \(refusal); change <policy group=\"\(group)\"> "
                + "there to <policy group=\"\(adminGroup)\">, or admin_group back to '\(group)'"
        default:
            return
                "\(opening) only groups \(Self.quoted(file.groups))\(users) change the bar: \(refusal); change one of "
                + "their <policy group=…> there to <policy group=\"\(adminGroup)\">, or admin_group to one of them"
        }
    }

    private static func quoted(_ names: [String]) -> String {
        names.map { "'\($0)'" }.joined(separator: ", ")
    }
}
