/// A first-in, first-out queue kept in one array: taking from the front moves an index, and the
/// room of what was taken is given back when the queue empties, or now and then when it is
/// mostly taken, never on every take.
struct ArrivalQueue<Element> {
    private var elements: [Element] = []
    private var head = 0

    /// How many elements wait.
    var count: Int { elements.count - head }
    /// Whether nothing waits.
    var isEmpty: Bool { head == elements.count }

    /// Puts `element` at the back.
    mutating func append(_ element: Element) { elements.append(element) }

    /// Takes the element at the front.
    mutating func popFirst() -> Element? {
        guard head < elements.count else { return nil }
        let element = elements[head]
        head += 1
        if head == elements.count {
            elements.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64 && head * 2 >= elements.count {
            elements.removeFirst(head)
            head = 0
        }
        return element
    }
}
