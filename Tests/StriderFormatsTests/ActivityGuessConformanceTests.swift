import Foundation
import StriderCore
import StriderFormats
import StriderTestSupport
import Testing

/// The activity guess on every real recording of the shared data, ignoring what the file
/// declares: what each file is (the data's README, the TCX `Sport`, the FIT sessions' sport
/// in `reference-fit.json`), and what the guess makes of it.
@Suite("Activity guess on real files")
struct ActivityGuessConformanceTests {
  /// What a file is, for the guess.
  enum Expected {
    /// It is this, and the guess must say so.
    case activity(Activity, String)
    /// Too little timed movement (or none at all): the guess must say it cannot tell.
    case undecided(String)
    /// Nobody says what it is: the guess is pinned so that a change is seen.
    case pinned(Activity, String)
    /// It is this, but its movement says otherwise: the guess misses, as a known issue.
    case missed(Activity, String)
  }

  static let expected: [String: Expected] = [
    "gpx/gb-cetus.gpx": .activity(.drive, "a car at 45 km/h"),
    "gpx/gb-edge800.gpx": .activity(.ride, "Garmin Edge 800 ride"),
    "gpx/gb-fr10.gpx": .activity(.ride, "25 km/h; the watch was set to running"),
    "gpx/gb-gdb.gpx": .activity(.drive, "car trips"),
    "gpx/gb-m241.gpx": .activity(.ride, "10.5 km in 30 min, hilly: slow climbs, fast descents"),
    "gpx/gb-mainnav.gpx": .pinned(.ride, "a 3 h logger trip at a 19 km/h moving median"),
    "gpx/gb-skyreal.gpx": .pinned(.run, "two logger recordings at an 8 km/h moving median"),
    "gpx/gb-vitovtt.gpx": .missed(
      .ride,
      "a mountain-bike app at 6 km/h with 875 m of altitude noise: a hike by its movement"),
    "gpx/gb-wahoo.gpx": .activity(.ride, "Wahoo Elemnt Bolt ride at 16 km/h"),
    "gpx/gc-gpsvis.gpx": .activity(.ride, "40.7 km ride"),
    "gpx/gc-move0117.gpx": .activity(.run, "15.6 km at 12 km/h"),
    "gpx/gc-urban.gpx": .activity(.ride, "Urban Biker ride"),
    "gpx/px-cerknica.gpx": .activity(.walk, "a walk around a lake, with drives between"),
    "gpx/px-korita.gpx": .activity(.hike, "a Garmin hike in Slovenia"),
    "gpx/px-visnjan.gpx": .activity(.drive, "a car drive (its fastest tenth at 83 km/h)"),
    "tcx/gb-bike.tcx": .activity(.ride, "Sport Biking"),
    "tcx/gb-laps.tcx": .activity(.run, "Sport Running"),
    "tcx/gc-10k.tcx": .activity(.run, "a 10 km race at 16 km/h"),
    "tcx/gc-20081228.tcx": .activity(.ride, "Sport Biking, 161 km"),
    "tcx/gc-20090109.tcx": .missed(
      .ride, "an indoor ride whose 61 positions, a minute apart, move at walking speed"),
    "tcx/gc-20090919.tcx": .activity(.ride, "Sport Biking"),
    "tcx/gc-multi.tcx": .activity(.run, "multisport; only the running legs have positions"),
    "tcx/tp-run.tcx": .activity(.run, "Sport Running"),
    "fit/fp-2013-02-06-12-11-14.fit": .activity(.run, "running, with walk breaks"),
    "fit/fp-2015-10-13-08-43-15.fit": .activity(.ride, "cycling"),
    "fit/fp-Activity.fit": .undecided("14 records over 14 s"),
    "fit/fp-DeveloperData.fit": .undecided("no positions"),
    "fit/fp-Edge810-Vector-2013-08-16-15-35-10.fit": .activity(.ride, "cycling"),
    "fit/fp-MonitoringFile.fit": .undecided("not an activity"),
    "fit/fp-Settings.fit": .undecided("not an activity"),
    "fit/fp-WeightScaleSingleUser.fit": .undecided("not an activity"),
    "fit/fp-WorkoutIndividualSteps.fit": .undecided("not an activity"),
    "fit/fp-activity-filecrc.fit": .undecided("14 records over 14 s"),
    "fit/fp-activity-settings-corruptheader.fit": .undecided("refused: a corrupt header"),
    "fit/fp-activity-small-fenix2-run.fit": .activity(.run, "running"),
    "fit/fp-activity-unexpected-eof.fit": .undecided("14 records over 14 s"),
    "fit/fp-antfs-dump.63.fit": .undecided("running without positions"),
    "fit/fp-compressed-speed-distance.fit": .undecided("running without positions"),
    "fit/fp-developer-types-sample.fit": .missed(
      .run, "running at 7.0 km/h, steady: as fast as a brisk walk, and speed is all it has"),
    "fit/fp-event_timestamp.fit": .undecided("a pool swim: no positions"),
    "fit/fp-garmin-edge-500-activity.fit": .activity(.ride, "cycling"),
    "fit/fp-garmin-fenix-5-bike.fit": .activity(.ride, "cycling, one minute"),
    "fit/fp-garmin-fenix-5-walk.fit": .activity(.walk, "walking, 45 s"),
    "fit/fp-nametest.FIT": .undecided("not an activity"),
    "fit/fp-sample-activity-indoor-trainer.fit": .undecided("an indoor ride: no positions"),
    "fit/fp-sample-activity.fit": .activity(.ride, "cycling"),
    "fit/fp-sample_mulitple_header.fit": .activity(
      .ride, "a triathlon, the ride its longest part (its legs are tested one by one)"),
    "fit/fp-strava-android-app-201.10-b1218918.fit": .activity(.run, "running"),
    "fit/gb-edge800.fit": .activity(.ride, "cycling"),
    "fit/gb-fitsample.fit": .activity(.run, "running"),
    "fit/gb-fr10.fit": .activity(.ride, "25 km/h; the watch was set to running"),
    "fit/gb-wahoo.fit": .activity(.ride, "cycling"),
    "nmea/gb-nmea.nmea": .undecided("almost stationary"),
    "nmea/haicom-305N.log": .activity(.walk, "walking at 1.2 m/s"),
  ]

