import TabbardBusContract
import Testing

/// The objects' paths as dbus-api.md writes them ("Names"), and ids read back from them.
@Suite("Object paths")
struct ObjectPathTests {
    @Test("the controller, its bar and the parents of tabs and bars")
    func fixedPaths() {
        #expect(BusNames.controller.rawValue == "/org/tabbard/TabBar1")
        #expect(BusNames.bar.rawValue == "/org/tabbard/TabBar1/bar")
        #expect(BusNames.tabs.rawValue == "/org/tabbard/TabBar1/tab")
        #expect(BusNames.bars.rawValue == "/org/tabbard/TabBar1/bars")
        #expect(BusNames.service == BusNames.controllerInterface)
    }

    @Test(
        "a tab id, bar name or item id is escaped into one element and read back",
        arguments: [
            "world-clock", "alarm", "a_b.c", "", "日本", "x/y",
        ])
    func escapedRoundTrip(id: String) {
        let tab = BusNames.tabPath(id)
        #expect(BusNames.tabID(fromPath: tab) == id)
        let bar = BusNames.barPath(id)
        #expect(BusNames.barName(fromPath: bar.rawValue) == id)
        let item = BusNames.itemPath(id, bar: "modes")
        #expect(BusNames.barItem(fromPath: item.rawValue)?.bar == "modes")
        #expect(BusNames.barItem(fromPath: item.rawValue)?.item == id)
    }

    @Test("escaping writes every byte outside [A-Za-z0-9] as _ and two hex digits")
    func escaping() {
        #expect(BusNames.tabPath("world-clock") == "/org/tabbard/TabBar1/tab/world_2dclock")
        #expect(BusNames.barPath("my-modes").rawValue == "/org/tabbard/TabBar1/bars/my_2dmodes")
        #expect(
            BusNames.itemPath("top.rated", bar: "my-modes").rawValue
                == "/org/tabbard/TabBar1/bars/my_2dmodes/item/top_2erated")
    }

    @Test("other paths read back as nothing")
    func foreignPaths() {
        #expect(BusNames.tabID(fromPath: BusNames.bar.rawValue) == nil)
        #expect(BusNames.barName(fromPath: BusNames.tabPath("alarm")) == nil)
        #expect(BusNames.barItem(fromPath: BusNames.barPath("modes").rawValue) == nil)
        #expect(BusNames.tabID(fromPath: "not a path") == nil)
    }
}
