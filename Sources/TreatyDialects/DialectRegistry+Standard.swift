public import TreatyDialectKit
internal import TreatyCloudKit
internal import TreatyFileMaker
internal import TreatyPocketBase
internal import TreatyREST

extension DialectRegistry {
    /// Every dialect this build of Treaty serves, checks and verifies — the one list the CLI,
    /// `TreatyTesting` and the conformance suite take their dialects from.
    ///
    /// A new dialect module adds its plugin here, and nowhere else.
    public static let standard = DialectRegistry([RESTSyncPlugin(), PocketBasePlugin(), FileMakerPlugin(), CloudKitPlugin()])
}
