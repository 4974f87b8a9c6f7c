// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Treaty",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "TreatyCalendar", targets: ["TreatyCalendar"]),
        .library(name: "TreatyJSON", targets: ["TreatyJSON"]),
        .library(name: "TreatySecrets", targets: ["TreatySecrets"]),
        .library(name: "TreatyCore", targets: ["TreatyCore"]),
        .library(name: "TreatyRules", targets: ["TreatyRules"]),
        .library(name: "TreatyDialect", targets: ["TreatyDialect"]),
        .library(name: "TreatyDialectKit", targets: ["TreatyDialectKit"]),
        .library(name: "TreatyDialects", targets: ["TreatyDialects"]),
        .library(name: "TreatyREST", targets: ["TreatyREST"]),
        .library(name: "TreatySimulator", targets: ["TreatySimulator"]),
        .library(name: "TreatyHTTP", targets: ["TreatyHTTP"]),
        .library(name: "TreatyReports", targets: ["TreatyReports"]),
        .library(name: "TreatyVerifier", targets: ["TreatyVerifier"]),
        .library(name: "TreatyTesting", targets: ["TreatyTesting"]),
        .library(name: "TreatyQuery", targets: ["TreatyQuery"]),
        .library(name: "TreatyPocketBase", targets: ["TreatyPocketBase"]),
        .library(name: "TreatyFileMaker", targets: ["TreatyFileMaker"]),
        .library(name: "TreatyCloudKit", targets: ["TreatyCloudKit"]),
        .executable(name: "treaty", targets: ["treaty"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    ],
    targets: [
        .target(name: "TreatyCalendar"),
        .target(name: "TreatyJSON"),
        .target(name: "TreatySecrets", dependencies: ["TreatyJSON"]),
        .target(
            name: "TreatyCore",
            dependencies: ["TreatyJSON", .product(name: "Yams", package: "Yams")]
        ),
        .target(name: "TreatyRules", dependencies: ["TreatyCalendar", "TreatyCore", "TreatyJSON"]),
        .target(
            name: "TreatyDialect",
            dependencies: [
                "TreatyCalendar", "TreatyCore", "TreatyJSON", "TreatyRules",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .target(
            name: "TreatyPersistence",
            dependencies: [
                "TreatyCore", "TreatyJSON", "TreatyDialect",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "TreatyDialectKit",
            dependencies: [
                "TreatyCore", "TreatyJSON", "TreatyDialect", "TreatyRules", "TreatySecrets",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .target(
            name: "TreatyREST",
            dependencies: [
                "TreatyCore", "TreatyJSON", "TreatyDialect", "TreatyDialectKit", "TreatyRules",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .target(
            name: "TreatyDialects",
            dependencies: ["TreatyDialectKit", "TreatyREST", "TreatyPocketBase", "TreatyFileMaker", "TreatyCloudKit"]),
        .target(
            name: "TreatySimulator",
            dependencies: [
                "TreatyCore", "TreatyJSON", "TreatyDialect", "TreatyDialectKit", "TreatyHTTP", "TreatyRules",
                "TreatySecrets",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .target(
            name: "TreatyHTTP",
            dependencies: [
                "TreatySecrets",
                // libcurl where the build has it; elsewhere (iOS, tvOS, watchOS, visionOS) the
                // client sends through URLSession.
                .target(name: "CCurl", condition: .when(platforms: [.linux, .macOS])),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .systemLibrary(
            name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]),
        .target(name: "TreatyReports", dependencies: ["CLibXML2", "TreatyCalendar", "TreatyJSON", "TreatySecrets"]),
        .target(
            name: "TreatyVerifier",
            dependencies: [
                "TreatyCore", "TreatyJSON", "TreatyRules", "TreatyDialect", "TreatyDialectKit", "TreatySimulator",
                "TreatyHTTP", "TreatyQuery", "TreatySecrets",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(name: "TreatyQuery", dependencies: ["TreatyCalendar", "TreatyJSON"]),
        .target(
            name: "TreatyPocketBase",
            dependencies: [
                "TreatyCalendar", "TreatyCore", "TreatyJSON", "TreatyDialect", "TreatyDialectKit", "TreatyQuery",
                "TreatyRules",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .target(
            name: "TreatyFileMaker",
            dependencies: [
                "TreatyCalendar", "TreatyCore", "TreatyJSON", "TreatyDialect", "TreatyDialectKit", "TreatyQuery",
                "TreatyRules",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .target(
            name: "TreatyCloudKit",
            dependencies: [
                "TreatyCore", "TreatyJSON", "TreatyDialect", "TreatyDialectKit", "TreatyQuery", "TreatyRules",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .target(
            name: "TreatyTesting",
            dependencies: [
                "TreatyCore", "TreatyJSON", "TreatyDialect", "TreatyDialectKit", "TreatyDialects", "TreatyHTTP",
                "TreatyRules", "TreatySimulator", "TreatyVerifier",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "treaty",
            dependencies: [
                "TreatyCore", "TreatyJSON", "TreatyRules", "TreatyDialect", "TreatyDialectKit", "TreatyDialects",
                "TreatySimulator", "TreatyHTTP", "TreatyReports", "TreatyVerifier", "TreatyPersistence",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(name: "CSpawn", path: "Tests/CSpawn"),
        .target(
            name: "TreatyTestSupport", dependencies: ["CSpawn", "TreatyCore", "TreatyDialect", "TreatyJSON", "TreatyQuery"],
            path: "Tests/TestSupport"),
        .testTarget(name: "TreatyCalendarTests", dependencies: ["TreatyCalendar"]),
        .testTarget(name: "TreatyJSONTests", dependencies: ["TreatyJSON"]),
        .testTarget(name: "TreatySecretsTests", dependencies: ["TreatySecrets"]),
        .testTarget(name: "TreatyCoreTests", dependencies: ["TreatyCore", "TreatyJSON", "TreatyTestSupport"]),
        .testTarget(name: "TreatyRulesTests", dependencies: ["TreatyRules", "TreatyCore", "TreatyJSON", "TreatyTestSupport"]),
        .testTarget(
            name: "TreatyDialectTests", dependencies: ["TreatyDialect", "TreatyCore", "TreatyJSON", "TreatyTestSupport"]),
        .testTarget(
            name: "TreatyRESTTests",
            dependencies: [
                "TreatyREST", "TreatyDialect", "TreatyDialectKit", "TreatyCore", "TreatyJSON", "TreatyRules",
                "TreatyTestSupport",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .testTarget(
            name: "TreatySimulatorTests",
            dependencies: [
                "TreatySimulator", "TreatyREST", "TreatyDialect", "TreatyDialectKit", "TreatyCore", "TreatyJSON",
                "TreatyHTTP", "TreatyTestSupport",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "TreatyHTTPTests",
            dependencies: [
                "TreatyHTTP", "TreatyTestSupport",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["Servers"]
        ),
        .testTarget(
            name: "TreatyVerifierTests",
            dependencies: [
                "TreatyVerifier", "TreatyREST", "TreatyDialect", "TreatyDialectKit", "TreatyCore", "TreatyJSON",
                "TreatySimulator", "TreatyPocketBase", "TreatyFileMaker", "TreatyCloudKit", "TreatyTestSupport", "TreatyHTTP",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["Scenarios", "LiveServer"]
        ),
        .testTarget(
            name: "TreatyPocketBaseTests",
            dependencies: [
                "TreatyPocketBase", "TreatyCore", "TreatyJSON", "TreatyDialect", "TreatyQuery", "TreatyRules",
                "TreatyTestSupport",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "TreatyFileMakerTests",
            dependencies: [
                "TreatyFileMaker", "TreatyCore", "TreatyJSON", "TreatyDialect", "TreatyDialectKit", "TreatyRules", "TreatyTestSupport",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .testTarget(
            name: "TreatyCloudKitTests",
            dependencies: [
                "TreatyCloudKit", "TreatyCore", "TreatyJSON", "TreatyDialect", "TreatyDialectKit", "TreatyRules",
                "TreatyTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .testTarget(name: "TreatyQueryTests", dependencies: ["TreatyQuery", "TreatyJSON", "TreatyTestSupport"]),
        .testTarget(name: "TreatyReportsTests", dependencies: ["TreatyReports", "TreatyTestSupport"], exclude: ["Snapshots", "Schemas"]),
        .testTarget(
            name: "TreatyTestingTests",
            dependencies: [
                "TreatyTesting", "TreatyVerifier", "TreatyCore", "TreatyDialect", "TreatyDialectKit", "TreatyDialects",
                "TreatyHTTP", "TreatyJSON", "TreatyREST", "TreatyRules", "TreatySimulator",
                "TreatyPocketBase", "TreatyFileMaker", "TreatyCloudKit",
                .product(name: "HTTPTypes", package: "swift-http-types"), .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "TreatyPersistenceTests",
            dependencies: ["TreatyPersistence", "TreatyDialect", "TreatyCore", "TreatyJSON", "TreatyTestSupport",
                .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(name: "TreatyCLITests", dependencies: ["treaty", "TreatyTestSupport"], exclude: ["Snapshots", "Browser"]),
    ]
)

for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(contentsOf: [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("MemberImportVisibility"),
    ])
    target.swiftSettings = settings
}
