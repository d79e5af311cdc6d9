import Testing
@testable import TabbardDaemon

@Suite("Where a key is written")
struct TOMLKeyLinesTests {
    let lines = TOMLKeyLines("""
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

    @Test("top-level keys and keys of tables are found by their path")
    func tables() {
        #expect(lines.line(of: "name") == 1)
        #expect(lines.line(of: "appearance") == 3)
        #expect(lines.line(of: "appearance.tint_color") == 4)
    }

    @Test("keys in arrays of tables are found by element index, sub-tables included")
    func arraysOfTables() {
        #expect(lines.line(of: "tabs") == 6)
        #expect(lines.line(of: "tabs[0].id") == 7)
        #expect(lines.line(of: "tabs[0].titles.fr") == 9)
        #expect(lines.line(of: "tabs[1]") == 11)
        #expect(lines.line(of: "tabs[1].id") == 12)
    }

    @Test("a key inside an inline table answers with the line of the key that holds it")
    func nearestEnclosing() {
        #expect(lines.line(of: "tabs[1].titles.de") == 13)
        #expect(lines.line(of: "nothing") == nil)
    }
}
