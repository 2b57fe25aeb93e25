// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so that `swift build` and `swift test` of Strider
// never pay for the benchmark dependency. Run: `cd Benchmarks && swift package benchmark`.
let package = Package(
  name: "StriderBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "Strider", path: ".."),
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.1",
      traits: ["MallocInterposer"]),
  ],
  targets: [
    .executableTarget(
      name: "StriderBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "StriderCore", package: "Strider"),
        .product(name: "StriderSimulator", package: "Strider"),
        .product(name: "StriderFormats", package: "Strider"),
        .product(name: "StriderRender", package: "Strider"),
      ],
      path: "Benchmarks/StriderBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
  ]
)
