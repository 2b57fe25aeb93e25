import StriderCore
import StriderFormats

/// What reading a whole input gave: the fixes up to the first error, and that error.
struct ReaderOutcome {
  var fixes: [Fix] = []
  var error: FormatError?
  var rendered: [String] = []
  /// The format it was read as, and what the reader said at the end (notes, warnings).
  var report: [String] = []
}

/// The checks every reader target makes, whatever the format.
///
/// A reader must return fixes or a `FormatError` for any bytes, in bounded time and memory;
/// and it must say the same thing however the bytes are cut into chunks, because a file is
/// read in 64 KiB chunks, a gzip stream in inflated pieces, and a token may straddle any of
/// them. Everything `strider analyze` prints of a fix (its time as RFC 3339 text) and of an
/// error (`FILE:LINE:COLUMN: message`) is rendered too, so a value that cannot be printed
/// crashes here and not in front of a user.
enum ReaderCheck {
  /// Stops reading after this many fixes so one input cannot take the whole time budget.
  static let fixLimit = 100_000

  static func read<R: FixReader>(_ reader: inout R) -> ReaderOutcome {
    var outcome = ReaderOutcome()
    do {
      while outcome.fixes.count < fixLimit, let fix = try reader.next() {
        outcome.fixes.append(fix)
        outcome.rendered.append(render(fix))
      }
    } catch {
      outcome.error = error
      outcome.rendered.append(error.description)
      precondition(error.line >= 0 && error.column >= 0, "negative position: \(error)")
      precondition(!error.message.isEmpty, "an error without a message")
    }
    _ = reader.metadata
    outcome.report = [reader.format.rawValue] + reader.notes.map { "\($0)" } + reader.warnings
    return outcome
  }

  /// What a user could see of a fix: its time as text and its numbers.
  static func render(_ fix: Fix) -> String {
    var text = fix.time?.iso8601 ?? "-"
    if let c = fix.coordinate {
      precondition(abs(c.latitude) <= 90 && abs(c.longitude) <= 180, "coordinate \(c) let through")
      text += " \(c.latitude) \(c.longitude)"
    }
    return text
  }

  /// Opens `bytes` as a file named `fileName` the way every command opens files
  /// (`FixFileReader.open`: gzip, UTF-16 refusal, sniffing by the registered readers, then
  /// the extension), whole and in chunks of a size the input picks; traps when the two
  /// openings or readings differ. Returns both readers, read to their end (nil where the
  /// file did not open), for format-specific checks.
  @discardableResult
  static func sameUnderChunking(_ bytes: [UInt8], fileName: String) -> (
    whole: (any FixReader)?, chunked: (any FixReader)?
  ) {
    let file = SourceFile(name: fileName)
    _ = FixFileReader.sniff(prefix: Array(bytes.prefix(FixFileReader.sniffLength)), fileName: "")
    func open(_ chunkSize: Int) -> (reader: (any FixReader)?, outcome: ReaderOutcome) {
      do {
        var reader = try FixFileReader.open(
          source: MemoryByteSource(bytes: bytes, chunkSize: chunkSize), file: file)
        let outcome = read(&reader)
        return (reader, outcome)
      } catch {
        return (nil, ReaderOutcome(error: error, rendered: [error.description]))
      }
    }
    let (whole, reference) = open(Int.max)
    let size = chunkSize(for: bytes)
    let (chunked, other) = open(size)
    compare(reference, other, chunkSize: size)
    return (whole, chunked)
  }

  /// Reads `bytes` whole and in chunks of a size the input picks, and traps when the two
  /// readings differ; returns both readers, read to their end, for format-specific checks.
  @discardableResult
  static func sameUnderChunking<R: FixReader>(
    _ bytes: [UInt8], make: (MemoryByteSource) -> R
  ) -> (whole: R, chunked: R) {
    var whole = make(MemoryByteSource(bytes: bytes))
    let reference = read(&whole)
    let size = chunkSize(for: bytes)
    var chunked = make(MemoryByteSource(bytes: bytes, chunkSize: size))
    let other = read(&chunked)
    compare(reference, other, chunkSize: size)
    return (whole, chunked)
  }

  /// A chunk size of 1 to 13 bytes that the input picks.
  static func chunkSize(for bytes: [UInt8]) -> Int {
    1 + bytes.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF } % 13
  }

  /// Traps when two readings of the same bytes differ in what a user would see.
  static func compare(_ reference: ReaderOutcome, _ other: ReaderOutcome, chunkSize: Int) {
    if reference.fixes != other.fixes {
      precondition(
        "\(reference.fixes)" == "\(other.fixes)", "chunks of \(chunkSize) bytes: other fixes")
    }
    precondition(
      reference.rendered == other.rendered,
      "chunks of \(chunkSize) bytes read differently:\n\(reference.rendered.suffix(3))\n"
        + "\(other.rendered.suffix(3))")
    precondition(
      reference.report == other.report,
      "chunks of \(chunkSize) bytes report differently:\n\(reference.report)\n\(other.report)")
  }
}
