// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Strider",
  products: [
    .executable(name: "strider", targets: ["StriderCLI"]),
    .library(name: "StriderCore", targets: ["StriderCore"]),
    .library(name: "StriderFormats", targets: ["StriderFormats"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
  ],
  targets: [
    // The pure engine: model, geodesy, gate, smoother, auto-pause, metrics, cues,
    // simulator. No files, sockets, terminal or clock.
    .target(name: "StriderCore"),
    // Edges that turn bytes into fixes: GPX today, more formats later.
    .target(name: "StriderFormats", dependencies: ["StriderCore"]),
    // The `strider` executable: wires the edges to the core, holds no logic of its own.
    .executableTarget(
      name: "StriderCLI",
      dependencies: [
        "StriderCore", "StriderFormats",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // Shared test helpers (data location, golden text, binary runner).
    .target(
      name: "StriderTestSupport", dependencies: ["StriderCore"], path: "Tests/StriderTestSupport"),
    .testTarget(name: "StriderCoreTests", dependencies: ["StriderCore", "StriderTestSupport"]),
    .testTarget(
      name: "StriderFormatsTests", dependencies: ["StriderFormats", "StriderTestSupport"]),
    .testTarget(
      name: "StriderEndToEndTests",
      dependencies: ["StriderCore", "StriderFormats", "StriderTestSupport"]
    ),
  ]
)
