/// A place in a TOML document: a 1-based line and a 1-based column counted in Unicode scalars
/// (a tab is one column), as an editor's "go to line" wants them.
public struct TOMLLocation: Sendable, Hashable, CustomStringConvertible {
    /// The line, from 1.
    public let line: Int
    /// The column, from 1.
    public let column: Int

    /// The place at `line` and `column`.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line L, column C`.
    public var description: String { "line \(line), column \(column)" }
}
