import Foundation
import StriderCore

/// The accuracy figures as text for people: one line a subset, percentages throughout.
public enum AccuracyTable {
  /// The corpus table: |distance error| median, p90 and worst, the median signed error
  /// (bias), the median and p90 |moving-time error|, the format spread's median and worst,
  /// the median signed error of the raw fixes' length, the median share of the time the
  /// person stood, and the median and p90 distance added inside the true stops.
  public static func corpus(_ subsets: [SubsetFigures]) -> String {
    var lines = [
      "all figures in % of the truth; |err| absolute, bias and raw signed medians;"
        + " stand: median share of the time standing; in stop: distance added while standing",
      pad("subset", 24) + left("cases", 6) + left("dist med", 9) + left("p90", 7)
        + left("worst", 8) + left("bias", 8) + left("moving med", 11) + left("p90", 7)
        + left("spread med", 11) + left("worst", 7) + left("raw", 8) + left("stand", 7)
        + left("in stop", 8) + left("p90", 7),
    ]
    for s in subsets {
      lines.append(
        pad("\(s.group) \(s.name)", 24) + left(String(s.cases), 6)
          + left(number(s.distance.median), 9) + left(number(s.distance.p90), 7)
          + left(number(s.distance.worst), 8) + left(signed(s.bias), 8)
          + left(number(s.moving.median), 11) + left(number(s.moving.p90), 7)
          + left(s.spread.map { number($0.median) } ?? "-", 11)
          + left(s.spread.map { number($0.worst) } ?? "-", 7) + left(signed(s.rawBias), 8)
          + left(String(format: "%.0f%%", 100 * s.standingShare.median), 7)
          + left(s.inStop.map { number($0.median) } ?? "-", 8)
          + left(s.inStop.map { number($0.p90) } ?? "-", 7))
    }
    return lines.joined(separator: "\n")
  }

  /// The real device files: each file's device distance, Strider's, the error, and the raw
  /// length's error; skipped files with their reasons; then median and worst.
  public static func devices(_ outcomes: [DeviceOutcome]) -> String {
    var lines = [
      pad("device file", 34) + pad("activity", 9) + left("device m", 11) + left("strider m", 11)
        + left("err %", 8) + left("raw %", 8)
    ]
    for outcome in outcomes {
      switch outcome {
      case .scored(let r):
        lines.append(
          pad(r.name, 34) + pad(r.activity.rawValue, 9) + left(String(format: "%.1f", r.device), 11)
            + left(String(format: "%.1f", r.strider), 11) + left(signed(r.error), 8)
            + left(signed(r.rawError), 8)
            + (r.unpositioned >= 1
              ? String(
                format: "   (device total less %.0f m counted without a position)", r.unpositioned)
              : "")
            + (r.standing >= 0.005 * r.device
              ? String(format: "   (%.0f m counted at its own zero speed; ", r.standing)
                + "against the rest \(signed(r.movingError)) %)"
              : ""))
      case .skipped(let name, let reason):
        lines.append(pad(name, 34) + "skipped: " + reason)
      }
    }
    if let stats = Statistics(outcomes.compactMap { $0.result.map { abs($0.error) } }) {
      lines.append(
        "\(stats.count) device distances: median |err| \(number(stats.median)) %, worst "
          + "\(number(stats.worst)) % (targets \(number(AccuracyTargets.deviceMedian)) and "
          + "\(number(AccuracyTargets.deviceWorst)) %)")
    }
    return lines.joined(separator: "\n")
  }

  /// The targets held against the overall figures and the GPX and gpsd JSON
  /// subsets: one line each, `ok` or `MISSED`.
  public static func targets(_ subsets: [SubsetFigures]) -> String {
    var lines: [String] = ["targets (issue 13)"]
    for s in subsets
    where s.group == "overall"
      || (s.group == "format"
        && [CorpusFormat.gpx.rawValue, CorpusFormat.gpsdJSON.rawValue].contains(s.name))
    {
      let worst = "  (worst \(number(s.distance.worst)))"
      let checks: [(String, Double, Double, String)] = [
        ("distance median", s.distance.median, AccuracyTargets.distanceMedian, ""),
        ("distance p90", s.distance.p90, AccuracyTargets.distanceP90, ""),
        ("distance p99", s.distance.p99, AccuracyTargets.distanceP99, worst),
        ("moving median", s.moving.median, AccuracyTargets.movingMedian, ""),
      ]
      for (label, value, target, note) in checks {
        lines.append(verdict("\(s.group) \(s.name) \(label)", value, target) + note)
      }
      if let spread = s.spread {
        let over = s.spreads.filter { $0 > AccuracyTargets.formatSpread }.count
        lines.append(
          verdict(
            "\(s.group) \(s.name) format spread p99", spread.p99, AccuracyTargets.formatSpread)
            + "  (worst \(number(spread.worst)); \(over) of \(s.spreads.count) cases over)")
      }
      if let gap = s.speedGap, s.group == "overall" {
        lines.append(
          "  what GPX without speed loses against GPX with it: median \(number(gap.median)) %,"
            + " worst \(number(gap.worst)) %")
      }
      if let gap = s.watchGap, s.group == "overall" {
        lines.append(
          "  what a watch's TCX (speed without course) differs from GPX with speed: median"
            + " \(number(gap.median)) %, p90 \(number(gap.p90)) %, worst \(number(gap.worst)) %")
      }
      if let live = s.live {
        lines.append(
          verdict(
            "\(s.group) \(s.name) live vs finished p99", live.p99,
            AccuracyTargets.liveVsFinished)
            + "  (median \(number(live.median)), p90 \(number(live.p90)), worst"
            + " \(number(live.worst)))")
      }
    }
    lines.append("")
    lines.append(contentsOf: targets48(subsets))
    lines.append("")
    lines.append(contentsOf: toldSplits(subsets))
    return lines.joined(separator: "\n")
  }

