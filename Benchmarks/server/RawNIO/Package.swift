// swift-tools-version: 6.1
// Baseline (a) of the server benchmark: a raw SwiftNIO HTTP/1.1 server that
// answers every request with the same fixed JSON bytes. See ../README.md.
import PackageDescription

let package = Package(
    name: "RawNIO",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .executableTarget(
            name: "RawNIO",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
    ]
)
