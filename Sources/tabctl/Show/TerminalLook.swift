import Glibc

/// How `show` should draw on this standard output: its width, and whether to use colors.
struct TerminalLook {
    /// Columns to draw in.
    var width: Int
    /// ANSI colors: only on a terminal, and never when `NO_COLOR` is set (no-color.org:
    /// present and not empty).
    var colors: Bool

    /// The look of standard output now: the terminal's width, else `$COLUMNS`, else 80.
    static func current() -> TerminalLook {
        let terminal = isatty(1) == 1
        let noColor = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
        return TerminalLook(width: terminalWidth(terminal: terminal), colors: terminal && !noColor)
    }

    private static func terminalWidth(terminal: Bool) -> Int {
        if terminal {
            var size = winsize()
            if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return min(Int(size.ws_col), 120) }
        }
        if let columns = getenv("COLUMNS").flatMap({ Int(String(cString: $0)) }), columns > 0 {
            return min(columns, 120)
        }
        return 80
    }
}

extension BarPicture {
    /// The picture drawn for standard output as it is now (its width, colors or not).
    func drawnForStandardOutput() -> String {
        let look = TerminalLook.current()
        return BarRenderer(width: look.width, colors: look.colors).render(self)
    }
}
