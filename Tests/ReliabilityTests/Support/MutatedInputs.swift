import Foundation
import TabbardTestSupport

/// Generated inputs for a file reader: byte flips, truncations, splices of valid files, pieces
/// of the format's syntax dropped in at random, known hostile inputs at line starts, and deep
/// nesting. Seeded, so that a failure can be replayed.
struct MutatedInputs {
    /// Valid files the mutations start from.
    let corpus: [[UInt8]]
    /// Pieces of the format's syntax worth inserting.
    let tokens: [[UInt8]]
    /// Whole inputs known to be hostile.
    let hostile: [[UInt8]]
    /// What opens and closes one level of nesting, and what comes before the first.
    let nesting: (prefix: [UInt8], open: UInt8, close: UInt8)
    private var random: SplitMix64

    /// Inputs drawn from `corpus` with `seed`.
    init(
        corpus: [[UInt8]], tokens: [[UInt8]], hostile: [[UInt8]], nesting: (prefix: [UInt8], open: UInt8, close: UInt8),
        seed: UInt64
    ) {
        self.corpus = corpus
        self.tokens = tokens
        self.hostile = hostile
        self.nesting = nesting
        random = SplitMix64(seed: seed)
    }

    /// TOML for the configuration and manifest readers.
    static func toml(corpus: [[UInt8]], seed: UInt64) -> MutatedInputs {
        MutatedInputs(
            corpus: corpus, tokens: TOMLInputs.tokens, hostile: TOMLInputs.formerAborts.map { Array($0.utf8) },
            nesting: (Array("x = ".utf8), UInt8(ascii: "["), UInt8(ascii: "]")), seed: seed)
    }

    /// The next input.
    mutating func next() -> [UInt8] {
        var bytes = corpus[pick(corpus.count)]
        switch pick(9) {
        case 0: // Byte flips.
            for _ in 0...pick(4) where !bytes.isEmpty {
                bytes[pick(bytes.count)] = UInt8(truncatingIfNeeded: random.next())
            }
        case 1: // Truncation.
            bytes = Array(bytes.prefix(pick(bytes.count + 1)))
        case 2: // A splice: the start of one file, the end of another.
            let other = corpus[pick(corpus.count)]
            bytes = Array(bytes.prefix(pick(bytes.count + 1))) + Array(other.suffix(pick(other.count + 1)))
        case 3: // Syntax dropped in at random places.
            for _ in 0...pick(3) { bytes.insert(contentsOf: tokens[pick(tokens.count)], at: pick(bytes.count + 1)) }
        case 4: // A hostile input at the start of a line.
            let lines = bytes.indices.filter { $0 == 0 || bytes[$0 - 1] == UInt8(ascii: "\n") }
            bytes.insert(
                contentsOf: hostile[pick(hostile.count)] + [0x0A],
                at: lines.isEmpty ? 0 : lines[pick(lines.count)])
        case 5: // A range deleted.
            if !bytes.isEmpty {
                let start = pick(bytes.count)
                bytes.removeSubrange(start..<min(bytes.count, start + 1 + pick(40)))
            }
        case 6: // A range repeated: duplicate keys and tables.
            if !bytes.isEmpty {
                let start = pick(bytes.count)
                let range = start..<min(bytes.count, start + 1 + pick(200))
                bytes.insert(contentsOf: bytes[range], at: pick(bytes.count + 1))
            }
        case 7: // A hostile input or token soup alone.
            bytes = (0...pick(6)).flatMap { _ in tokens[pick(tokens.count)] }
            if pick(2) == 0 { bytes = hostile[pick(hostile.count)] }
        default: // Deep nesting.
            let depth = 1 + pick(100)
            bytes =
                nesting.prefix + Array(repeating: nesting.open, count: depth)
                + Array(repeating: nesting.close, count: pick(depth + 1))
        }
        return bytes
    }

    private mutating func pick(_ count: Int) -> Int {
        count <= 1 ? 0 : Int(random.next() % UInt64(count))
    }
}

/// What the TOML fuzzing knows of TOML.
enum TOMLInputs {
    /// Inputs that aborted the vendored C++ parser .
    static let formerAborts = ["[/", "[!", "[é", "[$]", "[.", "[*]", "[ /]", "tabs = [}", "s=[1,}"]

    /// Pieces of TOML syntax worth inserting: delimiters, escapes, number prefixes, dates.
    static let tokens: [[UInt8]] = [
        "[", "]", "[[", "]]", "{", "}", "=", ",", ".", "\"", "'", "\"\"\"", "'''", "#", "\n", "\r", "\r\n", "\\",
        "\\u", "\\U0010FFFF", "\\uD800", "0x", "0o", "0b", "_", "1e999", "-9223372036854775809", "9223372036854775807",
        "inf", "nan", "true", "1979-05-27T07:32:00Z", "07:32", "a.b.c", "é", "\u{0}", "\u{7F}", "\t", " = ",
        "[tabs]", "[[tabs]]", "[appearance]", "{ a = 1 }", "[1, [2, [3]]]",
    ].map { Array($0.utf8) }
}

/// The valid files the fuzzing starts from: the bundled manifests, a configuration setting
/// every key, and generated manifests.
enum TOMLCorpus {
    /// A configuration that sets every documented key.
    static let configuration = """
        # Every key tabbard.toml knows.
        plugin_dirs = ["/usr/lib/tabbard/plugins", '/etc/tabbard/plugins']
        plugins = ["clock", "media", "notes"]
        tabs = ["world-clock", "alarm", "notes"]
        selected = "alarm"
        customizable = ["alarm", "notes"]
        max_visible = 4
        layout = "bottom"
        locale = "fr_FR"
        delegate_timeout_ms = 1_000
        delegate_timeout_policy = "allow"
        admin_group = "tabbard"
        flush_interval_ms = 0x64
        customization_timeout_s = 300

        [appearance]
        bar_style = "default"
        tint_color = "#FF9500"
        unselected_item_tint_color = "#8E8E93"
        translucent = true
        shadow_image = \"\"\"
        shadow\"\"\"
        """

    /// A manifest of `count` tabs for plugin `name`, each with titles in three locales.
    static func manifest(name: String, tabs count: Int) -> String {
        var text = "name = \"\(name)\"\nmodule = \"lib\(name).so\"\nabi = \"1.0\"\ndescription = \"\(count) tabs\"\n"
        for index in 0..<count {
            text += """

                [[tabs]]
                id = "\(name)-\(index)"
                title = "Tab \(index)"
                image = "square.\(index)"
                tag = \(index)
                actions = ["open", "close"]
                orientations = ["portrait", "landscape-left"]
                [tabs.titles]
                fr = "Onglet \(index)"
                de = "Reiter \(index)"
                ja = "タブ\(index)"

                """
        }
        return text
    }

    /// Every file of the corpus, as bytes (a manifest of 10 tabs: large files cost the fuzzing
    /// time without reaching code that small ones do not).
    static func files() throws -> [[UInt8]] {
        var files = [Array(configuration.utf8), Array(manifest(name: "many", tabs: 10).utf8)]
        for name in ["clock", "media", "notes"] {
            let path = PackagePaths.root.appendingPathComponent("Plugins/\(name)/\(name).plugin").path
            files.append(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        }
        return files
    }
}
