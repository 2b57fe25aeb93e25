import Foundation
import StriderCore
import StriderFormats
import StriderTestSupport
import Testing

/// The gpsd test logs in `../shared/data/nmea`, read by `NMEAReader` and compared with what
/// gpsd itself made of them (`reference-gpsd.json`, extracted from each `.chk`).
@Suite("NMEA conformance with gpsd")
struct NMEAConformanceTests {
  /// Where we differ from gpsd on purpose, epoch by epoch.
  enum Difference: Sendable {
    /// gpsd reported this epoch's position before it knew the date, so without a time; we
    /// merge the whole epoch first and date it from its own RMC or ZDA.
    case datedFromItsOwnEpoch(String)
    /// An epoch before the log's first date, which gpsd reported without a time; we date it
    /// backwards from the later RMC or ZDA.
    case datedFromALaterEpoch(String)
    /// An epoch with a position that gpsd never reported, with the reason.
    case notReportedByGPSD(String, because: String)
    /// gpsd's first report with mode ≥ 2 comes from a sentence that says "no fix".
    case gpsdFirstFixIsNotAFix(because: String)

    var time: String? {
      switch self {
      case .datedFromItsOwnEpoch(let time), .datedFromALaterEpoch(let time),
        .notReportedByGPSD(let time, _):
        return time
      case .gpsdFirstFixIsNotAFix: return nil
      }
    }
  }

  static let endsMidCycle =
    "the log ends in the middle of this epoch's cycle; gpsd reports an epoch when its cycle"
    + " ends, we report every epoch at the end of the input"

  static let splitCycle =
    "the receiver sends RMC and GGA, then a GLL stamped a second later: gpsd's cycle detector"
    + " ends each cycle at the GLL and reports the RMC and GGA merged into it, under the GLL's"
    + " time; we keep every time the receiver gave a position as its own epoch"

  /// gpsd regression logs compared by hand (issue 54) that are not in the shared developer
  /// set: their differences are listed for when the whole collection is present.
  static let outsideTheDeveloperSet: Set<String> = [
    "garmin48.log", "myguide-3100.log", "tr737a.log", "tr737A+.log", "venus634lp.log",
  ]

  static let tr737a: [Difference] = [
    .datedFromItsOwnEpoch("2011-11-11T07:17:36Z"),
    .gpsdFirstFixIsNotAFix(
      because: "gpsd reports mode 3 at 07:17:34.929 from a GGA with quality 0 (four"
        + " satellites), then mode 1 from the GSA mode 1 and RMC status V of that epoch"),
  ]

  /// Every intended difference, by log; logs not listed agree with gpsd exactly.
  static let differences: [String: [Difference]] = [
    "bt451.log": [
      .datedFromItsOwnEpoch("2009-12-09T15:25:04.500Z"),
      .notReportedByGPSD(
        "2009-12-09T15:25:08.500Z",
        because: "the splice cuts this cycle before the GLL and ZDA that end it for gpsd"),
      .notReportedByGPSD("2009-12-09T14:33:08.500Z", because: endsMidCycle),
    ],
    "garmin48.log": ["10", "12", "14", "16", "18", "34"].map {
      .notReportedByGPSD("2001-06-06T22:53:\($0)Z", because: splitCycle)
    },
    "gp320-coldboot.log": [.datedFromALaterEpoch("2019-04-07T00:03:43.030Z")],
    "haicom-305N.log": [.datedFromItsOwnEpoch("2007-04-08T09:53:04.802Z")],
    "humminbird-M37.log": [
      .notReportedByGPSD(
        "2006-09-16T19:41:03Z",
        because: "gpsd is still learning this receiver's cycle (RMC, GGA and GLL times disagree)"),
      .notReportedByGPSD("2006-09-16T19:41:04Z", because: "as 19:41:03"),
    ],
    "isync.log": [.notReportedByGPSD("2016-02-03T13:15:30Z", because: endsMidCycle)],
    "mr-350p.log": [.datedFromALaterEpoch("2012-07-04T05:11:33Z")],
    "motorola-t805.log": [.datedFromItsOwnEpoch("2007-12-18T21:26:14.879Z")],
    "myguide-3100.log": [
      .datedFromItsOwnEpoch("2009-10-08T10:50:29.800Z"),
      .gpsdFirstFixIsNotAFix(
        because: "gpsd reports mode 2 at 10:50:27.800 from a GGA with an empty quality field,"
          + " then mode 1 from the RMC with status V and the GSA mode 1 of the same epoch"),
    ],
    "mtk-3301.log": [
      .datedFromItsOwnEpoch("2008-08-23T08:14:36Z"),
      .gpsdFirstFixIsNotAFix(
        because: "gpsd reports mode 2 at 08:14:34.590 from a GGA with quality 0 and an RMC"
          + " with status V, then mode 1; we keep that epoch as no fix"),
    ],
    "tr737a.log": tr737a,
    // gpsd's own name for the same log.
    "tr737A+.log": tr737a,
    "venus634lp.log": [
      .datedFromALaterEpoch("2010-02-05T08:50:32Z"),
      .notReportedByGPSD("2010-02-05T08:50:38Z", because: endsMidCycle),
    ],
  ]

