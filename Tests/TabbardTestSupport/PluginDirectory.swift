import Foundation

/// Where tests make plugin directories: beneath the package's `.build`, not the system's
/// temporary directory. A system instance accepts a plugin directory only when every ancestor
/// is root's and writable by nobody else (docs/plugins.md), which `/tmp`, writable by all,
/// never is; the build tree of a checkout root owns is.
public enum PluginDirectoryBase {
    /// The directory the plugin directories of tests are made in.
    public static let path = PackagePaths.root.appendingPathComponent(".build/test-plugin-dirs").path
}

/// A fresh empty plugin directory beneath `PluginDirectoryBase.path`, named after `prefix`.
public func makePluginDirectory(_ prefix: String = "tabbard-plugins") throws -> String {
    try FileManager.default.createDirectory(
        atPath: PluginDirectoryBase.path, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o755])
    var template = Array("\(PluginDirectoryBase.path)/\(prefix)-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else {
        throw TestFailure("cannot make a plugin directory in \(PluginDirectoryBase.path)")
    }
    let path = String(cString: made)
    // mkdtemp makes it 0700; plugin directories are readable by all, as installed ones are.
    chmod(path, 0o755)
    return path
}
