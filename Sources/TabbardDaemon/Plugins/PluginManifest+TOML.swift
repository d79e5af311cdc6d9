internal import TOMLKit
import TabModel

extension PluginManifest {
    /// Parses the manifest `text` read from `file`; every problem names the key (and line).
    public init(parsing text: String, file: String) throws(PluginManifestError) {
        let root: TOMLTable
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw PluginManifestError(file: file, line: error.source.begin.line, message: "not valid TOML: \(error.description)")
        } catch {
            throw PluginManifestError(file: file, message: "not valid TOML: \(error)")
        }
        let reader = ManifestReader(file: file, lines: TOMLKeyLines(text))
        try reader.allowOnly(["name", "module", "abi", "description", "tabs"], in: root, at: nil)
        let name = try reader.string("name", in: root, at: nil, required: true)!
        guard TabIdentifier.isValid(name) else { throw reader.error("name", at: nil, "'\(name)' is not a valid plugin name (letters, digits, '.', '_', '-'; at most 64)") }
        let module = try reader.string("module", in: root, at: nil, required: true)!
        guard !module.isEmpty else { throw reader.error("module", at: nil, "is empty") }
        let abiText = try reader.string("abi", in: root, at: nil, required: true)!
        guard let abi = PluginABIVersion(abiText) else { throw reader.error("abi", at: nil, "'\(abiText)' is not a version such as \"1.0\"") }
        let description = try reader.string("description", in: root, at: nil) ?? ""
        guard let tabsValue = root["tabs"] else { throw reader.error("tabs", at: nil, "is missing: a plugin offers at least one tab ([[tabs]])") }
        guard let tabTables = tabsValue.array, tabTables.count > 0 else { throw reader.error("tabs", at: nil, "must be a non-empty array of tables ([[tabs]])") }
        var tabs: [PluginTabDeclaration] = []
        for (index, value) in tabTables.enumerated() {
            guard let table = value.table else { throw reader.error("tabs[\(index)]", at: nil, "must be a table") }
            tabs.append(try reader.tab(table, index: index))
        }
        var seen = Set<String>()
        for (index, tab) in tabs.enumerated() where !seen.insert(tab.id).inserted {
            throw reader.error("id", at: index, "'\(tab.id)' is declared twice in this manifest")
        }
        self.init(file: file, name: name, module: module, abi: abi, description: description, tabs: tabs)
    }
}

/// Typed access to a parsed manifest, turning every mismatch into a `PluginManifestError`.
private struct ManifestReader {
    let file: String
    let lines: TOMLKeyLines

    func error(_ key: String, at tab: Int?, _ message: String) -> PluginManifestError {
        let dotted = tab.map { "tabs[\($0)].\(key)" } ?? key
        return PluginManifestError(file: file, key: dotted, line: lines.line(of: dotted), message: message)
    }

    func allowOnly(_ keys: Set<String>, in table: TOMLTable, at tab: Int?) throws(PluginManifestError) {
        for key in table.keys.sorted() where !keys.contains(key) {
            throw error(key, at: tab, "unknown key (known: \(keys.sorted().joined(separator: ", ")))")
        }
    }

    func string(_ key: String, in table: TOMLTable, at tab: Int?, required: Bool = false) throws(PluginManifestError) -> String? {
        guard let value = table[key] else {
            if required { throw error(key, at: tab, "is missing") }
            return nil
        }
        guard let text = value.string else { throw error(key, at: tab, "must be a string, not \(value.type)") }
        return text
    }

    func strings(_ key: String, in table: TOMLTable, at tab: Int?) throws(PluginManifestError) -> [String]? {
        guard let value = table[key] else { return nil }
        guard let array = value.array else { throw error(key, at: tab, "must be an array of strings, not \(value.type)") }
        var result: [String] = []
        for element in array {
            guard let text = element.string else { throw error(key, at: tab, "must hold only strings, not \(element.type)") }
            result.append(text)
        }
        return result
    }

    func tab(_ table: TOMLTable, index: Int) throws(PluginManifestError) -> PluginTabDeclaration {
        try allowOnly([
            "id", "title", "titles", "image", "selected_image", "image_rendering_mode", "system_item",
            "tag", "orientations", "restoration_id", "actions", "root_page",
        ], in: table, at: index)
        let id = try string("id", in: table, at: index, required: true)!
        guard TabIdentifier.isValid(id) else { throw error("id", at: index, "'\(id)' is not a valid tab id (ID-1: ^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$)") }
        var tab = PluginTabDeclaration(id: id, title: "")
        if let item = try string("system_item", in: table, at: index) {
            guard SystemItem(rawValue: item) != nil else {
                let known = SystemItem.allCases.map(\.rawValue).joined(separator: ", ")
                throw error("system_item", at: index, "'\(item)' is not a system item (\(known))")
            }
            tab.systemItem = item
        }
        tab.title = try string("title", in: table, at: index, required: tab.systemItem == nil) ?? ""
        if let value = table["titles"] {
            guard let titles = value.table else { throw error("titles", at: index, "must be a table of locale = \"title\"") }
            for (locale, title) in titles {
                guard Self.isLocale(locale) else { throw error("titles.\(locale)", at: index, "'\(locale)' is not a locale such as fr or pt_BR") }
                guard let text = title.string else { throw error("titles.\(locale)", at: index, "must be a string, not \(title.type)") }
                tab.localizedTitles[locale] = text
            }
        }
        tab.image = try string("image", in: table, at: index) ?? ""
        tab.selectedImage = try string("selected_image", in: table, at: index) ?? ""
        if let mode = try string("image_rendering_mode", in: table, at: index) {
            guard ImageRenderingMode(rawValue: mode) != nil else { throw error("image_rendering_mode", at: index, "'\(mode)' is neither template nor original") }
            tab.imageRenderingMode = mode
        }
        if let value = table["tag"] {
            guard let tag = value.int else { throw error("tag", at: index, "must be an integer, not \(value.type)") }
            guard let tag32 = Int32(exactly: tag) else { throw error("tag", at: index, "\(tag) does not fit in 32 bits") }
            tab.tag = tag32
        }
        if let orientations = try strings("orientations", in: table, at: index) {
            for orientation in orientations where Orientation(rawValue: orientation) == nil {
                let known = Orientation.allCases.map(\.rawValue).joined(separator: ", ")
                throw error("orientations", at: index, "'\(orientation)' is not one of \(known)")
            }
            guard !orientations.isEmpty, Set(orientations).count == orientations.count else {
                throw error("orientations", at: index, "must list each supported orientation once, at least one")
            }
            tab.orientations = orientations
        }
        // STATE-1: absent means the id; an empty string means the tab is never restored.
        if let restoration = try string("restoration_id", in: table, at: index) {
            tab.restorationID = restoration.isEmpty ? nil : restoration
        }
        tab.actions = try strings("actions", in: table, at: index) ?? []
        for action in tab.actions where action.isEmpty {
            throw error("actions", at: index, "an action name is empty")
        }
        if let root = try string("root_page", in: table, at: index) {
            guard !root.isEmpty else { throw error("root_page", at: index, "is empty") }
            tab.rootPage = root
        }
        return tab
    }

    /// `fr`, `fr_FR`, `pt-BR`, `zh_Hant_TW`: letters first, then letter/digit parts.
    private static func isLocale(_ text: String) -> Bool {
        let parts = text.split(separator: "_", omittingEmptySubsequences: false).flatMap { $0.split(separator: "-", omittingEmptySubsequences: false) }
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }
}
