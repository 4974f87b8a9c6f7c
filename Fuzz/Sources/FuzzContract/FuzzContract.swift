import FuzzSupport
import TreatyCore

/// The YAML reader and contract decoder (which scenario files share) on any text, then the
/// linter on what loads.
@_cdecl("FuzzContract_main")
public func fuzzContractMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzzing.run(argc, argv) { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        let result = Fuzzing.contractLoader.load(text: text, file: "fuzz.yaml")
        if let contract = result.contract { _ = ContractLinter().lint(contract, sourceText: text) }
    }
}
