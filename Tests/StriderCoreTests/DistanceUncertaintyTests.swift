import Foundation
import StriderSimulator
import Testing

@testable import StriderCore

/// The finished distance's σ (issue 48: "5.98 km ± 0.04").
@Suite struct DistanceUncertaintyTests {
  let noise = NoiseModel(
    whiteSigma: 3, accuracyTrust: 0.5, driftSigma: 4, driftTime: 60, processNoise: 0.5,
    dopplerSigma: 0.3)

  @Test func aStepIsKnownAsWellAsTheFixesThatBoundIt() {
    var u = DistanceUncertainty()
    // A minute between fixes: the velocity known to 2 m/s would say 120 m.
    u.add(length: 100, duration: 60, sigma: 2, noise: noise)
    let ends = 2 * 9 + 2 * 16 * (1 - exp(-1.0))
    #expect(abs(u.stepVariance - ends) < 1e-9)
    #expect(abs(u.noiseLength - (100 - (10_000 - ends).squareRoot())) < 1e-9)
    // A second between fixes: the velocity's own σ is the smaller.
    var v = DistanceUncertainty()
    v.add(length: 3, duration: 1, sigma: 0.2, noise: noise)
    #expect(abs(v.stepVariance - 0.04) < 1e-12)
  }

  @Test func aStepTheNoiseCanExplainIsAllNoise() {
    var u = DistanceUncertainty()
    u.add(length: 0.5, duration: 1, sigma: 1, noise: nil)
    #expect(u.noiseLength == 0.5)
    var fast = DistanceUncertainty()
    fast.add(length: 3, duration: 1, sigma: 0.1, noise: nil)
    // d − √(d² − s²) ≈ s²/2d for a step well clear of its noise.
    #expect(abs(fast.noiseLength - 0.01 / 6) < 1e-5)
  }

  @Test func aCleanTrackIsKnownToTheShareTheModelDoesNotKnow() {
    var u = DistanceUncertainty()
    for _ in 0..<1000 { u.add(length: 3, duration: 1, sigma: 0.001, noise: noise) }
    #expect(abs(u.distance - 3000) < 1e-6)
    #expect(abs(u.sigma - DistanceUncertainty.unknownShare * 3000) < 0.01)
    // What has no σ still counts its length, and nothing that is not a number does.
    u.add(length: 3, duration: 1, sigma: .nan, noise: noise)
    u.add(length: .nan, duration: 1, sigma: 1, noise: noise)
    #expect(abs(u.distance - 3003) < 1e-6)
  }

  @Test func aNoisierReceiverIsLessSureOfTheSameWalk() throws {
    // Positions only, as a phone's GPX: the smoother reads the velocity from them.
    func summary(white: Double) -> SessionSummary {
      var errors = ErrorModel.realistic
      errors.whiteSigma = Meters(white)
      let session = Simulator.run(
        SimulationConfiguration(activity: .walk, seed: 2, errorModel: errors))
      var engine = SessionPipeline(configuration: SessionConfiguration(activity: .walk))
      for var fix in session.fixes {
        fix.speed = nil
        fix.course = nil
        _ = engine.ingest(fix)
      }
      return engine.finish().summary
    }
    let quiet = try #require(summary(white: 1).distanceSigma)
    let loud = try #require(summary(white: 12).distanceSigma)
    #expect(quiet.value > 0)
    #expect(loud.value > 1.5 * quiet.value, "\(quiet.value) m against \(loud.value) m")
    // A raw session has none, and the JSON says so.
    var raw = SessionPipeline(configuration: .raw(activity: .walk))
    for fix in Simulator.run(SimulationConfiguration(activity: .walk, seed: 2)).fixes {
      _ = raw.ingest(fix)
    }
    let rawSummary = raw.finish().summary
    #expect(rawSummary.distanceSigma == nil)
    let member = rawSummary.jsonMembers(live: true).first { $0.key == "distance_sigma_m" }
    #expect(member?.value == JSONValue.null)
  }
}
