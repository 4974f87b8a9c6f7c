// swift-tools-version: 6.1
// Baseline (b) of the server benchmark: one Hummingbird 2 route that returns
// the same fixed JSON bytes as RawNIO. See ../README.md.
import PackageDescription

let package = Package(
    name: "BareHummingbird",
    platforms: [.macOS(.v15)],
    dependencies: [
        // No default traits: the benchmark needs neither swift-configuration
        // nor full Foundation.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
    ],
    targets: [
        .executableTarget(
            name: "BareHummingbird",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
    ]
)
