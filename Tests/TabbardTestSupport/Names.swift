import TabbardBusContract

/// The service's names as strings, as external clients' command lines take them: the bus
/// contract's (TabbardBusContract), not written again.
public enum Names {
    /// The bus name, which is also the controller's interface.
    public static let service = BusNames.service
    /// The controller object.
    public static let controller = BusNames.controller.rawValue
    /// The controller's own bar.
    public static let bar = BusNames.bar.rawValue
    /// The interface of each tab object.
    public static let tabInterface = BusNames.tabInterface
    /// The interface of every bar object.
    public static let barInterface = BusNames.barInterface
    /// The interface of each item of a standalone bar.
    public static let itemInterface = BusNames.itemInterface
    /// The interface of each view (VIEW-1).
    public static let viewInterface = BusNames.viewInterface
    /// The standard properties interface.
    public static let properties = BusNames.propertiesInterface
    /// The prefix of tabbard's own error names.
    public static let errorPrefix = BusNames.errorPrefix

    /// The object path of a tab (`world-clock` → `…/tab/world_2dclock`).
    public static func tab(_ id: String) -> String { BusNames.tabPath(id) }

    /// The object path of a standalone bar (`day-night` → `…/bars/day_2dnight`).
    public static func bar(_ name: String) -> String { BusNames.barPath(name).rawValue }

    /// The object path of an item of a standalone bar.
    public static func item(_ id: String, bar name: String) -> String { BusNames.itemPath(id, bar: name).rawValue }

    /// The object path of view `number` (`…/view/3`).
    public static func view(_ number: UInt64) -> String { BusNames.viewPath(number).rawValue }
}
