/// Encodes an `Encodable` value as a `JSONValue`, the way Foundation's `JSONEncoder` does with
/// the default strategies: keyed containers become objects, unkeyed ones arrays, nil optionals
/// are left out. Numbers that JSON cannot hold (an unsigned integer over `Int64.max`, NaN,
/// the infinities) throw the standard library's `EncodingError`.
public struct JSONValueEncoder {
    /// An encoder.
    public init() {}

    /// `value` as a JSON tree.
    public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        let node = Node()
        try encodeValue(value, into: node, path: [])
        return node.finished()
    }
}

/// A value being built; containers hand out nodes that they later read back.
private final class Node {
    enum Content {
        case empty
        case value(JSONValue)
        case object([String: Node])
        case array([Node])
    }

    var content = Content.empty

    func finished() -> JSONValue {
        switch content {
        case .empty: .object([:])
        case .value(let value): value
        case .object(let members): .object(members.mapValues { $0.finished() })
        case .array(let elements): .array(elements.map { $0.finished() })
        }
    }

    /// A new node for member `key`, making this node an object if it is not yet one.
    func member(_ key: String) -> Node {
        let child = Node()
        var members: [String: Node] = [:]
        if case .object(let existing) = content { members = existing }
        content = .empty  // The only reference left is `members`: the insertion does not copy.
        members[key] = child
        content = .object(members)
        return child
    }

    /// A new node at the end, making this node an array if it is not yet one.
    func element() -> Node {
        let child = Node()
        var elements: [Node] = []
        if case .array(let existing) = content { elements = existing }
        content = .empty  // The only reference left is `elements`: the append does not copy.
        elements.append(child)
        content = .array(elements)
        return child
    }

    var count: Int {
        if case .array(let elements) = content { return elements.count }
        return 0
    }
}

/// Scalars become values; anything else encodes itself into `node`.
private func encodeValue<T: Encodable>(_ value: T, into node: Node, path: [any CodingKey]) throws {
    switch value {
    case let flag as Bool: node.content = .value(.bool(flag))
    case let text as String: node.content = .value(.string(text))
    case let number as Double: node.content = .value(try finite(number, path))
    case let number as Float: node.content = .value(try finite(Double(number), path))
    case let number as any BinaryInteger:
        guard let exact = Int64(exactly: number) else {
            throw EncodingError.invalidValue(value, .init(codingPath: path, debugDescription: "\(number) does not fit in a 64-bit integer"))
        }
        node.content = .value(.integer(exact))
    default:
        try value.encode(to: ValueEncoder(node: node, codingPath: path))
    }
}

private func finite(_ number: Double, _ path: [any CodingKey]) throws -> JSONValue {
    guard number.isFinite else {
        throw EncodingError.invalidValue(number, .init(codingPath: path, debugDescription: "JSON has no \(number)"))
    }
    return .double(number)
}

private struct ValueEncoder: Encoder {
    let node: Node
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .empty = node.content { node.content = .object([:]) }
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .empty = node.content { node.content = .array([]) }
        return UnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleValue(node: node, codingPath: codingPath) }
}

private struct SingleValue: SingleValueEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    func encodeNil() { node.content = .value(.null) }

    func encode<T: Encodable>(_ value: T) throws { try encodeValue(value, into: node, path: codingPath) }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let codingPath: [any CodingKey]

    func encodeNil(forKey key: Key) { node.member(key.stringValue).content = .value(.null) }

    func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encodeValue(value, into: node.member(key.stringValue), path: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        ValueEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        ValueEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superEncoder() -> any Encoder { ValueEncoder(node: node.member("super"), codingPath: codingPath) }

    func superEncoder(forKey key: Key) -> any Encoder { ValueEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]) }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    var count: Int { node.count }

    private var path: [any CodingKey] { codingPath + [IndexKey(intValue: count)] }

    func encodeNil() { node.element().content = .value(.null) }

    func encode<T: Encodable>(_ value: T) throws {
        let path = self.path
        try encodeValue(value, into: node.element(), path: path)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = self.path
        return ValueEncoder(node: node.element(), codingPath: path).container(keyedBy: keyType)
    }

    func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = self.path
        return ValueEncoder(node: node.element(), codingPath: path).unkeyedContainer()
    }

    func superEncoder() -> any Encoder {
        let path = self.path
        return ValueEncoder(node: node.element(), codingPath: path)
    }
}
