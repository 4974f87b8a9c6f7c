/// A growable stack of values that hands a finished run to a new array by moving, not copying.
///
/// The parser pushes the elements (or members) of every open container here and, when the
/// container closes, moves them into an exactly sized array. Moving avoids the retain and
/// release that copying out of an ordinary `Array` would cost for every value.
struct ScratchStack<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// The number of values on the stack.
    private(set) var count = 0

    /// Creates an empty stack with room for `capacity` values before it grows.
    init(capacity: Int = 256) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Pushes `element`.
    @inline(__always)
    mutating func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    /// The address of the value at `index`, for reading in place.
    @inline(__always)
    func pointer(at index: Int) -> UnsafePointer<Element> {
        UnsafePointer(base + index)
    }

    /// Removes the values from `start` to the top and returns them, in order, as an array.
    mutating func popArray(from start: Int) -> [Element] {
        let n = count - start
        guard n > 0 else { return [] }
        let source = base + start
        let result = [Element](unsafeUninitializedCapacity: n) { buffer, initialized in
            buffer.baseAddress!.moveInitialize(from: source, count: n)
            initialized = n
        }
        count = start
        return result
    }

    private mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
