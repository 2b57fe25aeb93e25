// swift-tools-version: 6.0
import PackageDescription

/// The engine, the simulator and the readers are built optimised in debug builds too: the
/// tests drive them over whole simulated sessions and real files, directly and through the
/// `strider` binary, and at -Onone that was most of the suite's processor time.
let optimisedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
  name: "Strider",
  products: [
    .executable(name: "strider", targets: ["StriderCLI"]),
    .executable(name: "strider-accuracy", targets: ["StriderAccuracyTool"]),
    .library(name: "StriderCore", targets: ["StriderCore"]),
    .library(name: "StriderConcurrency", targets: ["StriderConcurrency"]),
    .library(name: "StriderSimulator", targets: ["StriderSimulator"]),
    .library(name: "StriderFormats", targets: ["StriderFormats"]),
    .library(name: "StriderSources", targets: ["StriderSources"]),
    .library(name: "StriderRender", targets: ["StriderRender"]),
    .library(name: "StriderTerminal", targets: ["StriderTerminal"]),
    .library(name: "StriderStore", targets: ["StriderStore"]),
    .library(name: "StriderApp", targets: ["StriderApp"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
    .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
  ],
  targets: [
    // The pure engine: model, geodesy, gate, smoother, auto-pause, metrics, cues.
    // No files, sockets, terminal or clock.
    .target(name: "StriderCore", swiftSettings: optimisedInDebug),
    // Threads, locks and conditions, in one place: the core's pieces of work run at once
    // (`Threads`, handed to the engine by the edges) and its relearns worked out ahead.
    .target(
      name: "StriderConcurrency", dependencies: ["StriderCore"], swiftSettings: optimisedInDebug),
    // The simulator of runs, walks and rides and their receivers' errors, for the demo, the
    // filter lab's faults, the accuracy corpus and the tests: a tool, not the engine.
    .target(
      name: "StriderSimulator", dependencies: ["StriderCore"], swiftSettings: optimisedInDebug),
    // zlib from the system (zlib1g-dev), for reading .gz files.
    .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
    // Edges that turn bytes into fixes: GPX, TCX, NMEA 0183, gpsd JSON.
    .target(
      name: "StriderFormats", dependencies: ["StriderCore", "StriderConcurrency", "CZlib"],
      swiftSettings: optimisedInDebug),
    // Live and replayed sources (gpsd, files at any speed, the simulator) and the session
    // runner that feeds them through the engine.
    .target(
      name: "StriderSources",
      dependencies: ["StriderCore", "StriderConcurrency", "StriderSimulator", "StriderFormats"]),
    // Drawing into an in-memory grid of cells: dashboard, route map, cue log, filter lab.
    // No terminal I/O: every panel is testable as text.
    .target(name: "StriderRender", dependencies: ["StriderCore", "StriderSimulator"]),
    // ncursesw from the system (libncurses-dev): wide characters through a shim header.
    .systemLibrary(name: "CNcursesw", path: "Sources/CNcursesw"),
    // The ncurses driver: copies the changed cells of a rendered grid to the terminal,
    // reads keys, follows resizes, and always restores the terminal.
    .target(name: "StriderTerminal", dependencies: ["StriderRender", "CNcursesw"]),
    // The dashboard as a value: source events, keys and a clock in, screen state out; the
    // one loop that drives it on any `TerminalBackend` (ncurses, or the in-memory test one).
    .target(
      name: "StriderApp",
      dependencies: [
        "StriderCore", "StriderConcurrency", "StriderSimulator", "StriderFormats", "StriderRender",
        "StriderSources", "StriderStore",
      ]),
    // The local SQLite database of recorded sessions (GRDB): crash-safe recording, history,
    // import; and the user's settings file (TOML).
    .target(
      name: "StriderStore",
      dependencies: [
        "StriderCore", "StriderConcurrency", .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "TOMLKit", package: "TOMLKit"),
      ]),
    // glibc's malloc.h, for the allocator settings of the executable (`Allocator`).
    .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
    // The `strider` executable: argument parsing and process set-up around the library's
    // jobs.
    .executableTarget(
      name: "StriderCLI",
      dependencies: [
        "StriderCore", "StriderConcurrency", "StriderSimulator", "StriderFormats",
        "StriderSources", "StriderRender", "StriderTerminal", "StriderStore", "StriderApp",
        "CMalloc",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // The accuracy corpus's scoring: each case's fixes written as GPX, gpsd JSON and NMEA,
    // read back and run through the engine as `analyze` does; real device files; the tables.
    .target(
      name: "StriderAccuracy",
      dependencies: [
        "StriderCore", "StriderConcurrency", "StriderSimulator", "StriderFormats", "StriderStore",
      ]),
    // `strider-accuracy`: prints the accuracy tables (Benchmarks/accuracy.sh runs it).
    .executableTarget(
      name: "StriderAccuracyTool",
      dependencies: [
        "StriderAccuracy", "StriderCore", "StriderSimulator",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    // Shared test helpers (data location, golden text, binary runner).
    .target(
      name: "StriderTestSupport", dependencies: ["StriderCore", "StriderSimulator"],
      path: "Tests/StriderTestSupport"),
    .testTarget(
      name: "StriderCoreTests",
      dependencies: [
        "StriderCore", "StriderConcurrency", "StriderSimulator", "StriderTestSupport",
      ]),
    .testTarget(
      name: "StriderFormatsTests",
      dependencies: [
        "StriderFormats", "StriderConcurrency", "StriderSimulator", "StriderTestSupport",
      ]),
    .testTarget(
      name: "StriderSourcesTests",
      dependencies: ["StriderSources", "StriderFormats", "StriderSimulator", "StriderTestSupport"]),
    .testTarget(
      name: "StriderRenderTests",
      dependencies: ["StriderRender", "StriderSimulator", "StriderTestSupport"],
      exclude: ["Golden"]),
    .testTarget(
      name: "StriderAppTests",
      dependencies: [
        "StriderApp", "StriderCore", "StriderFormats", "StriderRender", "StriderSources",
        "StriderSimulator", "StriderStore", "StriderTestSupport",
      ]),
    .testTarget(
      name: "StriderStoreTests",
      dependencies: ["StriderStore", "StriderSimulator", "StriderTestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "StriderAccuracyTests",
      dependencies: ["StriderAccuracy", "StriderSimulator", "StriderTestSupport"]),
    // The writers' fuzz target run as a test on inputs it once choked on: the target's own
    // source (Fuzz/Targets/WriterFuzz.swift), built without libFuzzer.
    .testTarget(
      name: "StriderFuzzTests", dependencies: ["StriderCore", "StriderFormats"], path: "Fuzz",
      exclude: [
        "CAMPAIGNS.md", "Dictionaries", "Seeds", "campaign.sh", "run.sh",
        "Support/ReaderCheck.swift",
        "Targets/FITReaderFuzz.swift", "Targets/GPSDJSONReaderFuzz.swift",
        "Targets/GPXReaderFuzz.swift", "Targets/NMEAReaderFuzz.swift",
        "Targets/SessionEngineFuzz.swift", "Targets/TCXReaderFuzz.swift",
        "Targets/AnalyzeFuzz.swift",
      ],
      sources: [
        "Support/FixStreamDecoder.swift", "Support/JSONGrammar.swift", "Targets/WriterFuzz.swift",
        "Tests",
      ]),
    // The commands run in process (`Strider.run`), each with its own environment and its
    // output captured: what a user types and reads, without launching the binary.
    .testTarget(
      name: "StriderCommandTests",
      dependencies: [
        "StriderCLI", "StriderApp", "StriderCore", "StriderFormats", "StriderStore",
        "StriderSimulator", "StriderTestSupport",
      ]),
    .testTarget(
      name: "StriderEndToEndTests",
      dependencies: [
        "StriderCore", "StriderFormats", "StriderRender", "StriderStore", "StriderSimulator",
        "StriderTestSupport",
      ]),
  ]
)
