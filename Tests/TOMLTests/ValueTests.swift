import TOML
import Testing

/// Every value type TOML 1.0 defines; dates and times have their own suite (DateTimeTests).
@Suite("Values")
struct ValueTests {
    func value(_ text: String) throws -> TOMLValue? {
        try TOMLParser.parse("v = " + text)["v"]
    }

    @Test("basic strings resolve every escape")
    func basicStrings() throws {
        #expect(try value(#""a\tb\n\"q\" \\ \b\f\r""#) == .string("a\tb\n\"q\" \\ \u{8}\u{C}\r"))
        #expect(try value(#""\u00E9\U0001F600 é""#) == .string("é😀 é"))
        #expect(try value(#""""#) == .string(""))
    }

    @Test("literal strings are taken as written")
    func literalStrings() throws {
        #expect(try value(#"'C:\Users\nodejs\templates'"#) == .string(#"C:\Users\nodejs\templates"#))
        #expect(try value("'<\\i\\c*\\s*>'") == .string("<\\i\\c*\\s*>"))
    }

    @Test("multi-line strings drop the first newline, keep the others, and join lines ending in a backslash")
    func multilineStrings() throws {
        #expect(
            try value("\"\"\"\nRoses are red\nViolets are blue\"\"\"") == .string("Roses are red\nViolets are blue"))
        #expect(
            try value("\"\"\"\nThe quick brown \\\n\n\n  fox jumps \\\n    over the lazy dog.\"\"\"")
                == .string("The quick brown fox jumps over the lazy dog."))
        #expect(
            try value("\"\"\"Here are two quotation marks: \"\". Simple enough.\"\"\"")
                == .string("Here are two quotation marks: \"\". Simple enough."))
        #expect(
            try value("\"\"\"\"This,\" she said, \"is just a pointless statement.\"\"\"\"")
                == .string("\"This,\" she said, \"is just a pointless statement.\""))
        #expect(
            try value(
                "'''\nThe first newline is\ntrimmed in raw strings.\n   All other whitespace\n   is preserved.\n'''")
                == .string("The first newline is\ntrimmed in raw strings.\n   All other whitespace\n   is preserved.\n")
        )
        #expect(
            try value("''''That,' she said, 'is still pointless.''''")
                == .string("'That,' she said, 'is still pointless.'"))
        #expect(try value("\"\"\"a\r\nb\"\"\"") == .string("a\nb"))
    }

    @Test("integers in every base, with underscores, to the ends of 64 bits")
    func integers() throws {
        #expect(try value("+99") == .integer(99))
        #expect(try value("-17") == .integer(-17))
        #expect(try value("0") == .integer(0))
        #expect(try value("-0") == .integer(0))
        #expect(try value("1_000_000") == .integer(1_000_000))
        #expect(try value("0xDEAD_beef") == .integer(0xDEAD_BEEF))
        #expect(try value("0o755") == .integer(0o755))
        #expect(try value("0b1101_0110") == .integer(0b1101_0110))
        #expect(try value("9223372036854775807") == .integer(.max))
        #expect(try value("-9223372036854775808") == .integer(.min))
        #expect(try value("0x7FFFFFFFFFFFFFFF") == .integer(.max))
    }

    @Test("floats with fractions and exponents; inf and nan")
    func floats() throws {
        #expect(try value("+1.0") == .float(1))
        #expect(try value("3.1415") == .float(3.1415))
        #expect(try value("-0.01") == .float(-0.01))
        #expect(try value("5e+22") == .float(5e22))
        #expect(try value("1e06") == .float(1e6))
        #expect(try value("-2E-2") == .float(-0.02))
        #expect(try value("6.626e-34") == .float(6.626e-34))
        #expect(try value("224_617.445_991_228") == .float(224_617.445_991_228))
        #expect(try value("0e0") == .float(0))
        #expect(try value("inf") == .float(.infinity))
        #expect(try value("-inf") == .float(-.infinity))
        let nan = try value("+nan")
        if case .float(let number)? = nan { #expect(number.isNaN) } else { Issue.record("\(String(describing: nan))") }
    }

    @Test("booleans, arrays of mixed types over several lines, inline tables")
    func structures() throws {
        #expect(try value("true") == .boolean(true))
        #expect(try value("false") == .boolean(false))
        #expect(try value("[ 1, 2.5, \"three\", [4], { five = 5 }, ]")?.array?.count == 5)
        #expect(try value("[\n  1, # one\n  2,\n\n  # nothing\n]") == .array([.integer(1), .integer(2)]))
        #expect(try value("[]") == .array([]))
        let point = try value("{ x = 1, y.z = 2 }")?.table
        #expect(point?["x"] == .integer(1))
        #expect(point?["y"]?.table?["z"] == .integer(2))
        #expect(try value("{}")?.table?.keys == [])
    }
}
