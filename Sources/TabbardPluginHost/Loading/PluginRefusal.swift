import DaemonBase

/// Why a plugin was skipped. Each case's description is the reason on its one log line and
/// in `tabbard --list-plugins`; it names the offending file or value.
public enum PluginRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// The manifest could not be read or is invalid.
    case manifest(ConfigurationError)
    /// Another manifest already declared a plugin of this name.
    case duplicatePlugin(name: String, firstFile: String)
    /// A tab id is already offered by an earlier plugin (first loaded wins).
    case duplicateTab(id: String, plugin: String)
    /// The ABI major version differs from the host's.
    case abiMajor(PluginABIVersion, host: PluginABIVersion)
    /// The plugin was built for a newer minor version than the host's.
    case newerMinor(PluginABIVersion, host: PluginABIVersion)
    /// A file or directory could not be opened or read.
    case unreadable(path: String, reason: String)
    /// The module is not a regular file.
    case notRegularFile(path: String)
    /// The module is not an ELF file at all.
    case notELF(path: String)
    /// The module is an ELF file but not a shared object of this machine's kind.
    case notSharedObject(path: String, detail: String)
    /// The system instance found a symbolic link where it wants the very file.
    case symbolicLink(path: String)
    /// The system instance found a module path that leaves the manifest's directory.
    case moduleOutsideDirectory(path: String)
    /// The system instance found a file or directory not owned by root.
    case notOwnedByRoot(path: String, uid: UInt32)
    /// The system instance found a file or directory writable by group or others.
    case writableByOthers(path: String, mode: UInt32)
    /// The system instance found an ancestor of a plugin directory that is not root's, or
    /// that group or others may write (`PluginDirectoryAncestry`); `reason` says which.
    case untrustedAncestor(directory: String, ancestor: String, reason: String)
    /// `dlopen` failed.
    case loadFailed(path: String, message: String)
    /// A Swift plugin was compiled by another Swift release than the daemon (no stable ABI).
    case otherSwiftRelease(plugin: String, daemon: String)
    /// The module does not export the entry symbol.
    case missingEntry(path: String)
    /// The entry point returned NULL.
    case noTable
    /// The table's `struct_size` is below the 1.0 table's.
    case tableTooSmall(size: Int, minimum: Int)
    /// The table's `struct_size` exceeds the struct this host knows.
    case tableTooLarge(size: Int, known: Int)
    /// A function the ABI requires is NULL.
    case missingFunction(String)
    /// The table's name differs from the manifest's.
    case nameMismatch(table: String, manifest: String)
    /// The table's name is missing or not a valid plugin name.
    case invalidName(String)
    /// The probe child crashed or could not be run (reported by the daemon's probe).
    case probeFailed(String)
    /// The module file hung the daemon this many times; it stays skipped until replaced.
    case disabledAfterFailures(path: String, failures: Int, reason: String)

    /// The reason as one sentence, naming the offending file or value.
    public var description: String {
        switch self {
        case .manifest(let error): "invalid manifest: \(error.detail)"
        case .duplicatePlugin(let name, let first): "a plugin named '\(name)' was already found in \(first)"
        case .duplicateTab(let id, let plugin): "tab id '\(id)' is already offered by plugin '\(plugin)'"
        case .abiMajor(let found, let host): "ABI \(found) has another major version than this tabbard's \(host)"
        case .newerMinor(let found, let host): "built for a newer tabbard (ABI \(found); this tabbard has \(host))"
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .notRegularFile(let path): "\(path) is not a regular file"
        case .notELF(let path): "\(path) is not an ELF file"
        case .notSharedObject(let path, let detail): "\(path) is not a shared object for this machine (\(detail))"
        case .symbolicLink(let path): "\(path) is a symbolic link (not followed on the system instance)"
        case .moduleOutsideDirectory(let path):
            "module \(path) is not a file next to its manifest (required on the system instance)"
        case .notOwnedByRoot(let path, let uid): "\(path) is owned by uid \(uid), not root"
        case .writableByOthers(let path, let mode):
            "\(path) is writable by group or others (mode \(String(mode & 0o7777, radix: 8)))"
        case .untrustedAncestor(let directory, let ancestor, let reason):
            "\(ancestor) \(reason): it is an ancestor of plugin directory \(directory), and on the system instance every ancestor "
                + "must be root's and writable by nobody else"
        case .loadFailed(let path, let message): "cannot load \(path): \(message)"
        case .otherSwiftRelease(let plugin, let daemon):
            "built by Swift \(plugin), but this tabbard by Swift \(daemon); a Swift plugin must be built with the daemon's Swift release"
        case .missingEntry(let path): "\(path) does not export tabbard_plugin_entry_v1"
        case .noTable: "tabbard_plugin_entry_v1 returned no table"
        case .tableTooSmall(let size, let minimum):
            "plugin table of \(size) bytes is smaller than the ABI 1.0 table (\(minimum) bytes)"
        case .tableTooLarge(let size, let known):
            "plugin table of \(size) bytes is larger than this tabbard knows (\(known) bytes)"
        case .missingFunction(let name): "plugin table lacks the required function \(name)"
        case .nameMismatch(let table, let manifest): "plugin table names itself '\(table)', the manifest '\(manifest)'"
        case .invalidName(let name): "plugin table gives no valid name ('\(name)')"
        case .probeFailed(let reason): "probe failed: \(reason)"
        case .disabledAfterFailures(let path, let failures, let reason):
            "disabled after \(failures) failures (last: \(reason)); replace or touch \(path), or remove its line from plugins.state, to enable it again"
        }
    }
}
