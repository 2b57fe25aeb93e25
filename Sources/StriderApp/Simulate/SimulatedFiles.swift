import Foundation
import StriderCore
import StriderFormats
import StriderSimulator

/// What `strider simulate` writes: a simulated session or day in a fix format, its true path
/// as GPX beside it, and a day's story as JSON. Each returns the truth line for stderr.
public enum SimulatedFiles {
  /// One simulated session; `output` nil is standard output.
  public static func session(
    activity: Activity, seed: UInt64, faults: FaultConfiguration, length: Meters?, leadIn: Int,
    format: any FixWriter.Type, plain: Bool, output: String?, truth: String?
  ) throws(OutputError) -> String {
    let session = Simulator.run(
      SimulationConfiguration(
        activity: activity, seed: seed, faults: faults, routeLength: length))
    let metadata = TrackMetadata(
      name: "Strider simulated \(activity.rawValue), seed \(seed)", typeText: activity.rawValue,
      declaredActivity: activity, creator: "strider simulate")
    try write(
      session.fixes(standingFirst: leadIn), metadata: metadata, format: format, plain: plain,
      to: output)
    if let truth {
      try write(session.truth.map(\.fix), metadata: metadata, format: GPXWriter.self, to: truth)
    }
    return String(
      format: "truth: distance_m %.2f moving_s %.1f elapsed_s %.1f fixes %d faults %d",
      session.truthDistance.value, session.truthMovingTime.value, session.truthElapsed.value,
      session.fixes.count, session.injected.count)
  }

  /// A simulated day, its true path and its story.
  public static func day(
    seed: UInt64, compressed: Bool, outage: SimulatedDayConfiguration.Outage?,
    format: any FixWriter.Type, plain: Bool, output: String?, truth: String?, story: String?
  ) throws(OutputError) -> String {
    let simulated = SimulatedDay(
      configuration: SimulatedDayConfiguration(
        seed: seed, compressed: compressed, outage: outage))
    let metadata = TrackMetadata(
      name: "Strider simulated day, seed \(seed)", creator: "strider simulate --day")
    try write(simulated.fixes, metadata: metadata, format: format, plain: plain, to: output)
    if let truth {
      try write(
        simulated.truth.map(\.fix), metadata: metadata, format: GPXWriter.self, to: truth)
    }
    if let story {
      try AtomicFile.write(to: story, private: false) {
        $0.write(simulated.story.json.serialized + "\n")
      }
    }
    let distance = simulated.story.moves.reduce(0) { $0 + $1.distance.value }
    return String(
      format: "truth: places %d moves %d distance_m %.1f fixes %d",
      simulated.story.places.count, simulated.story.moves.count, distance,
      simulated.fixes.count)
  }

  private static func write(
    _ fixes: [Fix], metadata: TrackMetadata, format: any FixWriter.Type, plain: Bool = false,
    to path: String?
  ) throws(OutputError) {
    var text = ""
    format.write(fixes, metadata: metadata, plain: plain, to: &text)
    if let path {
      try AtomicFile.write(to: path, private: false) { $0.write(text) }
    } else {
      try Output.standard(text)
    }
  }
}
