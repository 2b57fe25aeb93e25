import Foundation
import StriderConcurrency
import StriderCore
import StriderFormats

/// One real recording whose device counted its own distance, against Strider's.
public struct DeviceResult: Sendable {
  /// The file (and leg, for a multisport file) under the data folder.
  public var name: String
  public var activity: Activity
  /// The device's own distance over the positioned part of the file, metres: its total
  /// less what it counted without a position (`unpositioned`).
  public var device: Double
  /// What the device counted before its first position and after its last (a wheel
  /// sensor while the receiver searched), metres; no track can hold it.
  public var unpositioned: Double = 0
  /// What the device counted, within `device`, between records that both read a speed of
  /// zero, metres: a device without auto-pause counts a standing receiver's wander.
  /// Said beside the error, never taken from the reference.
  public var standing: Double = 0
  /// What `analyze` gives, metres.
  public var strider: Double
  /// What `analyze --no-filter` gives, metres.
  public var raw: Double

  /// Signed error of Strider's distance, % of the device's.
  public var error: Double { 100 * (strider - device) / device }
  /// Signed error against the device's distance less what it counted at its own zero
  /// speed (`standing`), %.
  public var movingError: Double { 100 * (strider - (device - standing)) / (device - standing) }
  /// Signed error of the raw length, % of the device's.
  public var rawError: Double { 100 * (raw - device) / device }
}

/// A device file scored, or skipped with the reason.
public enum DeviceOutcome: Sendable {
  case scored(DeviceResult)
  case skipped(name: String, reason: String)

  public var result: DeviceResult? {
    if case .scored(let r) = self { return r }
    return nil
  }
}

/// The real recordings in the shared data folder that carry a device distance, and
/// Strider's distance for each, as `analyze` gives it (activity as the file declares it,
/// else guessed).
///
/// Which files, and the device distance of each:
/// - every `tcx/*.tcx`: the sum of its laps' `DistanceMeters`
///   (`reference-gpxpy.json`, `tcx_native.lap_distance_m`). A file where most trackpoints
///   have no position (an indoor ride) is skipped; a multisport file is compared leg by
///   leg (consecutive laps of one sport, from the first lap's start to the next leg's),
///   skipping legs without positions (a bike leg measured by a wheel sensor).
/// - every `gpx/*.gpx` and `fit/*.gpx` that is gpsbabel's rendering of a FIT file:
///   the FIT session's `total_distance_m` (`reference-fit.json`, first session).
/// - every other GPX whose points carry `gpxdata:distance`: the last one.
/// - every `fit/*.fit` that fitdecode read without error and whose one session has a
///   `total_distance_m` of 400 m or more: that total. A file whose records mostly lack a
///   position (a pool swim, an indoor ride, a wheel-sensor log) is skipped with the reason,
///   and so is a multisport file (its legs are the FIT issue's).
///
/// Where the records carry the device's running distance (FIT `distance`, TCX
/// `DistanceMeters`), what it counted before the first position and after the last is left
/// out of the reference: no track holds it (one ride's wheel sensor counted 3.4 km while
/// the receiver looked for satellites).
public enum DeviceReferences {
  /// The folder given, else `STRIDER_SHARED_DATA`, else `shared/data` beside the package.
  public static func dataDirectory(explicit: String? = nil, packageRoot: URL) -> URL? {
    if let explicit { return URL(fileURLWithPath: explicit) }
    if let env = ProcessInfo.processInfo.environment["STRIDER_SHARED_DATA"] {
      return URL(fileURLWithPath: env)
    }
    let candidate = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data")
    return FileManager.default.fileExists(atPath: candidate.path) ? candidate : nil
  }