  /// The gpsd receiver captures: a minute or two each, stationary or nearly so, or without
  /// a fix at all (the boat, the car and the walk in them move for under a minute).
  static let shortCaptures = [
    "bt451", "ch-4711", "com-1289", "eXplorist110", "et-332", "firefly-II", "garmin-10x",
    "gp320-coldboot", "hemi", "hp58534a", "humminbird-M37", "iTrek", "isync",
    "meinberg-gps164", "motorola-t805", "mr-350p", "mt3339", "mtk-3301", "nmea-fuzzy-cases",
    "nmea-rtk", "polarx2", "quectel-eg25-g", "sirfstarv-nmea", "skytraq-dgps", "telit-he910",
    "tomtom-mkII", "triton400",
  ]

  static var allExpected: [String: Expected] {
    var all = expected
    for name in shortCaptures {
      all["nmea/\(name).log"] = .undecided("a short gpsd capture")
    }
    return all
  }

  /// The fixes of a file up to its end or its first error, as `analyze` reads them.
  static func fixes(_ url: URL) -> (fixes: [Fix], reader: (any FixReader)?) {
    guard var reader = try? FixFileReader.open(path: url.path) else { return ([], nil) }
    var fixes: [Fix] = []
    while let fix = try? reader.next() { fixes.append(fix) }
    return (fixes, reader)
  }

  /// Every recording in the data folder, by folder and name.
  static func recordings() -> [String] {
    var names: [String] = []
    for (folder, extensions) in [
      ("gpx", ["gpx"]), ("tcx", ["tcx"]), ("fit", ["fit", "FIT"]), ("nmea", ["log", "nmea"]),
    ] {
      for ext in extensions {
        names += SharedData.files(in: folder, withExtension: ext).map {
          folder + "/" + $0.lastPathComponent
        }
      }
    }
    return names.sorted()
  }

  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func everyRecordingIsListed() {
    let listed = Set(Self.allExpected.keys)
    let found = Set(Self.recordings())
    #expect(found.subtracting(listed).isEmpty, "recordings without an expected activity")
    #expect(listed.subtracting(found).isEmpty, "listed recordings not in the data folder")
  }

  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func theGuessSaysWhatEachRecordingIs() throws {
    let directory = try #require(SharedData.directory)
    for name in Self.recordings() {
      guard let expected = Self.allExpected[name] else { continue }
      let guess = ActivityGuess.guess(
        ActivityGuess.statistics(of: Self.fixes(directory.appendingPathComponent(name)).fixes))
      let said = "\(name): guessed \(guess.activity.rawValue); \(guess.reason)"
      switch expected {
      case .activity(let activity, let what), .pinned(let activity, let what):
        #expect(guess.isDecided && guess.activity == activity, "\(what). \(said)")
      case .undecided(let what):
        #expect(!guess.isDecided && guess.activity == .run, "\(what). \(said)")
        #expect(guess.reason.contains("too little timed movement"), "\(said)")
      case .missed(let activity, let what):
        #expect(guess.isDecided, "\(said)")
        withKnownIssue("\(what). \(said)") {
          #expect(guess.activity == activity)
        }
      }
    }
  }

  /// A triathlon's parts, each guessed on its own fixes: the open-water swim (33 minutes,
  /// a position a minute), the ride and the run. The transitions are too short to tell.
  @Test(.enabled(if: SharedData.isPresent, SharedData.absent))
  func eachPartOfATriathlonIsGuessedOnItsOwn() throws {
    let url = try #require(SharedData.file("fit/fp-sample_mulitple_header.fit"))
    let (fixes, reader) = Self.fixes(url)
    let legs = try #require(reader?.deviceTotals?.legs)
    #expect(legs.map(\.sport) == ["swimming", "transition", "cycling", "transition", "running"])
    let starts = legs.compactMap(\.start)
    try #require(starts.count == legs.count)
    var parts = Array(repeating: [Fix](), count: legs.count)
    for fix in fixes {
      guard let time = fix.time else { continue }
      let index = starts.lastIndex(where: { $0 <= time }) ?? 0
      parts[index].append(fix)
    }
    let guessed = parts.map { ActivityGuess.guess(ActivityGuess.statistics(of: $0)) }
    #expect(guessed[0].activity == .swim, "\(guessed[0].reason)")
    #expect(guessed[2].activity == .ride, "\(guessed[2].reason)")
    #expect(guessed[4].activity == .run, "\(guessed[4].reason)")
    // The device's own sports name the same activities.
    #expect(legs.map(\.activity) == [.swim, nil, .ride, nil, .run])
  }
}
