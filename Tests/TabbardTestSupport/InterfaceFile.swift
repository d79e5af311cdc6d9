import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An introspection file of `dbus/` read into its interfaces: each one's methods, signals and
/// properties (with each property's access), as tests hold names against it.
public final class InterfaceFile: NSObject, XMLParserDelegate {
    /// The interface file of the daemon's objects.
    public static let tabBar = PackagePaths.root.appendingPathComponent("dbus/org.tabbard.TabBar1.xml").path
    /// The interface file of the delegate, which clients implement.
    public static let delegate = PackagePaths.root.appendingPathComponent("dbus/org.tabbard.TabBar1.Delegate.xml").path

    /// Every interface the file declares, in file order.
    public private(set) var interfaces: [String] = []
    /// The methods of each interface.
    public private(set) var methods: [String: Set<String>] = [:]
    /// The signals of each interface.
    public private(set) var signals: [String: Set<String>] = [:]
    /// The properties of each interface, each with its access (`read`, `readwrite`).
    public private(set) var properties: [String: [String: String]] = [:]
    private var interface = ""

    /// The file at `path`, read; a failure names the file.
    public init(path: String) throws {
        super.init()
        guard let parser = XMLParser(contentsOf: URL(fileURLWithPath: path)) else {
            throw TestFailure("\(path) cannot be read")
        }
        parser.delegate = self
        guard parser.parse() else {
            throw TestFailure("\(path) does not parse: \(String(describing: parser.parserError))")
        }
    }

    /// Records each element's name and attributes as the parser meets it.
    public func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let name = attributes["name"] ?? ""
        switch element {
        case "interface":
            interface = name
            interfaces.append(name)
        case "method": methods[interface, default: []].insert(name)
        case "signal": signals[interface, default: []].insert(name)
        case "property": properties[interface, default: [:]][name] = attributes["access"] ?? ""
        default: break
        }
    }
}
