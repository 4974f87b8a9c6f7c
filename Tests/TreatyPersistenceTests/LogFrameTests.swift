import Testing

@testable import TreatyPersistence

/// The record framing of every persistence file: length, checksum, payload.
@Suite struct LogFrameTests {
    static let payloads: [[UInt8]] = [Array("{\"a\":1}".utf8), [], Array(repeating: 7, count: 300)]

    static var file: [UInt8] { payloads.flatMap(LogFrame.encode) }

    @Test("frames read back as they were written")
    func roundTrip() {
        let scan = LogFrame.decode(Self.file)
        #expect(scan.payloads.map(Array.init) == Self.payloads)
        #expect(scan.validEnd == Self.file.count)
        #expect(scan.problem == nil)
    }

    @Test("a file cut anywhere inside its last record keeps the records before it and reports a torn tail")
    func tornTail() {
        let file = Self.file
        let lastStart = file.count - LogFrame.headerSize - Self.payloads[2].count
        for cut in lastStart..<file.count {
            let scan = LogFrame.decode(Array(file[..<cut]))
            #expect(scan.payloads.map(Array.init) == Array(Self.payloads.prefix(2)), "cut at \(cut)")
            #expect(scan.validEnd == lastStart)
            #expect(scan.problem == (cut == lastStart ? nil : .torn), "cut at \(cut)")
        }
    }

    @Test("a flipped bit anywhere in the last record is caught: the records before it stay, the rest is dropped")
    func bitFlips() {
        let file = Self.file
        let lastStart = file.count - LogFrame.headerSize - Self.payloads[2].count
        for index in lastStart..<file.count {
            for bit in [0, 3, 7] {
                var damaged = file
                damaged[index] ^= UInt8(1 << bit)
                let scan = LogFrame.decode(damaged)
                #expect(scan.payloads.map(Array.init) == Array(Self.payloads.prefix(2)), "byte \(index) bit \(bit)")
                #expect(scan.problem != nil, "byte \(index) bit \(bit)")
                #expect(scan.validEnd == lastStart)
            }
        }
    }

    @Test("a flipped bit in an earlier record ends the readable part there")
    func earlyFlip() {
        var damaged = Self.file
        damaged[LogFrame.headerSize + 2] ^= 0x10
        let scan = LogFrame.decode(damaged)
        #expect(scan.payloads.isEmpty)
        #expect(scan.problem == .corrupt)
        #expect(scan.validEnd == 0)
    }
}
