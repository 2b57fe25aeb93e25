import Foundation
import StriderApp
import StriderCore
import StriderSimulator
import Testing

/// `lab policies --story FILE` reads the truth `simulate --day --story FILE` writes; what is
/// not a story is refused with the reason.
@Suite struct LabStoryTests {
  @Test func theStorySimulateWritesIsReadBack() throws {
    let day = SimulatedDay(configuration: SimulatedDayConfiguration(compressed: true))
    let truth = try LabStory.parse(Data(day.story.json.serialized.utf8))
    #expect(truth.places.count == day.story.places.count)
    #expect(truth.moves.count == day.story.moves.count)
    for (span, move) in zip(truth.moves, day.story.moves) {
      #expect(abs((span.start - move.start).value) < 1)
      #expect(abs((span.distance?.value ?? -1) - move.distance.value) < 1)
    }
  }

  @Test(arguments: [
    ("[]", "not a JSON object"),
    (#"{"places": []}"#, #"no "places" and "moves" arrays"#),
    (#"{"places": [{"lat": 1, "lon": 2}], "moves": []}"#, "places[0] has no start and end"),
    (
      #"{"places": [{"lat": 91, "lon": 2, "start": "2024-05-06T07:00:00Z", "end": "2024-05-06T08:00:00Z"}], "moves": []}"#,
      "places[0] has no valid lat and lon"
    ),
  ])
  func whatIsNotAStoryIsRefusedWithTheReason(text: String, reason: String) {
    #expect {
      try LabStory.parse(Data(text.utf8))
    } throws: { error in
      (error as? LabStory.StoryError)?.reason.hasPrefix(reason) ?? false
    }
  }
}
