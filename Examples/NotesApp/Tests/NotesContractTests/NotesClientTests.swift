import Foundation
import NotesApp
import Testing
import TreatySimulator
import TreatyTesting

/// The app's own client code against a fake of its backend: the contract's simulator with the
/// app's fixtures, in one call.
@Suite struct NotesClientTests {
    static let groceries = "0B7D3C50-5A4E-4C55-9A0E-2F4B1E6A7C01"

    @Test("pinning a note sends only 'pinned', and the note comes back pinned")
    func pinning() async throws {
        try await withFakeBackend(contract: "Contracts/notes/contract.yaml") { backend in
            let client = NotesClient(baseURL: backend.url)
            let notes = try await client.notes(in: Self.groceries)
            #expect(notes.map(\.text) == ["Oat milk", "Lemons"])
            let lemons = try #require(notes.first { !$0.pinned })
            let pinned = try await client.pin(lemons)
            #expect(pinned.pinned && pinned.text == "Lemons")
            let patches = backend.control.requests(method: "PATCH")
            #expect(patches.count == 1)
            #expect(String(decoding: patches.first?.body ?? [], as: UTF8.self) == #"{"pinned":true}"#)
        }
    }

    @Test("a server that answers 503 makes the client throw, and a reset brings the fixtures back")
    func outage() async throws {
        try await withFakeBackend(contract: "Contracts/notes/contract.yaml") { backend in
            let client = NotesClient(baseURL: backend.url)
            backend.control.addFault(FaultRule(path: "/notebooks/**", action: .status(.serviceUnavailable)))
            await #expect(throws: NotesClient.Failure.status(503)) { try await client.notes(in: Self.groceries) }
            backend.control.clearFaults()
            let lemons = try #require(try await client.notes(in: Self.groceries).first { !$0.pinned })
            _ = try await client.pin(lemons)
            backend.control.reset()
            #expect(try await client.notes(in: Self.groceries).filter(\.pinned).map(\.text) == ["Oat milk"])
        }
    }
}
