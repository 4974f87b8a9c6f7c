import Foundation
import HTTPTypes
import TreatyCore
import TreatyDialect
import TreatyDialectKit
import TreatyDialects

/// The libFuzzer driver every target runs: `Fuzzing.run` hands each input to `body`.
public enum Fuzzing {
    public typealias Body = @Sendable ([UInt8]) -> Void

    nonisolated(unsafe) private static var body: Body = { _ in }

    /// Runs libFuzzer with the process's arguments (`-max_total_time=60`, a corpus directory…).
    public static func run(
        _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ body: @escaping Body
    ) -> CInt {
        Fuzzing.body = body
        var count = argc
        var arguments = argv
        return runDriver(&count, &arguments) { start, size in Fuzzing.input(start, size) }
    }

    /// Hands one input to the body.
    static func input(_ start: UnsafeRawPointer?, _ size: Int) -> CInt {
        guard let start, size > 0 else {
            body([])
            return 0
        }
        body(Array(UnsafeRawBufferPointer(start: start, count: size)))
        return 0
    }

    typealias Callback = @convention(c) (UnsafeRawPointer?, Int) -> CInt

    @_silgen_name("LLVMFuzzerRunDriver")
    static func runDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>, _ callback: Callback
    ) -> CInt

    /// The repository root (the fuzz package sits in `Fuzz/`).
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// A contract loader that accepts the registered dialects and their sections.
    public static let contractLoader = ContractLoader(vocabulary: DialectRegistry.standard.contractVocabulary)

    /// A served example: its dialect and store, built once per process.
    public struct Served: @unchecked Sendable {
        public let dialect: any Dialect
        public let store: RecordStore
    }

    /// The example contract `name` (`demo`, `blog`, `music`) with its fixtures, served in process.
    public static func serve(_ name: String) -> Served {
        let contract = contractLoader.load(fileAt: root + "/Contracts/\(name)/contract.yaml")
        guard let model = contract.contract, let plugin = DialectRegistry.standard.plugin(for: model.dialect) else {
            fatalError("the example contract \(name) does not load")
        }
        let loaded = plugin.loadBackend(BackendSetup(contract: model, fixtures: root + "/Fixtures/\(name)"))
        guard let backend = loaded.backend else { fatalError("the example backend \(name) does not load") }
        let store = backend.makeStore(configuration: StoreConfiguration(clock: .fixed(startMilliseconds: 1_735_689_600_000)))
        return Served(dialect: backend.makeDialect(), store: store)
    }

    /// Sends one request to `served`.
    @discardableResult
    public static func send(
        _ served: Served, _ method: HTTPRequest.Method, _ target: String, headers: HTTPFields = [:], body: [UInt8] = []
    ) -> DialectResponse {
        served.dialect.respond(to: DialectRequest(method: method, target: target, headers: headers, body: body), store: served.store)
    }
}

/// libFuzzer's entry for each input, which its runtime links against; ``Fuzzing/run(_:_:_:)``
/// drives the same body through `LLVMFuzzerRunDriver`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ start: UnsafeRawPointer?, _ size: Int) -> CInt {
    Fuzzing.input(start, size)
}