  /// Every device file in `directory`, scored or skipped, in name order.
  public static func score(directory: URL) -> [DeviceOutcome] {
    let gpxpy = json(directory.appendingPathComponent("reference-gpxpy.json"))
    let fit = json(directory.appendingPathComponent("reference-fit.json"))
    var outcomes: [DeviceOutcome] = []
    for file in files(directory, "tcx", "tcx") {
      let name = "tcx/" + file.lastPathComponent
      guard
        let native = (gpxpy[file.lastPathComponent] as? [String: Any])?["tcx_native"]
          as? [String: Any], let laps = native["lap_distance_m"] as? Double
      else {
        outcomes.append(.skipped(name: name, reason: "no lap distance in reference-gpxpy.json"))
        continue
      }
      let total = native["trackpoints_total"] as? Int ?? 0
      let unpositioned = native["trackpoints_without_position"] as? Int ?? 0
      let sports = native["sports"] as? [String] ?? []
      if sports.count > 1 {
        outcomes += legs(of: file, name: name)
      } else if 2 * unpositioned > total {
        outcomes.append(
          .skipped(
            name: name,
            reason: "\(unpositioned) of \(total) trackpoints have no position: the device "
              + "counted its \(Int(laps)) m from a sensor, indoors"))
      } else {
        outcomes.append(score(file, name: name, device: laps))
      }
    }
    for folder in ["gpx", "fit"] {
      for file in files(directory, folder, "gpx") {
        let name = "\(folder)/" + file.lastPathComponent
        var stem = file.deletingPathExtension().lastPathComponent
        if stem.hasSuffix(".ref") { stem = String(stem.dropLast(4)) }
        let session = ((fit[stem + ".fit"] as? [String: Any])?["sessions"] as? [[String: Any]])?
          .first
        if let device = session?["total_distance_m"] as? Double {
          outcomes.append(score(file, name: name, device: device))
        } else if let device = lastGPXDataDistance(file) {
          outcomes.append(score(file, name: name, device: device))
        }
      }
    }
    outcomes += fitFiles(directory, reference: fit)
    return outcomes
  }

  /// The FIT files against their session's total distance.
  static func fitFiles(_ directory: URL, reference: [String: Any]) -> [DeviceOutcome] {
    var outcomes: [DeviceOutcome] = []
    let dir = directory.appendingPathComponent("fit")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
    for fileName in names.filter({ $0.lowercased().hasSuffix(".fit") }).sorted() {
      let name = "fit/" + fileName
      guard let entry = reference[fileName] as? [String: Any] else { continue }
      if let error = entry["error"] as? String {
        outcomes.append(.skipped(name: name, reason: "fitdecode: \(error)"))
        continue
      }
      let sessions = entry["sessions"] as? [[String: Any]] ?? []
      guard sessions.count == 1 else {
        if sessions.count > 1 {
          outcomes.append(
            .skipped(name: name, reason: "\(sessions.count) sessions: a multisport file"))
        }
        continue
      }
      guard let device = sessions[0]["total_distance_m"] as? Double, device >= 400 else {
        continue
      }
      let records = entry["records"] as? Int ?? 0
      let positioned = entry["records_with_position"] as? Int ?? 0
      guard 2 * positioned > records else {
        outcomes.append(
          .skipped(
            name: name,
            reason: "\(positioned) of \(records) records have a position: the device counted "
              + "its \(Int(device)) m from a sensor"))
        continue
      }
      outcomes.append(score(dir.appendingPathComponent(fileName), name: name, device: device))
    }
    return outcomes
  }

  /// `analyze` and `analyze --no-filter` on a whole file, against the device's distance
  /// over the positioned part of it (records carrying the device's running distance say
  /// what it counted before the first position and after the last).
  static func score(_ file: URL, name: String, device: Double) -> DeviceOutcome {
    do {
      let result = try AccuracyEngine.analyze(path: file.path)
      var reader = try FixFileReader.open(path: file.path)
      let fixes = try reader.readAll()
      let raw = Analysis.summarize(fixes, configuration: .raw(activity: result.activity))
      let unpositioned = min(device, reader.deviceTotals?.unpositionedDistance?.value ?? 0)
      var scored = DeviceResult(
        name: name, activity: result.activity, device: device - unpositioned,
        strider: result.summary.distance.value, raw: raw.distance.value)
      scored.unpositioned = unpositioned
      scored.standing = min(0.5 * scored.device, standingDistance(fixes))
      return .scored(scored)
    } catch {
      return .skipped(name: name, reason: "unreadable: \(error)")
    }
  }

