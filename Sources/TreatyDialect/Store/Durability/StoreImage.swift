public import TreatyJSON

/// A whole ``RecordStore`` state — tables with tombstones, insertion order, runtime-defined
/// resources, counters, clock and named snapshots — for writing to storage and reading back.
///
/// Taking one (``RecordStore/image()``, ``RecordStore/checkpoint(_:)``) copies the state in
/// constant time; ``payload`` encodes it when asked, away from the store's locks.
public struct StoreImage: Sendable {
    enum Storage: Sendable {
        case state(StoreState)
        case payload(JSONValue)
    }

    let storage: Storage

    init(_ state: StoreState) {
        storage = .state(state)
    }

    /// Wraps a payload read back from storage.
    ///
    /// - Parameter payload: The ``payload`` of an earlier image.
    public init(payload: JSONValue) {
        storage = .payload(payload)
    }

    /// The image as JSON (encoded on each call when the image was taken from a store).
    public var payload: JSONValue {
        switch storage {
        case .state(let state): StoreImageCoding.encode(state)
        case .payload(let payload): payload
        }
    }
}

/// Where a store's recovered state comes from: the image of the fixtures it resets to, the
/// latest image of its state, and the commits written after that image.
public struct StoreRecovery: Sendable {
    /// The state ``RecordStore/reset()`` returns to: the fixtures the storage was created from.
    public var base: StoreImage
    /// The latest saved state; `nil` starts from `base`.
    public var latest: StoreImage?
    /// The commits after `latest`, oldest first.
    public var commits: [StoreCommit]

    /// Creates a recovery source.
    ///
    /// - Parameters:
    ///   - base: The state a reset returns to.
    ///   - latest: The latest saved state, if any.
    ///   - commits: The commits after it, oldest first.
    public init(base: StoreImage, latest: StoreImage?, commits: [StoreCommit]) {
        self.base = base
        self.latest = latest
        self.commits = commits
    }
}

/// Why a stored image or commit could not be read back: it does not have the shape the store
/// writes.
public struct StoreImageError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, naming the member.
    public var message: String

    init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
