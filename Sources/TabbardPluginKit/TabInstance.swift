import Glibc
import TabbardPluginABI

/// What the `instance` pointer of the C ABI points to: one tab's content, retained from
/// create until destroy. The C entry points below turn ABI calls into `TabContent` calls.
final class TabInstance {
    let content: any TabContent
    let host: TabHost

    init(content: any TabContent, host: TabHost) {
        self.content = content
        self.host = host
    }

    static func from(_ pointer: UnsafeMutableRawPointer?) -> TabInstance? {
        pointer.map { Unmanaged<TabInstance>.fromOpaque($0).takeUnretainedValue() }
    }

    static let destroy: @convention(c) (UnsafeMutableRawPointer?) -> Void = { pointer in
        guard let pointer else { return }
        let instance = Unmanaged<TabInstance>.fromOpaque(pointer)
        instance.takeUnretainedValue().content.close()
        // After destroy the ABI forbids using the tab pointer: silence the plugin's threads.
        instance.takeUnretainedValue().host.invalidate()
        instance.release()
    }

    static let navigate: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Bool = { pointer, page in
        guard let instance = from(pointer), let page else { return false }
        return instance.content.navigate(to: String(cString: page))
    }

    static let activate: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Bool = { pointer, action in
        guard let instance = from(pointer), let action else { return false }
        let name = String(cString: action)
        // The host checks the list too; checking here keeps authors from seeing stale names.
        guard instance.content.actions.contains(name) else { return false }
        return instance.content.activate(name)
    }

    static let render:
        @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<tabbard_content>?) -> Bool =
            { pointer, page, out in
                guard let instance = from(pointer), let page, let out else { return false }
                let content = instance.content.render(page: String(cString: page))
                // One malloc'd block holds the three strings; `release` frees it.
                let block = CStringBlock([content.title, content.mimeType, content.body])
                out.pointee.title = block.strings[0]
                out.pointee.mime_type = block.strings[1]
                out.pointee.body = block.strings[2]
                out.pointee.release_data = block.base
                out.pointee.release = { $0?.pointee.release_data.map { free($0) } }
                return true
            }

    static let renderPage:
        @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<tabbard_page>?) -> Bool =
            { pointer, page, out in
                guard let instance = from(pointer), let page, let out else { return false }
                PageBlock.fill(out, with: instance.content.render(page: String(cString: page)))
                return true
            }

    static let setLocale: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void = {
        pointer, locale in
        guard let instance = from(pointer), let locale else { return }
        let name = String(cString: locale)
        guard instance.host.locale != name else { return }
        instance.host.locale = name
        instance.content.localeChanged(to: name)
    }

    static let actions: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<tabbard_actions>?) -> Bool = {
        pointer, out in
        guard let instance = from(pointer), let out else { return false }
        let block = CStringBlock(instance.content.actions)
        out.pointee.names = UnsafePointer(block.array)
        out.pointee.count = UInt32(block.strings.count)
        out.pointee.release_data = block.base
        out.pointee.release = { $0?.pointee.release_data.map { free($0) } }
        return true
    }
}

/// Strings copied into one `malloc` block, with an array of pointers to them at its start,
/// so that a single `free` releases everything the host was handed.
struct CStringBlock {
    let base: UnsafeMutableRawPointer
    let array: UnsafeMutablePointer<UnsafePointer<CChar>?>
    let strings: [UnsafePointer<CChar>]

    init(_ texts: [String]) {
        let pointerBytes = MemoryLayout<UnsafePointer<CChar>?>.stride * max(texts.count, 1)
        let textBytes = texts.reduce(0) { $0 + $1.utf8.count + 1 }
        base = malloc(pointerBytes + textBytes)!
        array = base.bindMemory(to: UnsafePointer<CChar>?.self, capacity: max(texts.count, 1))
        var cursor = (base + pointerBytes).assumingMemoryBound(to: CChar.self)
        var strings: [UnsafePointer<CChar>] = []
        for (index, text) in texts.enumerated() {
            let start = cursor
            for byte in text.utf8 {
                // An embedded NUL would silently cut the string short in C; a space keeps it whole.
                cursor.pointee = byte == 0 ? 0x20 : CChar(bitPattern: byte)
                cursor += 1
            }
            cursor.pointee = 0
            cursor += 1
            array[index] = UnsafePointer(start)
            strings.append(UnsafePointer(start))
        }
        self.strings = strings
    }
}
