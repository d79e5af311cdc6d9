import DBus

extension Interface {
    /// The same interface, telling `heard` the sender of each method call and property write
    /// before it is answered, whatever the answer: CUST-8's idle clock counts every one of them
    /// from a session's owner, session member or not. Reads (`Get`, `GetAll`) are not told.
    func telling(_ heard: @escaping (_ caller: String) -> Void) -> Interface {
        var told = self
        told.methods = methods.map { method in
            var method = method
            let handler = method.handler
            method.handler = { call in
                heard(call.sender)
                return try handler(call)
            }
            return method
        }
        // An interface without a writable property keeps its array, which tabs share.
        guard properties.contains(where: { $0.setter != nil }) else { return told }
        told.properties = properties.map { property in
            guard let setter = property.setter else { return property }
            var property = property
            property.setter = { reader, call in
                heard(call.sender)
                try setter(&reader, call)
            }
            return property
        }
        return told
    }
}
