import StriderCore
import StriderSimulator
import Testing

/// What `simulate` asks of the simulator: the faults a list names, a lead-in of standing
/// before the run, and the true path as fixes.
@Suite struct SimulateInputsTests {
  @Test func aListNamesTheFaults() throws {
    #expect(try FaultConfiguration.named("all").get() == .all)
    #expect(try FaultConfiguration.named("none").get() == .none)
    let kinds = SimulatedFault.Kind.allCases.prefix(2)
    let list = kinds.map(\.rawValue).joined(separator: ",")
    #expect(try FaultConfiguration.named(list).get() == .only(Array(kinds)))
    guard case .failure(let unknown) = FaultConfiguration.named("\(list),bogus") else {
      Issue.record("bogus is no fault")
      return
    }
    #expect(unknown.name == "bogus")
    #expect(unknown.description.hasPrefix("unknown fault 'bogus'; known: \(kinds[0].rawValue)"))
  }

  @Test func aLeadInStandsAtTheStartOneFixASecond() {
    let session = Simulator.run(SimulationConfiguration(activity: .run, seed: 3, faults: .none))
    let fixes = session.fixes(standingFirst: 30)
    #expect(fixes.count == session.fixes.count + 30)
    let standing = fixes.prefix(30)
    #expect(standing.allSatisfy { $0.speed == MetersPerSecond(0) && $0.course == nil })
    #expect(standing.first?.time == session.startTime - Seconds(30))
    #expect(standing.last?.time == session.startTime - Seconds(1))
    #expect(Array(fixes.dropFirst(30)) == session.fixes)
    #expect(session.fixes(standingFirst: 0) == session.fixes)
    let truth = session.truth.map(\.fix)
    #expect(truth.count == session.truth.count)
    #expect(truth.first?.coordinate == session.truth.first?.coordinate)
  }
}
