/// Icon names of the freedesktop Icon Naming Specification (ICON-1, ICON-2): what a frontend
/// looks up in its icon theme, unlike `Image`, which may be a path. Empty means none.
public enum IconName {
    /// The longest icon name, in bytes of UTF-8.
    public static let maximumBytes = 255

    /// Throws `InvalidArgument` unless `name` is empty, or at most 255 bytes with no control
    /// character and no `/` (a name is looked up in themes, never a path). Swift strings are
    /// valid UTF-8 already; text from a plugin is checked for that where it is read.
    public static func validate(_ name: String) throws(TabError) {
        if name.isEmpty { return }
        guard name.utf8.count <= maximumBytes else {
            throw .invalidArgument("Icon name \(quoted: name) is longer than \(maximumBytes) bytes of UTF-8.")
        }
        for scalar in name.unicodeScalars
        where scalar == "/" || scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
            throw .invalidArgument(
                "Invalid icon name \(quoted: name): expected a theme icon name without '/' or control characters.")
        }
    }
}
