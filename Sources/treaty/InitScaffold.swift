/// The dialect-neutral files `treaty init` writes around a dialect's contract: the app package's
/// manifest, its contract test through TreatyTesting, a CI workflow and a `.gitignore`.
struct InitScaffold {
    /// Where the package's Treaty dependency comes from.
    enum TreatySource {
        /// The published package, at a version.
        case url(String, from: String)
        /// A local checkout (what tests and CI use).
        case path(String)
    }

    /// The published Treaty package a new project depends on by default.
    static let publishedTreaty = TreatySource.url("https://github.com/treaty-swift/treaty.git", from: "0.1.0")

    /// The contract's `api:` name.
    let api: String
    /// The Treaty dependency.
    let treaty: TreatySource
    /// The environment variables the dialect's suites read against a live target, besides
    /// `TREATY_TARGET` and `TREATY_TOKEN`: the nightly job passes each from a secret.
    let liveVariables: [String]

    /// The api's words capitalized and joined (`to-do` → `ToDo`), for Swift names.
    var typeName: String {
        let words = api.split { !$0.isLetter && !$0.isNumber }
        let name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        guard let first = name.first, first.isLetter else { return "App" + name }
        return name
    }

    /// The test target's name.
    var testTarget: String { typeName + "ContractTests" }

    /// Every file, with its path relative to the project's root.
    var files: [(path: String, text: String)] {
        [
            ("Package.swift", manifest),
            ("Tests/\(testTarget)/\(testTarget).swift", contractTest),
            (".github/workflows/treaty.yml", workflow),
            (".gitignore", ".build/\n.swiftpm/\nReports/\n"),
        ]
    }

    private var dependency: String {
        switch treaty {
        case .url(let url, let version): ".package(url: \"\(url)\", from: \"\(version)\")"
        case .path(let path): ".package(name: \"Treaty\", path: \"\(path)\")"
        }
    }

    private var manifest: String {
        """
        // swift-tools-version: 6.1
        import PackageDescription

        // The \(api) contract and its tests. `swift run treaty verify` proves a backend honours
        // Contracts/\(api)/contract.yaml (the in-process simulator by default, a live server with
        // TREATY_TARGET=https://…), and `swift test` runs the same cases through TreatyTesting. Add
        // your app's targets here and test their client code against `withFakeBackend`.
        let package = Package(
            name: "\(typeName)",
            platforms: [.macOS(.v15)],
            dependencies: [\(dependency)],
            targets: [
                .testTarget(
                    name: "\(testTarget)",
                    dependencies: [.product(name: "TreatyTesting", package: "Treaty")]
                )
            ]
        )

        """
    }

    private var contractTest: String {
        """
        import Testing
        import TreatyTesting

        /// Every case of the \(api) contract is its own test: the cases its dialect generates from
        /// the contract, then the scenario files in Contracts/\(api)/suites/, against the in-process
        /// simulator loaded with Fixtures/\(api)/. Set TREATY_TARGET (and TREATY_TOKEN) to run the
        /// same tests against staging.
        @Suite struct \(testTarget) {
            @Test(
                "the backend honours the \(api) contract",
                arguments: try ContractCases.load(contract: "Contracts/\(api)/contract.yaml"))
            func contract(_ contractCase: ContractCase) async throws {
                try await contractCase.verify()
            }
        }

        """
    }

    private var workflow: String {
        let secrets = (["TREATY_TARGET", "TREATY_TOKEN"] + liveVariables).map {
            "          \($0): ${{ secrets.\($0) }}"
        }
        return """
            # Verifies the \(api) contract: on every push and pull request against the in-process
            # simulator, and nightly against the live server whose base URL is the TREATY_TARGET
            # secret (the other secrets are passed on when set). The JUnit report is kept.
            name: treaty
            on:
              push:
              pull_request:
              schedule:
                - cron: "17 3 * * *"
              workflow_dispatch:
            jobs:
              verify:
                runs-on: ubuntu-latest
                container: swift:6.1
                steps:
                  - uses: actions/checkout@v4
                  - name: Install libcurl and libxml2
                    run: apt-get update -qq && apt-get install -y -qq libcurl4-openssl-dev libxml2-dev
                  - name: Verify against the simulator
                    if: github.event_name != 'schedule'
                    run: swift run treaty verify
                  - name: Contract tests
                    if: github.event_name != 'schedule'
                    run: swift test
                  - name: Verify against the live server
                    if: github.event_name == 'schedule'
                    env:
            \(secrets.joined(separator: "\n"))
                    run: swift run treaty verify
                  - name: Keep the JUnit report
                    if: always()
                    uses: actions/upload-artifact@v4
                    with:
                      name: treaty-junit
                      path: Reports/

            """
    }
}
