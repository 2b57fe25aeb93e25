import StriderCore
import Testing

@testable import StriderFormats

/// Issue 49 on the path `analyze` takes, in process: a GPX read by `FixFileReader`, its
/// activity guessed from the fixes as they come (`MovementEstimator`, the step that
/// trapped on `<ele>1e18</ele>`), then the engine over every fix.
struct HostileNumberReadingTests {
  static let values = ["1e18", "1e19", "-1e19", "1e300", "NaN", "inf", "-inf"]

  static func walk(elevation value: String) -> String {
    let points = (0..<1800).map { i in
      let minute = i / 60
      let second = i % 60
      return "<trkpt lat=\"\(51.5 + Double(i) * 1.3 / 111_180)\" lon=\"-0.1\">"
        + "<ele>\(i < 60 ? "12.5" : value)</ele><time>2024-05-04T07:"
        + "\(minute < 10 ? "0" : "")\(minute):\(second < 10 ? "0" : "")\(second)Z</time></trkpt>"
    }
    return gpx11(points.joined(separator: "\n"))
  }

  @Test(arguments: values)
  func aHostileElevationGoesThroughTheAnalyzePath(value: String) throws {
    let source = MemoryByteSource(bytes: Array(Self.walk(elevation: value).utf8))
    var reader: any FixReader
    do {
      reader = try FixFileReader.open(source: source, file: SourceFile(name: "walk.gpx"))
    } catch {
      return  // A number the reader refuses is a clean error, which is fine.
    }
    var estimator = MovementEstimator()
    var fixes: [Fix] = []
    do {
      while let fix = try reader.next() {
        estimator.add(fix)
        fixes.append(fix)
      }
    } catch {
      #expect(error.description.contains("walk.gpx"), "a refusal names the file")
      return
    }
    let guess = estimator.guess
    #expect(!guess.reason.isEmpty)
    var pipeline = SessionPipeline(
      configuration: SessionConfiguration(activity: guess.activity))
    for fix in fixes { _ = pipeline.ingest(fix) }
    #expect(pipeline.finish().summary.pointsIn == 1800)
  }
}
