import DaemonBase
import Glibc

/// The manifests found in the plugin directories, in load order: directories in the order
/// given, then manifest files by name. Reading them runs no plugin code.
struct PluginDirectoryScan {
    /// One `*.plugin` file and what reading it gave.
    struct Candidate {
        let file: String
        let manifest: Result<PluginManifest, PluginRefusal>
    }

    /// Every manifest, in load order.
    private(set) var candidates: [Candidate] = []
    /// Directories that could not be listed, with the reason.
    private(set) var unreadableDirectories: [(directory: String, reason: String)] = []
    /// Directories the system instance refuses for an ancestor (`PluginDirectoryAncestry`).
    private(set) var untrustedDirectories: [(directory: String, refusal: PluginRefusal)] = []

    init(directories: [String], trust: PluginTrust) {
        for directory in directories {
            if trust == .system, let refusal = Self.untrustedAncestry(of: directory) {
                untrustedDirectories.append((directory, refusal))
                continue
            }
            guard let names = Self.manifestNames(in: directory) else {
                unreadableDirectories.append((directory, String(cString: strerror(errno))))
                continue
            }
            for name in names {
                let file = (directory.hasSuffix("/") ? directory : directory + "/") + name
                candidates.append(
                    Candidate(
                        file: file,
                        manifest: Result { () throws(PluginRefusal) in
                            try Self.readManifest(name, in: directory, trust: trust)
                        }))
            }
        }
    }

    /// Opens, checks and parses the manifest `name` in `directory`.
    static func readManifest(_ name: String, in directory: String, trust: PluginTrust) throws(PluginRefusal)
        -> PluginManifest
    {
        let text = try CheckedFile.open(name, in: directory, trust: trust).readText()
        do throws(ConfigurationError) {
            return try PluginManifest(
                parsing: text, file: (directory.hasSuffix("/") ? directory : directory + "/") + name)
        } catch {
            throw .manifest(error)
        }
    }

    /// Why the system instance refuses `directory` for one of its ancestors; nil when every
    /// ancestor passes, or when the directory cannot be opened (listing it says why).
    private static func untrustedAncestry(of directory: String) -> PluginRefusal? {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        do throws(PluginRefusal) {
            try PluginDirectoryAncestry.check(descriptor, directory: directory)
            return nil
        } catch {
            return error
        }
    }

    /// The `*.plugin` names in `directory`, sorted by bytes; nil (errno set) if unreadable.
    private static func manifestNames(in directory: String) -> [String]? {
        guard let stream = opendir(directory) else { return nil }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasSuffix(".plugin"), name != ".plugin", !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }
}
