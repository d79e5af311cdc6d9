import DaemonBase
import Glibc
import TabModel

extension PluginManifest {
    /// Parses the manifest `text` read from `file`; every problem names the line and, where
    /// there is one, the key.
    public init(parsing text: String, file: String) throws(ConfigurationError) {
        try self.init(parsing: Array(text.utf8), file: file)
    }

    /// Parses the bytes of the manifest read from `file`; every problem names the line and,
    /// where there is one, the key. Bytes that are not text are refused as such.
    public init(parsing bytes: [UInt8], file: String) throws(ConfigurationError) {
        var root = try TableReader(document: bytes, file: file)
        let name = try root.requiredString("name")
        guard TabIdentifier.isValid(name) else {
            throw root.failure(
                "name", "'\(name)' is not a valid plugin name (letters, digits, '.', '_', '-'; at most 64)")
        }
        let module = try root.requiredString("module")
        guard !module.isEmpty else { throw root.failure("module", "is empty") }
        let abiText = try root.requiredString("abi")
        guard let abi = PluginABIVersion(abiText) else {
            throw root.failure("abi", "'\(abiText)' is not a version such as \"1.0\"")
        }
        let description = try root.string("description", Self.printable) ?? ""
        let isolation = try root.parsed("isolation", PluginIsolation.init(validating:))
        guard let tabReaders = try root.tables("tabs") else {
            throw root.failure("tabs", "is missing: a plugin offers at least one tab ([[tabs]])")
        }
        guard !tabReaders.isEmpty else { throw root.failure("tabs", "must be a non-empty array of tables ([[tabs]])") }
        let iconTheme = try Self.iconTheme(&root, file: file)
        var tabs: [PluginTabDeclaration] = []
        var seen = Set<String>()
        for var reader in tabReaders {
            var tab = try Self.tab(&reader)
            tab.iconThemePath = iconTheme
            guard seen.insert(tab.id).inserted else {
                throw reader.failure("id", "'\(tab.id)' is declared twice in this manifest")
            }
            tabs.append(tab)
        }
        try root.rejectUnread(listingKnown: true)
        self.init(
            file: file, name: name, module: module, abi: abi, description: description, tabs: tabs, isolation: isolation
        )
    }

    /// One `[[tabs]]` table.
    private static func tab(_ table: inout TableReader) throws(ConfigurationError) -> PluginTabDeclaration {
        let id = try table.requiredString("id")
        guard TabIdentifier.isValid(id) else {
            throw table.failure("id", "'\(id)' is not a valid tab id (ID-1: ^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$)")
        }
        var tab = PluginTabDeclaration(id: id, title: "")
        if let item = try table.string("system_item") {
            guard SystemItem(rawValue: item) != nil else {
                let known = SystemItem.allCases.map(\.rawValue).joined(separator: ", ")
                throw table.failure("system_item", "'\(item)' is not a system item (\(known))")
            }
            tab.systemItem = item
        }
        // A tab with a system item takes its title from the daemon (ITEM-3).
        let title = try table.string("title", Self.printable)
        guard title != nil || tab.systemItem != nil else { throw table.failure("title", "is missing") }
        tab.title = title ?? ""
        if var titles = try table.table("titles", "a table of locale = \"title\"") {
            tab.localizedTitles.reserveCapacity(titles.keys.count)
            for locale in titles.keys {
                guard isLocale(locale) else {
                    throw titles.failure(locale, "'\(locale)' is not a locale such as fr or pt_BR")
                }
                tab.localizedTitles[locale] = try titles.string(locale, Self.printable)
            }
        }
        // ICON-2: a system item's icon names are the standard ones; the manifest may not give any.
        for key in ["icon", "selected_icon"] {
            guard let name = try table.string(key) else { continue }
            if tab.systemItem != nil {
                throw table.failure(key, "cannot be given beside system_item, whose icon names are the daemon's")
            }
            do throws(TabError) {
                try IconName.validate(name)
            } catch {
                throw table.failure(key, error.message)
            }
            if key == "icon" { tab.iconName = name } else { tab.selectedIconName = name }
        }
        tab.image = try table.string("image", Self.printable) ?? ""
        tab.selectedImage = try table.string("selected_image", Self.printable) ?? ""
        if let mode = try table.string("image_rendering_mode") {
            guard ImageRenderingMode(rawValue: mode) != nil else {
                throw table.failure("image_rendering_mode", "'\(mode)' is neither template nor original")
            }
            tab.imageRenderingMode = mode
        }
        if let tag = try table.integer("tag") {
            guard let tag32 = Int32(exactly: tag) else { throw table.failure("tag", "\(tag) does not fit in 32 bits") }
            tab.tag = tag32
        }
        if let orientations = try table.strings("orientations") {
            for orientation in orientations where Orientation(rawValue: orientation) == nil {
                let known = Orientation.allCases.map(\.rawValue).joined(separator: ", ")
                throw table.failure("orientations", "'\(orientation)' is not one of \(known)")
            }
            guard !orientations.isEmpty, Set(orientations).count == orientations.count else {
                throw table.failure("orientations", "must list each supported orientation once, at least one")
            }
            tab.orientations = orientations
        }
        // STATE-1: absent means the id; an empty string means the tab is never restored.
        if let restoration = try table.string("restoration_id") {
            tab.restorationID = restoration.isEmpty ? nil : restoration
        }
        tab.actions = try table.strings("actions", each: Self.printable) ?? []
        for action in tab.actions where action.isEmpty {
            throw table.failure("actions", "an action name is empty")
        }
        if let root = try table.string("root_page", Self.printable) {
            guard !root.isEmpty else { throw table.failure("root_page", "is empty") }
            tab.rootPage = root
        }
        try table.rejectUnread(listingKnown: true)
        return tab
    }

