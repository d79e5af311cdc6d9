import CConfinement
import Glibc

/// Landlock, the kernel's access control that an unprivileged process applies to itself
/// (Linux 5.13 and later): a ruleset names the rights it handles, rules give some of them back
/// beneath chosen directories, and once the process restricts itself every handled right is
/// refused everywhere else, for it and every process it starts, for good. A plugin's helper
/// uses it to keep the plugin from changing the daemon's files (`PluginConfinement`).
///
/// Rights the kernel's ABI does not know are neither handled nor given: each version adds
/// some (`Access.changing(abi:)`), and a ruleset asks only for what the running kernel has.
enum Landlock {
    /// Filesystem access rights that change the filesystem; reading and executing are never
    /// handled, so a confined process reads what its user may read.
    struct Access: OptionSet, Sendable, Hashable {
        let rawValue: UInt64

        /// Opening a file for writing.
        static let writeFile = Access(rawValue: CONFINEMENT_LANDLOCK_WRITE_FILE)
        /// Removing (or renaming away) a directory.
        static let removeDirectory = Access(rawValue: CONFINEMENT_LANDLOCK_REMOVE_DIR)
        /// Unlinking (or renaming away) a file.
        static let removeFile = Access(rawValue: CONFINEMENT_LANDLOCK_REMOVE_FILE)
        /// Making a character device.
        static let makeCharacterDevice = Access(rawValue: CONFINEMENT_LANDLOCK_MAKE_CHAR)
        /// Making a directory.
        static let makeDirectory = Access(rawValue: CONFINEMENT_LANDLOCK_MAKE_DIR)
        /// Making a regular file (creating, renaming or linking one in).
        static let makeRegularFile = Access(rawValue: CONFINEMENT_LANDLOCK_MAKE_REG)
        /// Making a Unix socket's file.
        static let makeSocket = Access(rawValue: CONFINEMENT_LANDLOCK_MAKE_SOCK)
        /// Making a named pipe.
        static let makeFIFO = Access(rawValue: CONFINEMENT_LANDLOCK_MAKE_FIFO)
        /// Making a block device.
        static let makeBlockDevice = Access(rawValue: CONFINEMENT_LANDLOCK_MAKE_BLOCK)
        /// Making a symbolic link.
        static let makeSymbolicLink = Access(rawValue: CONFINEMENT_LANDLOCK_MAKE_SYM)
        /// Linking or renaming a file into another directory (ABI 2).
        static let refer = Access(rawValue: CONFINEMENT_LANDLOCK_REFER)
        /// Truncating a file, `O_TRUNC` included (ABI 3).
        static let truncate = Access(rawValue: CONFINEMENT_LANDLOCK_TRUNCATE)

        /// Every right that changes the filesystem, as far as Landlock ABI `abi` knows them.
        static func changing(abi: Int32) -> Access {
            var rights: Access = [
                .writeFile, .removeDirectory, .removeFile, .makeCharacterDevice, .makeDirectory,
                .makeRegularFile, .makeSocket, .makeFIFO, .makeBlockDevice, .makeSymbolicLink,
            ]
            if abi >= 2 { rights.insert(.refer) }
            if abi >= 3 { rights.insert(.truncate) }
            return rights
        }

        /// Writing into files that exist, and truncating them where ABI `abi` handles that:
        /// what devices such as `/dev/null` need, without making or removing anything.
        static func writingFiles(abi: Int32) -> Access {
            changing(abi: abi).intersection([.writeFile, .truncate])
        }
    }

    /// `access` given back beneath `path` (a directory, and everything under it).
    struct Rule: Equatable, Sendable {
        /// The directory.
        let path: String
        /// The rights allowed beneath it.
        let access: Access
    }

    /// The first ABI whose rulesets can scope signals: a restricted process then cannot signal
    /// a process outside its domain (Linux 6.12).
    static let signalScopeABI: Int32 = 6

    /// The highest Landlock ABI the running kernel supports, or the `errno` that says it has
    /// none: `ENOSYS` (not built in, or an older kernel), `EOPNOTSUPP` (built in, not enabled at
    /// boot), `EPERM` (a seccomp filter, such as a systemd unit's `SystemCallFilter=`).
    static func abi() -> Result<Int32, ConfinementError> {
        let answer = confinement_landlock_abi()
        return answer > 0 ? .success(answer) : .failure(.landlockUnavailable(-answer))
    }

    /// Restricts this process (and whatever it starts) for good: every right of `handled` is
    /// refused but where a rule of `rules` gives it back, and, with `scopingSignals`, no signal
    /// reaches a process outside the domain. A rule whose directory does not exist is left out
    /// (nothing can be written there anyway); returns the rules given. Needs no_new_privs (or
    /// CAP_SYS_ADMIN); call it while the process has one thread, since it restricts only the
    /// calling thread and those it starts.
    static func restrict(handling handled: Access, rules: [Rule], scopingSignals: Bool) throws(ConfinementError)
        -> [Rule]
    {
        let ruleset = confinement_landlock_ruleset(
            handled.rawValue, scopingSignals ? CONFINEMENT_LANDLOCK_SCOPE_SIGNAL : 0)
        guard ruleset >= 0 else { throw .landlock(call: "landlock_create_ruleset", code: -ruleset) }
        defer { close(ruleset) }
        var given: [Rule] = []
        for rule in rules {
            let failure = confinement_landlock_allow_beneath(ruleset, rule.path, rule.access.rawValue)
            if failure == ENOENT || failure == ENOTDIR { continue }
            guard failure == 0 else { throw .landlock(call: "landlock_add_rule \(rule.path)", code: failure) }
            given.append(rule)
        }
        let failure = confinement_landlock_restrict_self(ruleset)
        guard failure == 0 else { throw .landlock(call: "landlock_restrict_self", code: failure) }
        return given
    }
}
