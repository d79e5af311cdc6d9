/// Text from the daemon as tabctl prints it: with no control character a terminal would act
/// on. A title or badge holding `ESC [2J` would clear the screen of whoever lists the tabs,
/// `ESC ] 52` write their clipboard, `ESC ] 8` make a link, C1 CSI (U+009B) start any sequence;
/// a line break would make one tab look like two. Every control character (C0, DEL, C1) is
/// written as `\u` and four hex digits, as a JSON string writes it, so text and JSON output
/// spell it the same, and JSON stays JSON.
enum TerminalText {
    /// `text` with every control character escaped; with `keepingLineBreaks`, line breaks stay
    /// (text that tabctl laid out in lines itself). Text without any, nearly all of it, is
    /// returned as it is after one pass over its bytes.
    static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard needsEscape(text, keepingLineBreaks: keepingLineBreaks) else { return text }
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isControl(scalar), !(keepingLineBreaks && scalar == "\n") else {
                escaped.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16, uppercase: true)
            escaped.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
        }
        return String(escaped)
    }

    /// Whether `scalar` is a control character (Unicode's Cc): C0, DEL or C1.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Whether `text` holds a control character to escape, found in its UTF-8: a byte below
    /// 0x20 or 0x7F, or C1, which is 0xC2 and a byte from 0x80 to 0x9F.
    private static func needsEscape(_ text: String, keepingLineBreaks: Bool) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if (byte < 0x20 && !(keepingLineBreaks && byte == 0x0A)) || byte == 0x7F { return true }
            if previous == 0xC2 && (0x80...0x9F).contains(byte) { return true }
            previous = byte
        }
        return false
    }
}
