/// How far the loader trusts the files in its plugin directories.
public enum PluginTrust: Sendable, Equatable {
    /// A session instance: the user's own files, symbolic links followed.
    case session
    /// The system instance: directories and files must be owned by root and not writable by
    /// group or others, no symbolic link is followed, and the module sits next to its manifest.
    case system
}
