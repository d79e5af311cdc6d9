import TOML
import Testing

/// Tables, keys and where each key is written.
@Suite("Tables and keys")
struct DocumentTests {
    let document: TOMLTable

    init() throws {
        document = try TOMLParser.parse(
            """
            name = "clock"

            [appearance]
            tint_color = "#FF9500"

            [[tabs]]
            id = "alarm"
            [tabs.titles]
            fr = "Alarme"

            [[tabs]]
            "id" = "timer"
            titles = { de = "Timer" }
            """)
    }

    func tab(_ index: Int) -> TOMLTable? { document["tabs"]?.array?[index].table }

    @Test("top-level keys and keys of tables are found with the line they are written on")
    func tables() {
        #expect(document.entry("name")?.location == TOMLLocation(line: 1, column: 1))
        #expect(document.entry("appearance")?.location.line == 3)
        #expect(document["appearance"]?.table?.entry("tint_color")?.location.line == 4)
        #expect(document["appearance"]?.table?["tint_color"] == .string("#FF9500"))
        #expect(document.keys == ["name", "appearance", "tabs"])
    }

    @Test("keys in arrays of tables are found by element, sub-tables included")
    func arraysOfTables() {
        #expect(document.entry("tabs")?.location.line == 6)
        #expect(tab(0)?.location.line == 6)
        #expect(tab(0)?.entry("id")?.location.line == 7)
        #expect(tab(0)?["titles"]?.table?.entry("fr")?.location.line == 9)
        #expect(tab(1)?.location.line == 11)
        #expect(tab(1)?.entry("id")?.location == TOMLLocation(line: 12, column: 1))
        #expect(tab(1)?["id"] == .string("timer"))
    }

    @Test("a key inside an inline table has the line and column it is written at")
    func inlineTable() {
        #expect(tab(1)?["titles"]?.table?.entry("de")?.location == TOMLLocation(line: 13, column: 12))
        #expect(document.entry("nothing") == nil)
    }

    @Test("dotted keys make tables, and headers may open tables below them")
    func dottedKeys() throws {
        let table = try TOMLParser.parse(
            """
            fruit.apple.color = "red"
            fruit . "apple" . 'taste' . sweet = true
            [fruit.apple.texture]
            smooth = true
            [a.b.c]
            [a]
            b.d = 1
            """)
        let apple = table["fruit"]?.table?["apple"]?.table
        #expect(apple?["color"] == .string("red"))
        #expect(apple?["taste"]?.table?["sweet"] == .boolean(true))
        #expect(apple?["texture"]?.table?["smooth"] == .boolean(true))
        #expect(table["a"]?.table?["b"]?.table?["d"] == .integer(1))
        #expect(table["a"]?.table?["b"]?.table?["c"]?.table?.keys == [])
    }

    @Test("quoted keys may hold any text, the empty key too")
    func quotedKeys() throws {
        let table = try TOMLParser.parse("\"a.b\" = 1\n'' = 2\n\"ʎǝʞ\" = 3\n\"tab\\tkey\" = 4\n1234 = 5\n-_- = 6\n")
        #expect(table.keys == ["a.b", "", "ʎǝʞ", "tab\tkey", "1234", "-_-"])
    }

    @Test("arrays of tables take sub-tables and sub-arrays in their latest element")
    func nestedArraysOfTables() throws {
        let table = try TOMLParser.parse(
            """
            [[fruits]]
            name = "apple"
            [fruits.physical]
            color = "red"
            [[fruits.varieties]]
            name = "red delicious"
            [[fruits.varieties]]
            name = "granny smith"
            [[fruits]]
            name = "banana"
            [[fruits.varieties]]
            name = "plantain"
            """)
        let fruits = table["fruits"]?.array ?? []
        #expect(fruits.count == 2)
        #expect(fruits.first?.table?["physical"]?.table?["color"] == .string("red"))
        #expect(fruits.first?.table?["varieties"]?.array?.count == 2)
        #expect(fruits.last?.table?["varieties"]?.array?.first?.table?["name"] == .string("plantain"))
    }

    @Test(
        "tables of every size find each key at its line, in the order written, and no other",
        arguments: [0, 1, 15, 16, 17, 40, 2_000])
    func tablesOfEverySize(size: Int) throws {
        // Keys not in sorted order, so that the order kept is the document's.
        let names = (0..<size).map { "k\(($0 * 7919) % max(size, 1))_\($0)" }
        let text = names.enumerated().map { "\($1) = \($0)" }.joined(separator: "\n")
        for wrapped in [
            text, "[t]\n" + text, "t = { " + names.enumerated().map { "\($1) = \($0)" }.joined(separator: ", ") + " }",
        ] {
            let document = try TOMLParser.parse(wrapped)
            let table = wrapped == text ? document : try #require(document["t"]?.table)
            #expect(table.keys == names)
            for (position, name) in names.enumerated() {
                #expect(table[name]?.integer == Int64(position), "\(name)")
                if wrapped == text { #expect(table.entry(name)?.location.line == position + 1) }
            }
            #expect(table["missing"] == nil)
            #expect(table["k"] == nil)
        }
    }

    @Test("comments, blank lines, CRLF line ends and a byte order mark are accepted")
    func layout() throws {
        let table = try TOMLParser.parse(
            Array("\u{FEFF}# comment\r\n\r\n  a = 1 # trailing\r\n\t[t] # header\r\nb = 2".utf8))
        #expect(table["a"] == .integer(1))
        #expect(table["t"]?.table?["b"] == .integer(2))
    }
}
