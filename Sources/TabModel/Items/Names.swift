/// Page names in navigation stacks (NAV-2). The plugin decides which pages exist; the model
/// only refuses what no plugin could mean.
public enum PageName {
    /// The longest page name accepted, in bytes.
    public static let maximumLength = 255

    /// Throws `InvalidArgument` for an empty or overlong name, or one with control characters.
    public static func validate(_ page: String) throws(TabError) {
        guard !page.isEmpty, page.utf8.count <= maximumLength, !page.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F })
        else {
            throw .invalidArgument(
                "Invalid page name \(quoted: page): expected 1 to \(maximumLength) bytes without control characters.")
        }
    }
}

/// Action names offered by a tab (`Actions`, `Activate`).
public enum ActionName {
    /// Throws `InvalidArgument` unless `action` is a non-empty name of at most 64 bytes without
    /// control characters.
    public static func validate(_ action: String) throws(TabError) {
        guard !action.isEmpty, action.utf8.count <= 64, !action.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else {
            throw .invalidArgument("Invalid action name \(quoted: action).")
        }
    }
}

/// Image references: a name or an absolute path, or empty for none (LOOK-4).
public enum ImageName {
    /// Throws `InvalidArgument` for a relative path, control characters or more than 4096 bytes.
    public static func validate(_ image: String) throws(TabError) {
        if image.isEmpty { return }
        let bytes = image.utf8
        let isPath = bytes.first == UInt8(ascii: "/")
        guard bytes.count <= 4096, !bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }),
            isPath || !bytes.contains(UInt8(ascii: "/"))
        else {
            throw .invalidArgument("Invalid image \(quoted: image): expected an image name or an absolute path.")
        }
    }
}

/// `#RRGGBB` colors (ITEM-5, LOOK-2); empty means the default.
public enum ColorValue {
    /// Throws `InvalidArgument` naming `color` unless it is empty or `#` plus six hex digits.
    public static func validate(_ color: String) throws(TabError) {
        if color.isEmpty { return }
        let bytes = Array(color.utf8)
        let hex: (UInt8) -> Bool = {
            ("0"..."9").contains(Character(Unicode.Scalar($0))) || ("a"..."f").contains(Character(Unicode.Scalar($0)))
                || ("A"..."F").contains(Character(Unicode.Scalar($0)))
        }
        guard bytes.count == 7, bytes[0] == UInt8(ascii: "#"), bytes.dropFirst().allSatisfy(hex) else {
            throw .invalidArgument("Invalid color \(quoted: color): expected #RRGGBB or empty.")
        }
    }
}

/// Titles of bar items: a tab's, which its plugin gives, and a standalone bar item's, which its
/// client gives, have one bound, so no title can make a reply or the state file balloon.
public enum ItemTitle {
    /// The longest title, in bytes of UTF-8.
    public static let maximumBytes = 256

    /// Throws `InvalidArgument` naming a title of more than 256 bytes of UTF-8 (ERR-2).
    public static func validate(_ title: String) throws(TabError) {
        guard title.utf8.count <= maximumBytes else {
            throw .invalidArgument("Title \(quoted: title) is longer than \(maximumBytes) bytes of UTF-8.")
        }
    }
}
