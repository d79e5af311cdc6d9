/// How a piece of drawn text looks on a color terminal. Without colors every style draws as
/// plain text; the drawing stays readable because markers (`[…]`, `~…~`, `(3)`, `•`) carry
/// the same meaning.
enum TextStyle: Equatable {
    /// Ordinary text.
    case plain
    /// A heading: bold.
    case heading
    /// The selected item: bold, in the tint color.
    case selected(tint: String)
    /// A badge: red.
    case badge
    /// A disabled item: dimmed.
    case disabled

    /// The ANSI escape that starts the style, or "" for plain text.
    var escape: String {
        switch self {
        case .plain: ""
        case .heading: "\u{1B}[1m"
        case .selected(let tint):
            if let (red, green, blue) = Self.rgb(tint) { "\u{1B}[1;38;2;\(red);\(green);\(blue)m" } else { "\u{1B}[1m" }
        case .badge: "\u{1B}[1;31m"
        case .disabled: "\u{1B}[2m"
        }
    }

    /// The escape that ends any style.
    static let reset = "\u{1B}[0m"

    private static func rgb(_ color: String) -> (Int, Int, Int)? {
        let digits = Array(color.utf8)
        guard digits.count == 7, digits[0] == UInt8(ascii: "#"),
            let value = Int(String(decoding: digits[1...], as: UTF8.self), radix: 16)
        else { return nil }
        return (value >> 16 & 0xFF, value >> 8 & 0xFF, value & 0xFF)
    }
}

/// A run of text in one style.
struct Span: Equatable {
    /// The characters drawn: with every control character escaped (`TerminalText`), since
    /// most come from the daemon and the drawing is written as it is.
    var text: String
    /// How they look.
    var style: TextStyle = .plain

    /// `text` in `style`, its control characters escaped.
    init(text: String, style: TextStyle = .plain) {
        self.text = TerminalText.escaped(text)
        self.style = style
    }

    /// The columns it takes. One per character: tab titles are short and mostly narrow, and a
    /// wide character costs a column of alignment at worst.
    var width: Int { text.count }
}

extension [Span] {
    /// The columns the spans take together.
    var width: Int { reduce(0) { $0 + $1.width } }

    /// The spans as text, with ANSI styles when `colors` is on. Neighbouring spans of one
    /// style share one escape sequence.
    func draw(colors: Bool) -> String {
        guard colors else { return map(\.text).joined() }
        var line = ""
        var index = startIndex
        while index < endIndex {
            let style = self[index].style
            var text = ""
            while index < endIndex, self[index].style == style {
                text += self[index].text
                index += 1
            }
            line += style.escape.isEmpty ? text : style.escape + text + TextStyle.reset
        }
        return line
    }
}