    /// ICON-4: the directory the `icon_theme` key names, relative to the manifest's own and
    /// required to exist, as an absolute path; "" without the key.
    private static func iconTheme(_ root: inout TableReader, file: String) throws(ConfigurationError) -> String {
        guard let relative = try root.string("icon_theme", Self.printable) else { return "" }
        guard !relative.isEmpty, !relative.hasPrefix("/") else {
            throw root.failure(
                "icon_theme",
                "must name a directory relative to the manifest's, not \(relative.isEmpty ? "nothing" : "an absolute path")"
            )
        }
        let slash = file.lastIndex(of: "/")
        let directory = slash.map { String(file[..<$0]) } ?? "."
        guard let resolved = realpath((directory.isEmpty ? "/" : directory) + "/" + relative, nil) else {
            throw root.failure(
                "icon_theme", "'\(relative)' is no directory beside the manifest (\(String(cString: strerror(errno))))")
        }
        defer { free(resolved) }
        let path = String(cString: resolved)
        guard FileKind(entryAt: path) == .directory else {
            throw root.failure("icon_theme", "'\(relative)' is not a directory")
        }
        return path
    }

    /// Refuses text of the manifest that people read or that names something (a title, an
    /// image, an action, a page, the description) when it holds a control character: a
    /// terminal that shows it would act on it instead (docs/plugins.md, Limits).
    private static func printable(_ text: String) throws(TabError) {
        guard case .replaced(let shown, let first) = PluginText.screen(text, for: .title) else { return }
        throw .invalidArgument("\(OffendingValue.quoted(shown)) holds a control character (\(PluginText.code(first)))")
    }

    /// `fr`, `fr_FR`, `pt-BR`, `zh_Hant_TW`: letters first, then letter/digit parts.
    private static func isLocale(_ text: String) -> Bool {
        // One pass over the UTF-8 bytes, counting each part's length: a locale is ASCII, and
        // every manifest names a few at every start, where splitting into parts allocated.
        var parts = 0
        var length = 0
        let partFits = { (parts: Int, length: Int) in parts == 0 ? (2...3).contains(length) : (2...8).contains(length) }
        for byte in text.utf8 {
            if byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") {
                guard partFits(parts, length) else { return false }
                parts += 1
                length = 0
            } else {
                guard isASCIILetter(byte) || (parts > 0 && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte))
                else { return false }
                length += 1
            }
        }
        return partFits(parts, length)
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }
}
