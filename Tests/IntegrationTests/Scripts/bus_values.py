"""Values between JSON and dbus-python, and tabbard's object paths, for the scripts that drive it."""
import dbus

ROOT = "/org/tabbard/TabBar1"


def plain(value):
    """A D-Bus value as JSON-friendly Python."""
    if isinstance(value, dbus.Boolean):
        return bool(value)
    if isinstance(value, (dbus.Dictionary, dict)):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (dbus.Array, dbus.Struct, list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, (dbus.String, dbus.ObjectPath, dbus.Signature, str)):
        return str(value)
    if isinstance(value, (dbus.Double, float)):
        return float(value)
    return int(value)


def arguments(call):
    """The call's JSON arguments, typed by its signature (a variant given as [signature, value], an
    a{sv} as {"settings": [[key, signature, value], ...]})."""
    values = []
    kinds = {"s": dbus.String, "u": dbus.UInt32, "i": dbus.Int32, "b": dbus.Boolean}
    for value in call["args"]:
        if isinstance(value, dict) and "settings" in value:
            values.append(dbus.Dictionary({key: kinds[signature](inner, variant_level=1)
                                           for key, signature, inner in value["settings"]}, signature="sv"))
        elif isinstance(value, dict) and "variant" in value:
            signature, inner = value["variant"]
            kind = kinds.get(signature)
            if kind is not None:
                values.append(kind(inner, variant_level=1))
            else:
                values.append(dbus.Array(inner, signature=signature[1:], variant_level=1))
        else:
            values.append(value)
    return values


def escaped(element):
    return "".join(chr(b) if chr(b).isascii() and chr(b).isalnum() else "_%02x" % b for b in element.encode())


def tab_path(tab):
    return ROOT + "/tab/" + escaped(tab)


def bar_path(bar):
    return ROOT + "/bars/" + escaped(bar)


def item_path(bar, item):
    return bar_path(bar) + "/item/" + escaped(item)