  /// What the records' running device distance grew by between two records that both read
  /// a speed of zero (the step into a stop, slowing down, is not counted), metres.
  static func standingDistance(_ fixes: [Fix]) -> Double {
    var total = 0.0
    var previous: (distance: Double, standing: Bool)?
    for fix in fixes {
      guard let distance = fix.deviceDistance?.value, distance.isFinite else { continue }
      let standing = fix.speed?.value == 0
      if let before = previous, before.standing, standing, distance > before.distance {
        total += distance - before.distance
      }
      previous = (distance, standing)
    }
    return total
  }

  /// The legs of a multisport TCX file, each against its laps' distance.
  static func legs(of file: URL, name: String) -> [DeviceOutcome] {
    let reader: TCXReader
    let fixes: [Fix]
    do {
      var tcx = TCXReader(source: try FileByteSource(path: file.path), fileName: file.path)
      fixes = try tcx.readAll()
      reader = tcx
    } catch {
      return [.skipped(name: name, reason: "unreadable: \(error)")]
    }
    var legs: [(sport: String, start: GNSSTime?, distance: Double)] = []
    for lap in reader.laps {
      let sport = lap.sport ?? "Other"
      if let last = legs.last, last.sport == sport {
        legs[legs.count - 1].distance += lap.distance?.value ?? 0
      } else {
        legs.append((sport, lap.startTime, lap.distance?.value ?? 0))
      }
    }
    var outcomes: [DeviceOutcome] = []
    for (index, leg) in legs.enumerated() {
      let legName = "\(name) leg \(index + 1)"
      let end = index + 1 < legs.count ? legs[index + 1].start : nil
      let inLeg = fixes.filter { fix in
        guard let t = fix.time, let start = leg.start else { return false }
        return t >= start && end.map { t < $0 } ?? true
      }
      let positioned = inLeg.filter { $0.coordinate != nil }.count
      guard 2 * positioned > inLeg.count, positioned > 1 else {
        outcomes.append(
          .skipped(
            name: legName,
            reason: "\(leg.sport): \(positioned) of \(inLeg.count) trackpoints have a position "
              + "(the device's laps say \(Int(leg.distance)) m)"))
        continue
      }
      let activity = TrackMetadata.activity(fromTypeText: leg.sport) ?? .run
      let summary = Analysis.summarize(
        inLeg, configuration: AccuracyEngine.configuration(for: activity), parallelism: Threads())
      let raw = Analysis.summarize(inLeg, configuration: .raw(activity: activity))
      outcomes.append(
        .scored(
          DeviceResult(
            name: legName, activity: activity, device: leg.distance,
            strider: summary.distance.value, raw: raw.distance.value)))
    }
    return outcomes
  }

  /// The last `gpxdata:distance` of a GPX file (cluetrust's GPX extension, which
  /// GoldenCheetah and others write), or nil when it has none.
  static func lastGPXDataDistance(_ file: URL) -> Double? {
    guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
    let open = "<gpxdata:distance>"
    guard let range = text.range(of: open, options: .backwards) else { return nil }
    let rest = text[range.upperBound...]
    guard let close = rest.firstIndex(of: "<") else { return nil }
    return Double(rest[..<close].trimmingCharacters(in: .whitespaces))
  }

  private static func json(_ url: URL) -> [String: Any] {
    guard let data = try? Data(contentsOf: url),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return [:] }
    return object
  }

  private static func files(_ directory: URL, _ folder: String, _ ext: String) -> [URL] {
    let dir = directory.appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
    return names.filter { $0.hasSuffix("." + ext) }.sorted().map { dir.appendingPathComponent($0) }
  }
}
