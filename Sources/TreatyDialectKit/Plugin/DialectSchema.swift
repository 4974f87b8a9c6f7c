/// A contract's schema as one dialect reads it, decoded once
/// (``DialectSchemaDecoding/decodeSchema(of:)``): the value the tools make a backend from, check
/// payloads against and generate suites from.
///
/// A dialect module declares one conforming type holding what it decoded (for PocketBase, the
/// collections of the exported schema; for rest-sync, the contract itself), so no tool reads a
/// dialect file twice.
public protocol DialectSchema: BackendProviding, PayloadJudging, SuiteGenerating, RecordReading, MutationAnatomyProviding {}
