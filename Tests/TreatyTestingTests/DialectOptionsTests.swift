import Testing
import TreatyCloudKit
import TreatyCore
import TreatyDialectKit
import TreatyFileMaker
import TreatyPocketBase

/// A dialect's options are typed values that ArgumentParser parses once: defaults without
/// arguments, each dialect's own out of a shared list, values refused by their type.
@Suite struct DialectOptionsTests {
    @Test("no arguments give the defaults: every option absent")
    func defaults() throws {
        let cloudKit = try CloudKitServeOptions.defaults()
        #expect(cloudKit.container == nil && cloudKit.serverKey == nil && cloudKit.signatureWindow == nil)
        let fileMaker = try FileMakerVerifyOptions.defaults()
        #expect(fileMaker.database == nil)
        _ = try NoDialectOptions.defaults()
    }

    @Test("typed values: seconds, counts and KEYID=FILE pairs arrive parsed")
    func typedValues() throws {
        let cloudKit = try CloudKitServeOptions.parsing([
            "--container", "iCloud.com.example.App", "--server-key", "key-1=keys/public.pem", "--signature-window",
            "30",
        ])
        #expect(cloudKit.container == "iCloud.com.example.App")
        #expect(cloudKit.serverKey == CloudKitServerKey(keyID: "key-1", publicKeyFile: "keys/public.pem"))
        #expect(cloudKit.signatureWindow?.seconds == 30)
        let fileMaker = try FileMakerServeOptions.parsing(["--session-idle=2", "--max-sessions", "3"])
        #expect(fileMaker.sessionIdle?.milliseconds == 2000)
        #expect(fileMaker.maxSessions == 3)
    }

    @Test(
        "bad values are refused with the option's name",
        arguments: [
            ["--signature-window", "0"], ["--signature-window=-5"], ["--signature-window", "abc"],
            ["--server-key", "=public.pem"], ["--server-key", "key-1="],
        ])
    func badValues(_ arguments: [String]) {
        let error = #expect(throws: DialectSetupError.self) { try CloudKitServeOptions.parsing(arguments) }
        let option = arguments[0].split(separator: "=")[0]
        #expect(error?.message.contains("is invalid for '\(option) <") == true, "\(String(describing: error))")
    }

    @Test("each dialect claims its own options from a shared list and leaves the others")
    func claimed() throws {
        let arguments = ["--database", "Music", "--environment", "production"]
        let fileMaker = try FileMakerVerifyOptions.parsing(claimedFrom: arguments)
        #expect(fileMaker.options.database == "Music")
        #expect(fileMaker.unclaimed == ["--environment", "production"])
        let cloudKit = try CloudKitVerifyOptions.parsing(claimedFrom: arguments)
        #expect(cloudKit.options.environment == "production")
        #expect(cloudKit.unclaimed == ["--database", "Music"])
        #expect(throws: DialectSetupError.self) {
            try CloudKitVerifyOptions.parsing(claimedFrom: ["--environment", "staging"])
        }
    }

    @Test("a superuser that is not email:password is refused without echoing the password")
    func superuser() {
        do {
            _ = try PocketBaseServeOptions.parsing(["--superuser", "secret-without-colon"])
            Issue.record("accepted a superuser without a colon")
        } catch {
            #expect(error.message.hasPrefix("--superuser must be EMAIL:PASSWORD"))
            #expect(!error.message.contains("secret-without-colon"))
        }
    }

    @Test("every standard dialect's schema takes its plugin's option types")
    func schemasTakeThePluginsOptions() throws {
        let plugin = CloudKitPlugin()
        let schema = try #require(plugin.decodeSchema(of: nil).schema)
        let own = plugin.declaresOptions(of: schema)
        let other = FileMakerPlugin().declaresOptions(of: schema)
        #expect(own && !other)
    }

    @Test("code builds a backend from a typed value")
    func typedBackend() throws {
        var options = try CloudKitServeOptions.defaults()
        options.container = "iCloud.com.example.App"
        options.apiToken = "typed-token"
        options.signatureWindow = PositiveSeconds(argument: "60")
        let result = CloudKitPlugin().loadBackend(BackendSetup(contract: nil), options: options)
        #expect(result.backend != nil, "\(result.diagnostics)")
        let refused = CloudKitPlugin().loadBackend(BackendSetup(contract: nil), options: try .defaults())
        #expect(refused.backend == nil)
        #expect(refused.diagnostics.first?.message.contains("needs --container") == true)
    }
}
