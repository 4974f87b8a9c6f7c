// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Treaty",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "TreatyJSON", targets: ["TreatyJSON"]),
        .library(name: "TreatyCore", targets: ["TreatyCore"]),
        .library(name: "TreatyRules", targets: ["TreatyRules"]),
        .executable(name: "treaty", targets: ["treaty"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        .target(name: "TreatyJSON"),
        .target(
            name: "TreatyCore",
            dependencies: ["TreatyJSON", .product(name: "Yams", package: "Yams")]
        ),
        .target(name: "TreatyRules", dependencies: ["TreatyCore", "TreatyJSON"]),
        .executableTarget(
            name: "treaty",
            dependencies: [
                "TreatyCore", "TreatyJSON", "TreatyRules",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "TreatyJSONTests", dependencies: ["TreatyJSON"]),
        .testTarget(name: "TreatyCoreTests", dependencies: ["TreatyCore", "TreatyJSON"]),
        .testTarget(name: "TreatyRulesTests", dependencies: ["TreatyRules", "TreatyCore", "TreatyJSON"]),
        .testTarget(name: "TreatyCLITests", dependencies: ["treaty"], exclude: ["Snapshots"]),
    ]
)

for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(contentsOf: [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("MemberImportVisibility"),
    ])
    target.swiftSettings = settings
}