  /// Logs with damaged input, and the least each count of skipped input must be.
  static let damaged: [(log: String, badChecksum: Int, missingChecksum: Int, garbage: Int)] = [
    ("firefly-II.log", 23, 0, 0), ("gp320-coldboot.log", 30, 1, 10), ("com-1289.log", 1, 0, 0),
    ("et-332.log", 0, 0, 30), ("triton400.log", 0, 0, 1), ("isync.log", 0, 0, 2),
    ("tomtom-mkII.log", 0, 0, 1), ("hp58534a.log", 0, 11, 0),
  ]

  /// Read once, never written afterwards.
  nonisolated(unsafe) static let reference: [String: [String: Any]]? = {
    guard let url = SharedData.file("reference-gpsd.json"),
      let data = try? Data(contentsOf: url),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return nil }
    return object.compactMapValues { $0 as? [String: Any] }
  }()

  static var logs: [String] {
    SharedData.files(in: "nmea", withExtension: "log").map(\.lastPathComponent)
      .filter {
        FileManager.default.fileExists(atPath: SharedData.file("nmea/\($0).chk")?.path ?? "")
      }
  }

  static func read(_ log: String) throws -> (fixes: [Fix], stats: NMEAStatistics)? {
    guard let url = SharedData.file("nmea/\(log)") else { return nil }
    var reader = NMEAReader(source: try FileByteSource(path: url.path), fileName: log)
    let fixes = try reader.readAll()
    return (fixes, reader.statistics)
  }

  /// gpsd's TPV reports in the `.chk`, read with our own gpsd JSON reader.
  static func gpsdReports(_ log: String) throws -> (fixes: [Fix], stats: GPSDStatistics)? {
    guard let url = SharedData.file("nmea/\(log).chk") else { return nil }
    var reader = GPSDJSONReader(source: try FileByteSource(path: url.path), fileName: log)
    let fixes = try reader.readAll()
    return (fixes, reader.statistics)
  }

  static func time(_ value: Any?) -> GNSSTime? {
    guard let text = value as? String else { return nil }
    return GNSSTime.parseForTest(text)
  }

  static func expectSamePosition(
    _ fix: Fix?, _ gpsd: [String: Any]?, _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let gpsd, let lat = gpsd["lat"] as? Double, let lon = gpsd["lon"] as? Double else {
      #expect(fix == nil, "\(what): gpsd has none", sourceLocation: sourceLocation)
      return
    }
    guard let c = fix?.coordinate else {
      Issue.record("\(what): we have no fix", sourceLocation: sourceLocation)
      return
    }
    // gpsd prints 9 decimals of degrees; both sides convert the same ddmm.mmmm text, so
    // they agree far inside 1e-6° (about 0.1 m).
    #expect(
      abs(c.latitude - lat) < 1e-6 && abs(c.longitude - lon) < 1e-6,
      "\(what): ours \(c.latitude), \(c.longitude) vs gpsd \(lat), \(lon)",
      sourceLocation: sourceLocation)
  }

  @Test(.enabled(if: SharedData.isPresent, SharedData.absent)) func everyLogIsCovered() {
    guard Self.reference != nil, !Self.logs.isEmpty else {
      return SharedData.missing("everyLogIsCovered")
    }
    // The 28 shared logs at least: a fuller copy of gpsd's collection may be present.
    #expect(Self.logs.count { !Self.outsideTheDeveloperSet.contains($0) } >= 28)
    for log in Self.differences.keys where !Self.outsideTheDeveloperSet.contains(log) {
      #expect(Self.logs.contains(log), "\(log)")
    }
  }

  @Test(.enabled(if: SharedData.isPresent, SharedData.absent), arguments: logs)
  func agreesWithGPSD(log: String) throws {
    guard let reference = Self.reference?[log], let (fixes, stats) = try Self.read(log) else {
      return SharedData.missing(log)
    }
    let differences = Self.differences[log] ?? []
    let notReported = Set(
      differences.compactMap { d -> String? in
        if case .notReportedByGPSD(let time, _) = d { return time }
        return nil
      })
    let dated = Set(
      differences.compactMap { d -> String? in
        if case .datedFromItsOwnEpoch(let time) = d { return time }
        if case .datedFromALaterEpoch(let time) = d { return time }
        return nil
      })
    let all = fixes.filter { $0.coordinate != nil && $0.mode != .noFix }
    // Every intended difference names an epoch we really have.
    let ourTimes = Set(all.compactMap { $0.time?.iso8601 })
    for time in differences.compactMap(\.time) {
      #expect(ourTimes.contains(time), "\(log): no epoch at \(time)")
    }
    let skipFirst = differences.contains {
      if case .gpsdFirstFixIsNotAFix = $0 { return true }
      return false
    }
    // Compare the epochs gpsd reported too.
    let comparable = all.filter { !notReported.contains($0.time?.iso8601 ?? "") }
    let timedLikeGPSD = comparable.filter {
      guard let time = $0.time else { return false }
      return !dated.contains(time.iso8601)
    }
    let uniqueTimes = Set(timedLikeGPSD.compactMap(\.time)).count
    #expect(uniqueTimes == reference["unique_fix_times"] as? Int, "\(log): epochs with a position")

    if !skipFirst {
      Self.expectSamePosition(
        comparable.first, reference["first_fix"] as? [String: Any], "\(log) first fix")
    }
    Self.expectSamePosition(
      comparable.last, reference["last_fix"] as? [String: Any], "\(log) last fix")
    let firstTimed = reference["first_timed_fix"] as? [String: Any]
    Self.expectSamePosition(timedLikeGPSD.first, firstTimed, "\(log) first timed fix")
    #expect(timedLikeGPSD.first?.time == Self.time(firstTimed?["time"]), "\(log) first time")
    let lastTimed = reference["last_timed_fix"] as? [String: Any]
    #expect(timedLikeGPSD.last?.time == Self.time(lastTimed?["time"]), "\(log) last time")
    #expect(comparable.last?.time == Self.time((reference["last_fix"] as? [String: Any])?["time"]))
    print(
      "NMEA \(log): ours \(all.count) epochs with a position, \(uniqueTimes) as gpsd counts"
        + " them; gpsd \(reference["unique_fix_times"] ?? "?"); skipped: bad checksum"
        + " \(stats.badChecksum), missing \(stats.missingChecksum), garbage lines"
        + " \(stats.garbageLines), ignored types \(stats.ignoredTypes)")
  }

  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func noChecksumsMeansNoFixesLikeGPSD() throws {
    guard let (fixes, stats) = try Self.read("hp58534a.log") else {
      return SharedData.missing("hp58534a")
    }
    #expect(fixes.isEmpty)
    #expect(stats.sentences == 0)
    #expect(Self.reference?["hp58534a.log"]?["tpv_mode_ge2"] as? Int == 0)
  }

  @Test(.enabled(if: SharedData.isPresent, SharedData.absent), arguments: damaged)
  func damagedLogsAreReadAndCounted(
    log: String, badChecksum: Int, missingChecksum: Int, garbage: Int
  )
    throws
  {
    guard let (fixes, stats) = try Self.read(log) else { return SharedData.missing(log) }
    #expect(stats.badChecksum >= badChecksum)
    #expect(stats.missingChecksum >= missingChecksum)
    #expect(stats.garbageLines >= garbage)
    #expect(fixes.allSatisfy { $0.origin.line != nil })
  }

  /// Each `.chk` read as a gpsd JSON file: raw NMEA lines skipped, TPVs counted.
  @Test(.enabled(if: SharedData.isPresent, SharedData.absent), arguments: logs)
  func checkFileTPVsMatch(log: String) throws {
    guard let reference = Self.reference?[log], let (fixes, stats) = try Self.gpsdReports(log)
    else { return SharedData.missing(log) }
    let withFix = fixes.filter { $0.mode == .twoD || $0.mode == .threeD }
    #expect(withFix.count == reference["tpv_mode_ge2"] as? Int, "\(log)")
    #expect(stats.tpv == reference["tpv_lines"] as? Int, "\(log)")
    #expect(stats.malformed == reference["unparsable_json_lines"] as? Int, "\(log)")
    if let classes = reference["classes"] as? [String: Int] {
      #expect(stats.skipped == classes.filter { $0.key != "TPV" }, "\(log)")
    }
  }

  /// The accuracy read from a log is gpsd's for the same epoch, up to gpsd's range error
  /// (19 m, or 4.75 m for a differential fix, against our 5 m): gpsd takes the HDOP even
  /// where the receiver sends GST, and so must a log, or the same receiver would weigh its
  /// fixes one way recorded through gpsd and another replayed from its log.
  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func accuracyIsGPSDsWhereGPSDGivesOne() throws {
    var compared: [String: Int] = [:]
    for log in Self.logs {
      guard let (fixes, _) = try Self.read(log) else { return SharedData.missing(log) }
      // By time, and by position for gpsd versions that print TPVs without one (both sides
      // convert the same ddmm.mmmm text: equal far inside 1e-6°).
      var ours: [String: Double] = [:]
      func place(_ latitude: Double, _ longitude: Double) -> String {
        "\((latitude * 1e6).rounded()),\((longitude * 1e6).rounded())"
      }
      for fix in fixes {
        guard let h = fix.horizontalAccuracy?.value else { continue }
        if let time = fix.time?.iso8601 { ours[time] = h }
        if let c = fix.coordinate { ours[place(c.latitude, c.longitude)] = h }
      }
      // gpsd's own reports, read by our gpsd JSON reader (eph ÷ 3.8, gpsd's 19 m range
      // error against our 5 m).
      guard let (reports, _) = try Self.gpsdReports(log) else { return SharedData.missing(log) }
      for report in reports {
        guard let gpsd = report.horizontalAccuracy?.value, let c = report.coordinate,
          let h = ours[report.time?.iso8601 ?? ""] ?? ours[place(c.latitude, c.longitude)],
          h > 0
        else { continue }
        // 1, or ¼ where gpsd takes the differential range error (4.75 m against 19 m).
        let ratio = gpsd / h
        #expect(
          abs(ratio - 1) < 0.01 || abs(ratio - 0.25) < 0.01,
          "\(log) \(report.time?.iso8601 ?? "-"): gpsd \(gpsd) m against our \(h) m")
        compared[log, default: 0] += 1
      }
    }
    // The three logs that carry GST beside their DOPs are among those compared.
    for log in ["polarx2.log", "isync.log", "skytraq-dgps.log"] {
      #expect((compared[log] ?? 0) > 5, "\(log): epochs compared \(compared[log] ?? 0)")
    }
  }

  /// One file read in one-byte chunks gives what whole reads give.
  @Test(.enabled(if: SharedData.isPresent, SharedData.absent)) func oneByteChunksOnARealLog() throws
  {
    guard let url = SharedData.file("nmea/gp320-coldboot.log"),
      let bytes = try? [UInt8](Data(contentsOf: url))
    else { return SharedData.missing("oneByteChunksOnARealLog") }
    var whole = NMEAReader(bytes: bytes, fileName: "w")
    var split = NMEAReader(source: MemoryByteSource(bytes: bytes, chunkSize: 1), fileName: "s")
    #expect(try split.readAll() == whole.readAll())
    #expect(split.statistics == whole.statistics)
  }
}

extension GNSSTime {
  /// `YYYY-MM-DDThh:mm:ss.sssZ`, as gpsd writes it.
  static func parseForTest(_ text: String) -> GNSSTime? {
    let parts = text.dropLast().split(whereSeparator: { "-T:".contains($0) }).map(String.init)
    guard parts.count == 6, let y = Int(parts[0]), let mo = Int(parts[1]), let d = Int(parts[2]),
      let h = Int(parts[3]), let mi = Int(parts[4]), let s = Double(parts[5])
    else { return nil }
    return GNSSTime(year: y, month: mo, day: d, hour: h, minute: mi, second: s)
  }
}
