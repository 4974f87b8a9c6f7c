import Foundation
import TreatyCore
import TreatyDialect

@testable import TreatyFileMaker
import TreatyTestSupport

/// The music example (`Contracts/music/contract.yaml`, `Fixtures/music`), found from this
/// file's location, never from the working directory.
enum MusicFiles {
    /// The repository root: this file is `Tests/TreatyFileMakerTests/Support/MusicFiles.swift`.
    static let root: String = {
        let components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false).dropLast(4)
        return components.isEmpty ? "." : components.joined(separator: "/")
    }()

    static let contractPath = root + "/Contracts/music/contract.yaml"
    static let fixturesPath = root + "/Fixtures/music"

    /// The music contract as `ContractLoader` reads it.
    static func contract() throws -> Contract {
        let result = ContractLoader(vocabulary: .treatyDialects).load(fileAt: contractPath)
        guard let contract = result.contract else {
            throw MusicFilesError(DiagnosticRenderer().render(result.diagnostics))
        }
        return contract
    }

    /// The music contract's `databases`, decoded.
    static func schema() throws -> FileMakerSchema {
        let decoded = FileMakerSchemaDecoder().decode(try contract())
        guard let schema = decoded.schema else {
            throw MusicFilesError(DiagnosticRenderer().render(decoded.diagnostics))
        }
        return schema
    }

    /// The `Music` database of the contract.
    static func database() throws -> FileMakerDatabase {
        guard let database = try schema().database(named: "Music") else { throw MusicFilesError("no Music database") }
        return database
    }
}

struct MusicFilesError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A fresh temporary directory holding `files` (relative name → text), removed by `remove()`.
struct TemporaryDirectory {
    let path: String

    init(_ files: [String: String] = [:]) throws {
        path = NSTemporaryDirectory() + "treaty-fm-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, text) in files {
            let file = path + "/" + name
            try FileManager.default.createDirectory(
                atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: file, atomically: true, encoding: .utf8)
        }
    }

    func file(_ name: String) -> String { path + "/" + name }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
