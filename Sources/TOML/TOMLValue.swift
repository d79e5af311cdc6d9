/// One value of a TOML document: every type TOML 1.0 defines.
public enum TOMLValue: Sendable, Equatable {
    /// A string of any of the four forms, escapes resolved.
    case string(String)
    /// An integer in any base; TOML integers are 64-bit.
    case integer(Int64)
    /// A float, `inf` and `nan` included.
    case float(Double)
    /// `true` or `false`.
    case boolean(Bool)
    /// An offset date-time, a local date-time, a local date or a local time.
    case dateTime(TOMLDateTime)
    /// An array, its elements in document order; an array of tables holds `.table` elements.
    case array([TOMLValue])
    /// A table: a `[header]` table, an element of an array of tables, or an inline table.
    case table(TOMLTable)

    /// The type's name as a message says it: `string`, `integer`, `float`, `boolean`, `array`,
    /// `table`, or the kind of date or time (`offset date-time`, `local date`, …).
    public var typeName: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .float: "float"
        case .boolean: "boolean"
        case .dateTime(let value): value.kindName
        case .array: "array"
        case .table: "table"
        }
    }

    /// The string, if this is one.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The integer, if this is one.
    public var integer: Int64? {
        if case .integer(let number) = self { return number }
        return nil
    }

    /// The boolean, if this is one.
    public var boolean: Bool? {
        if case .boolean(let flag) = self { return flag }
        return nil
    }

    /// The date or time, if this is one.
    public var dateTime: TOMLDateTime? {
        if case .dateTime(let value) = self { return value }
        return nil
    }

    /// The elements, if this is an array.
    public var array: [TOMLValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The table, if this is one.
    public var table: TOMLTable? {
        if case .table(let table) = self { return table }
        return nil
    }
}
