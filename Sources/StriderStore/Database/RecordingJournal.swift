import Foundation
import StriderCore

/// The fixes of a live recording that could not be committed yet (another process held the
/// database's write lock), kept in an append-only file beside the database until they are.
///
/// The file exists only while something is uncommitted: it is created 0600 and never
/// through a symbolic link, each append is fsynced, and it is removed after the commit
/// that holds its fixes. After a crash the next Strider to open the store finds it and
/// commits what it holds (`SessionStore.replayJournals`). One line a fix, tab-separated,
/// numbers in Swift's round-tripping spelling (`inf` and `nan` included); a last line cut
/// short by a crash is ignored.
final class RecordingJournal {
  let path: String
  private var descriptor: Int32 = -1

  /// The journal's name for a session: `strider.sqlite-pending-ID`.
  static func path(database: String, session: Int64) -> String {
    database + prefixSuffix + "\(session)"
  }

  static let prefixSuffix = "-pending-"

  init(database: String, session: Int64) {
    path = Self.path(database: database, session: session)
  }

  deinit { if descriptor >= 0 { close(descriptor) } }

  /// Appends fixes with their sequence numbers and forces them to the disk.
  func append(_ fixes: some Sequence<(seq: Int, fix: Fix)>, owner: ProcessIdentity)
    throws(StoreError)
  {
    if descriptor < 0 { try create(owner: owner) }
    var text = ""
    for (seq, fix) in fixes { text += Self.line(seq: seq, fix: fix) }
    try write(text)
    guard fsync(descriptor) == 0 else { throw failure("fsync") }
  }

  /// Removes the file once its fixes are committed.
  func discard() {
    guard descriptor >= 0 else { return }
    close(descriptor)
    descriptor = -1
    unlink(path)
  }

  private func create(owner: ProcessIdentity) throws(StoreError) {
    let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw failure("open") }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      close(fd)
      throw StoreError.cannotOpen(path: path, reason: "the recording journal is not a file")
    }
    descriptor = fd
    try write("\(Self.magic) pid=\(owner.pid) start=\(owner.startTicks.map(String.init) ?? "-")\n")
  }

  private func write(_ text: String) throws(StoreError) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        Foundation.write(
          descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw failure("write")
      }
      offset += written
    }
  }

  private func failure(_ call: String) -> StoreError {
    if errno == ENOSPC { return .diskFull(path: path) }
    return .cannotOpen(
      path: path, reason: "recording journal: \(call): \(String(cString: strerror(errno)))")
  }

  static let magic = "strider-journal-1"

  // MARK: Lines

  static func line(seq: Int, fix: Fix) -> String {
    func d(_ value: Double?) -> String { value.map { "\($0)" } ?? "" }
    func i(_ value: Int?) -> String { value.map { "\($0)" } ?? "" }
    let fields = [
      "\(seq)", d(fix.time?.secondsSince1970), d(fix.coordinate?.latitude),
      d(fix.coordinate?.longitude), d(fix.altitude?.value), d(fix.horizontalAccuracy?.value),
      d(fix.verticalAccuracy?.value), d(fix.speed?.value), d(fix.course?.value),
      fix.mode.rawValue, fix.provider.rawValue, i(fix.satellites), d(fix.hdop),
      d(fix.heartRate?.value), d(fix.cadence?.value), d(fix.deviceDistance?.value),
      "\(fix.segment)", "\(fix.origin.index)", i(fix.origin.line),
    ]
    return fields.joined(separator: "\t") + "\n"
  }

  /// A fix line read back; nil for a line cut short or not written by `line`.
  static func parse(_ line: Substring) -> (seq: Int, fix: Fix)? {
    let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    guard f.count == 19, let seq = Int(f[0]), let mode = FixMode(rawValue: f[9]),
      let provider = PositionProvider(rawValue: f[10]), let segment = Int(f[16]),
      let index = Int(f[17])
    else { return nil }
    func d(_ k: Int) -> Double? { Double(f[k]) }
    let coordinate = d(2).flatMap { lat in d(3).map { Coordinate(latitude: lat, longitude: $0) } }
    let fix = Fix(
      time: d(1).map(GNSSTime.init(secondsSince1970:)), coordinate: coordinate,
      altitude: d(4).map(Meters.init), horizontalAccuracy: d(5).map(Meters.init),
      verticalAccuracy: d(6).map(Meters.init), speed: d(7).map(MetersPerSecond.init),
      course: d(8).map(Degrees.init), mode: mode, provider: provider, satellites: Int(f[11]),
      hdop: d(12), heartRate: d(13).map(BeatsPerMinute.init),
      cadence: d(14).map(RevolutionsPerMinute.init), deviceDistance: d(15).map(Meters.init),
      segment: segment, origin: FixOrigin(index: index, line: Int(f[18])))
    return (seq, fix)
  }

  /// What a journal file holds: its owner and its complete fix lines.
  static func read(_ path: String) -> (owner: ProcessIdentity, fixes: [(seq: Int, fix: Fix)])? {
    let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    guard let data = try? handle.readToEnd(), let text = String(data: data, encoding: .utf8)
    else { return nil }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    // The last element is what follows the last newline: empty, or a line cut short.
    lines.removeLast()
    guard let header = lines.first, header.hasPrefix(magic) else { return nil }
    var pid: Int32 = 0
    var start: Int64?
    for field in header.split(separator: " ").dropFirst() {
      let pair = field.split(separator: "=", maxSplits: 1)
      guard pair.count == 2 else { continue }
      if pair[0] == "pid" { pid = Int32(pair[1]) ?? 0 }
      if pair[0] == "start" { start = Int64(pair[1]) }
    }
    return (ProcessIdentity(pid: pid, startTicks: start), lines.dropFirst().compactMap(parse))
  }
}
