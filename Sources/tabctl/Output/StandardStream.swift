import Glibc

/// Standard output or error written with write(2) directly: each call is one complete write,
/// so a line reaches a pipe the moment it is printed, with no stdio buffer to flush or lose.
///
/// Nothing is written with a control character in it but line breaks (`TerminalText`): what
/// tabctl prints comes from the daemon, whose text may come from a plugin or a client and hold
/// escape sequences. The one exception is a drawing (`writeDrawing`), whose styles are
/// tabctl's own and whose text was escaped when it was drawn.
struct StandardStream {
    /// The descriptor written to.
    let fd: Int32

    /// Standard output.
    static let output = StandardStream(fd: 1)
    /// Standard error.
    static let error = StandardStream(fd: 2)

    /// Writes `text` completely (retrying short writes and interruptions), every control
    /// character but line breaks escaped. Returns false when the reader is gone (EPIPE) or the
    /// descriptor fails otherwise.
    @discardableResult
    func write(_ text: String) -> Bool {
        writeDrawing(TerminalText.escaped(text, keepingLineBreaks: true))
    }

    /// Writes `drawing` as it is: the escape sequences of its styles (`TextStyle`) and the
    /// screen clear of `show --follow` are tabctl's; the text in it is escaped already (`Span`).
    @discardableResult
    func writeDrawing(_ drawing: String) -> Bool {
        var text = drawing
        return text.withUTF8 { buffer in
            guard let start = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, start + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    /// Writes `line` and a newline in one write.
    @discardableResult
    func line(_ line: String) -> Bool { write(line + "\n") }

    /// True when the descriptor is a terminal.
    var isTerminal: Bool { isatty(fd) == 1 }
}