  /// Issue 48's targets: plain GPX without Doppler (distance and moving time), the
  /// distance added inside the urban cases' stops, and the worst loop case.
  static func targets48(_ subsets: [SubsetFigures]) -> [String] {
    var lines = ["targets (issue 48)"]
    if let s = subsets.first(where: {
      $0.group == "subset" && $0.name == SubsetFigures.gpxWithoutSpeed
    }) {
      let label = "GPX without speed"
      lines.append(
        verdict(
          "\(label) distance median", s.distance.median, AccuracyTargets.noSpeedDistanceMedian))
      lines.append(
        verdict("\(label) distance p90", s.distance.p90, AccuracyTargets.noSpeedDistanceP90)
          + "  (worst \(number(s.distance.worst)))")
      lines.append(
        verdict("\(label) moving median", s.moving.median, AccuracyTargets.noSpeedMovingMedian))
      lines.append(
        verdict("\(label) moving p90", s.moving.p90, AccuracyTargets.noSpeedMovingP90))
    }
    if let s = subsets.first(where: { $0.group == "stops" && $0.name == "urban" }),
      let inStop = s.inStop
    {
      lines.append(
        verdict("urban in-stop distance median", inStop.median, AccuracyTargets.urbanInStopMedian)
          + "  (p90 \(number(inStop.p90)), worst \(number(inStop.worst)))")
    }
    if let s = subsets.first(where: {
      $0.group == "subset" && $0.name == SubsetFigures.gpxWithoutSpeed + "_urban"
    }), let inStop = s.inStop {
      lines.append(
        "  GPX without speed, urban cases (\(s.cases)): in-stop distance median"
          + " \(number(inStop.median)) %, p90 \(number(inStop.p90)) %, worst"
          + " \(number(inStop.worst)) %")
    }
    let sured = [SubsetFigures.gpxWithoutSpeed, SubsetFigures.withSpeed]
    for s in subsets
    where s.group == "overall" || (s.group == "subset" && sured.contains(s.name)) {
      guard let share = s.withinTwoSigma else { continue }
      let range = AccuracyTargets.withinTwoSigma
      lines.append(
        pad("  \(s.name) distance within two sigma", 44)
          + left(String(format: "%.1f", 100 * share), 8) + " % in "
          + "\(Int(range.lowerBound))-\(Int(range.upperBound)) %  "
          + (range.contains(100 * share) ? "ok" : "MISSED"))
    }
    if let s = subsets.first(where: { $0.group == "loops" && $0.name == "yes" }) {
      lines.append(
        verdict("loop cases distance worst", s.distance.worst, AccuracyTargets.loopWorst)
          + "  (\(s.cases) cases)")
    }
    return lines
  }

  /// Issue 50: how many whole splits were told live more than
  /// `AccuracyTargets.toldSplitTolerance` from the finished time, overall and in the
  /// subsets with and without the Doppler speed, and how the stops announced live compare
  /// with the finished ones.
  static func toldSplits(_ subsets: [SubsetFigures]) -> [String] {
    var lines = ["splits told live (issue 50)"]
    let named = [SubsetFigures.withSpeed, SubsetFigures.gpxWithoutSpeed]
    for s in subsets
    where s.group == "overall" || (s.group == "subset" && named.contains(s.name)) {
      let (count, off, moved) = s.toldSplits
      guard count > 0 else { continue }
      lines.append(
        pad("  \(s.name) more than \(number(AccuracyTargets.toldSplitTolerance)) s off", 44)
          + left(number(100 * Double(off) / Double(count)), 8) + " % of \(count) splits")
      let kept = FinishingReport.toldSplitTolerance.value
      lines.append(
        pad("    moved from the told (more than \(number(kept)) s off)", 44)
          + left(number(100 * Double(moved) / Double(count)), 8) + " %")
      let stops = s.announced
      lines.append(
        "    stops announced live \(stops.pauses), not kept at the finish \(stops.notKept);"
          + " finished stops not announced \(stops.keptNotAnnounced)")
    }
    return lines
  }

  private static func verdict(_ label: String, _ value: Double, _ target: Double) -> String {
    pad("  " + label, 44) + left(number(value), 8) + " % <= " + number(target) + " %  "
      + (value <= target ? "ok" : "MISSED")
  }

  /// A percentage with two decimals.
  public static func number(_ value: Double) -> String { String(format: "%.2f", value) }
  static func signed(_ value: Double) -> String { String(format: "%+.2f", value) }

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text.padding(toLength: width, withPad: " ", startingAt: 0)
  }

  private static func left(_ text: String, _ width: Int) -> String {
    text.count >= width ? " " + text : String(repeating: " ", count: width - text.count) + text
  }
}
