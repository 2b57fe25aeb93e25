import Foundation
import StriderTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 54: long work says how far it has gone when standard error is a terminal (a
/// 118 MB import printed nothing for 16 s), and nothing when it is not, or with `--quiet`.
@Suite(.serialized, .offCooperativePool) struct ProgressLineTmuxTests {
  /// A GPX run of `count` points a second apart, one line a point.
  static func longRun(points count: Int) throws -> URL {
    let file = try StriderBinary.temporaryDirectory().appendingPathComponent("long.gpx")
    var text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
      <trk><type>running</type><trkseg>

      """
    let start = 1_700_000_000
    let formatter = ISO8601DateFormatter()
    for i in 0..<count {
      // 3 m/s north-east on a slow curve, so the track moves as a run does.
      let angle = Double(i) / 2000
      let latitude = 48.2 + 0.02 * sin(angle)
      let longitude = 16.37 + 0.03 * (1 - cos(angle))
      let time = formatter.string(from: Date(timeIntervalSince1970: Double(start + i)))
      text += String(
        format: "<trkpt lat=\"%.7f\" lon=\"%.7f\"><time>%@</time></trkpt>\n", latitude,
        longitude, time)
    }
    text += "</trkseg></trk></gpx>\n"
    try text.write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  @Test(.enabled(if: TmuxSession.executable != nil, "needs tmux"))
  func importShowsHowFarItHasGoneOnATerminalOnly() throws {
    let file = try Self.longRun(points: 150_000)
    let strider = StriderBinary.url.path
    let home = try StriderBinary.temporaryDirectory().path
    let tmux = try TmuxSession(
      "STRIDER_HOME='\(home)' '\(strider)' sessions import '\(file.path)'; echo EXIT=$?;"
        + " sleep 120", columns: 150, rows: 20)
    defer { tmux.kill() }
    let line = tmux.waitFor("the progress line", timeout: 60) {
      $0.contains("importing long.gpx: ") && $0.contains(" points, ") && $0.contains("MB/s")
    }
    #expect(line?.contains(" MB (") ?? false, "the file's size and the share read")
    let done = tmux.waitFor("the import's result", timeout: 180) { $0.contains("EXIT=0") }
    #expect(done?.contains("long.gpx: session 1, run, 150000 fixes") ?? false, "\(done ?? "")")
    #expect(!(done?.contains("importing long.gpx: ") ?? true), "the line is erased at the end")

    // Piped, the same import prints its result alone.
    let piped = try StriderBinary.run(
      ["sessions", "import", file.path],
      environment: ["STRIDER_HOME": try StriderBinary.temporaryDirectory().path])
    #expect(piped.status == 0, "\(piped.stderr)")
    #expect(piped.stdout.contains("session 1, run, 150000 fixes"))
    #expect(!piped.stderr.contains("importing"), "\(piped.stderr)")
  }

  /// On a terminal 24 columns wide the line is cut to 23, never wrapped: a wrapped line
  /// cannot be redrawn in place, and each redraw would leave a row of it behind.
  @Test(.enabled(if: TmuxSession.executable != nil, "needs tmux"))
  func aNarrowTerminalGetsTheLineCutNotWrapped() throws {
    let file = try Self.longRun(points: 150_000)
    let home = try StriderBinary.temporaryDirectory().path
    let tmux = try TmuxSession(
      "STRIDER_HOME='\(home)' '\(StriderBinary.url.path)' sessions import '\(file.path)'"
        + " > /dev/null; echo EXIT=$?; sleep 120", columns: 24, rows: 8)
    defer { tmux.kill() }
    let shown = tmux.waitFor("the cut line", timeout: 60) { $0.contains("importing long.gpx") }
    let rows = (shown ?? "").split(separator: "\n")
    let line = rows.filter { $0.contains("importing") }
    #expect(line.count == 1 && line.allSatisfy { $0.count <= 23 }, "\(rows)")
    #expect(!rows.contains { $0.contains("points,") || $0.contains("MB/s") }, "\(rows)")
    let done = tmux.waitFor("the import's end", timeout: 180) { $0.contains("EXIT=0") }
    #expect(!(done?.contains("importing") ?? true), "erased: \(done ?? "")")
  }

  /// A terminal one column wide has no room for any of it: nothing is drawn (the whole
  /// line was written, one character a row).
  @Test(.enabled(if: TmuxSession.executable != nil, "needs tmux"))
  func aOneColumnTerminalGetsNothing() throws {
    let file = try Self.longRun(points: 150_000)
    let home = try StriderBinary.temporaryDirectory()
    #expect(chmod(home.path, 0o700) == 0, "no warning about the folder to wrap either")
    let tmux = try TmuxSession(
      "STRIDER_HOME='\(home.path)' '\(StriderBinary.url.path)' sessions import"
        + " '\(file.path)' > /dev/null; sleep 120", columns: 1, rows: 30)
    defer { tmux.kill() }
    // The line would appear after a second; the import takes several.
    let deadline = Date().addingTimeInterval(4)
    var drawn = ""
    while Date() < deadline, drawn.isEmpty {
      drawn = tmux.capture().filter { !$0.isWhitespace }
      Thread.sleep(forTimeInterval: 0.1)
    }
    #expect(drawn.isEmpty, "\(drawn)")
  }

  /// `--quiet` keeps a terminal's standard error free of it too.
  @Test(.enabled(if: TmuxSession.executable != nil, "needs tmux"))
  func quietShowsNoLine() throws {
    let file = try Self.longRun(points: 150_000)
    let tmux = try TmuxSession(
      "'\(StriderBinary.url.path)' analyze --quiet '\(file.path)'; echo EXIT=$?; sleep 120",
      columns: 150, rows: 30)
    defer { tmux.kill() }
    var shown = false
    let deadline = Date().addingTimeInterval(120)
    while Date() < deadline {
      let pane = tmux.capture()
      if pane.contains("analysing long.gpx") { shown = true }
      if pane.contains("EXIT=") { break }
      Thread.sleep(forTimeInterval: 0.1)
    }
    #expect(!shown)
    #expect(tmux.capture().contains("EXIT=0"))
  }
}
