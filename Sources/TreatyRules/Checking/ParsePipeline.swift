internal import Foundation
import TreatyJSON

/// Parses a large payload on a second thread while the caller checks the records already
/// parsed, so parsing and checking use both cores of a machine.
///
/// Records reach the caller in payload order, in batches, through a bounded queue: memory stays
/// bounded (a few batches of records) whatever the payload's size. The parser thread always
/// finishes before ``run(_:body:)`` returns, so the buffer it reads is never used afterwards.
struct ParsePipeline {
    /// Payloads at least this large are pipelined; smaller ones are not worth a thread.
    static let threshold = 4 * 1024 * 1024
    static let batchSize = 256
    static let queuedBatches = 8

    let parser: JSONParser

    /// Whether pipelining `byteCount` bytes pays off on this machine.
    static func isWorthwhile(byteCount: Int) -> Bool {
        byteCount >= threshold && ProcessInfo.processInfo.activeProcessorCount > 1
    }

    /// Parses `buffer`, handing every top-level list element to `body` on the calling thread.
    func run(_ buffer: UnsafeBufferPointer<UInt8>, body: (JSONElement) -> Void) throws -> JSONTopLevel {
        let pipe = ElementPipe(capacity: Self.queuedBatches)
        let input = BorrowedBytes(buffer: buffer)
        let parser = self.parser
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            var batch: [JSONElement] = []
            batch.reserveCapacity(Self.batchSize)
            let result = Result<JSONTopLevel, any Error> {
                try parser.parse(input.buffer) { element in
                    batch.append(element)
                    if batch.count == Self.batchSize {
                        pipe.put(batch)
                        batch.removeAll(keepingCapacity: true)
                    }
                }
            }
            if !batch.isEmpty { pipe.put(batch) }
            pipe.finish(result)
            finished.signal()
        }
        thread.stackSize = 8 * 1024 * 1024
        thread.start()
        defer { finished.wait() }
        while true {
            switch pipe.take() {
            case .batch(let elements):
                for element in elements { body(element) }
            case .end(let result):
                return try result.get()
            }
        }
    }
}

/// The payload's bytes, lent to the parser thread for the duration of ``ParsePipeline/run(_:body:)``.
///
/// `@unchecked Sendable`: the buffer is only read, and `run` waits for the parser thread to
/// finish before the owner may release it.
private struct BorrowedBytes: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<UInt8>
}

/// A bounded single-producer, single-consumer queue of element batches.
///
/// `@unchecked Sendable`: every stored property is read and written only while `condition` is
/// locked.
private final class ElementPipe: @unchecked Sendable {
    enum Next {
        case batch([JSONElement])
        case end(Result<JSONTopLevel, any Error>)
    }

    private let condition = NSCondition()
    private let capacity: Int
    private var batches: [[JSONElement]] = []
    private var outcome: Result<JSONTopLevel, any Error>?

    init(capacity: Int) {
        self.capacity = capacity
    }

    func put(_ batch: [JSONElement]) {
        condition.lock()
        while batches.count >= capacity { condition.wait() }
        batches.append(batch)
        condition.broadcast()
        condition.unlock()
    }

    func finish(_ result: Result<JSONTopLevel, any Error>) {
        condition.lock()
        outcome = result
        condition.broadcast()
        condition.unlock()
    }

    func take() -> Next {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty && outcome == nil { condition.wait() }
        if !batches.isEmpty {
            let batch = batches.removeFirst()
            condition.broadcast()
            return .batch(batch)
        }
        return .end(outcome ?? .failure(CancellationError()))
    }
}
