import Foundation

/// The icon names Debian's `adwaita-icon-theme` installs, read from its files: a name resolves
/// when some size or context has `NAME.svg`, `NAME.png` or `NAME.symbolic.png` (ICON-2, ICON-5).
public struct AdwaitaIcons: Sendable {
    /// Where the package puts the theme.
    public static let directory = "/usr/share/icons/Adwaita"

    private let names: Set<String>

    /// The installed theme's names; throws, naming the package, when it is not installed
    /// (`scripts/install-deps test` installs it).
    public static func installed() throws -> AdwaitaIcons {
        var names = Set<String>()
        for case let path as String in FileManager.default.enumerator(atPath: directory)?.allObjects ?? [] {
            let file = (path as NSString).lastPathComponent
            if let suffix = [".symbolic.png", ".svg", ".png"].first(where: file.hasSuffix) {
                names.insert(String(file.dropLast(suffix.count)))
            }
        }
        guard !names.isEmpty else {
            throw TestFailure("\(directory) has no icons: install adwaita-icon-theme (scripts/install-deps test)")
        }
        return AdwaitaIcons(names: names)
    }

    /// Whether `name` resolves in the theme.
    public func contains(_ name: String) -> Bool { names.contains(name) }
}
