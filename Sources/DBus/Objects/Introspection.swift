/// The introspection XML of an object, generated from its interface tables, so `Introspect`
/// always says what dispatch does.
enum Introspection {
    static let header = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">

        """

    static func xml(interfaces: [CompiledInterface], children: [String]) -> String {
        var out = header + "<node>\n"
        for compiled in interfaces {
            let interface = compiled.interface
            out += "  <interface name=\"\(escape(interface.name))\">\n"
            annotations(interface.annotations, indent: "    ", into: &out)
            for method in interface.methods {
                out += "    <method name=\"\(escape(method.name))\">\n"
                for argument in method.inputs { self.argument(argument, direction: "in", into: &out) }
                for argument in method.outputs { self.argument(argument, direction: "out", into: &out) }
                annotations(method.annotations, indent: "      ", into: &out)
                out += "    </method>\n"
            }
            for signal in interface.signals {
                out += "    <signal name=\"\(escape(signal.name))\">\n"
                for argument in signal.arguments { self.argument(argument, direction: nil, into: &out) }
                annotations(signal.annotations, indent: "      ", into: &out)
                out += "    </signal>\n"
            }
            for property in interface.properties {
                var all = property.annotations
                if property.emitsChanged != .true {
                    all.append(
                        Annotation("org.freedesktop.DBus.Property.EmitsChangedSignal", property.emitsChanged.rawValue))
                }
                let open =
                    "    <property name=\"\(escape(property.name))\" type=\"\(escape(property.signature))\" access=\"\(property.access.rawValue)\""
                if all.isEmpty {
                    out += open + "/>\n"
                } else {
                    out += open + ">\n"
                    annotations(all, indent: "      ", into: &out)
                    out += "    </property>\n"
                }
            }
            out += "  </interface>\n"
        }
        for child in children { out += "  <node name=\"\(escape(child))\"/>\n" }
        return out + "</node>\n"
    }

    private static func argument(_ argument: Argument, direction: String?, into out: inout String) {
        out += "      <arg name=\"\(escape(argument.name))\" type=\"\(escape(argument.signature))\""
        if let direction { out += " direction=\"\(direction)\"" }
        out += "/>\n"
    }

    private static func annotations(_ annotations: [Annotation], indent: String, into out: inout String) {
        for annotation in annotations {
            out += "\(indent)<annotation name=\"\(escape(annotation.name))\" value=\"\(escape(annotation.value))\"/>\n"
        }
    }

    /// XML attribute escaping; control characters become character references.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\t": out += "&#9;"
            default:
                if scalar.value < 0x20 { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
