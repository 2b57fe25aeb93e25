import StriderCore

extension NMEAReader {
  /// What the log held besides the fixes, for `analyze`'s report: every line accounted for.
  public var notes: [JSONMember] {
    let s = statistics
    return [
      JSONMember("lines", .int(s.lines)), JSONMember("sentences_used", .int(s.used)),
      JSONMember("bad_checksum", .int(s.badChecksum)),
      JSONMember("missing_checksum", .int(s.missingChecksum)),
      JSONMember("malformed", .int(s.malformed)),
      JSONMember("ignored_types", .int(s.ignoredTypes)),
      JSONMember("garbage_lines", .int(s.garbageLines)),
      JSONMember("week_rollovers", .int(s.weekRollovers)),
      JSONMember("dated_backwards", .int(s.datedBackwards)),
      JSONMember("dated_from_file_time", .int(s.datedFromFileTime)),
      JSONMember("undated", .int(s.undated)),
    ]
  }

  /// How the log's fixes were dated where it did not say: backwards from a later date, from
  /// the file's modification time, or not at all. Each changes what the times mean.
  public var warnings: [String] {
    let s = statistics
    var out: [String] = []
    if s.datedBackwards > 0 {
      out.append(
        "the first \(s.datedBackwards) fixes have no date in the log; "
          + "dated backwards from a later RMC or ZDA sentence")
    }
    if s.datedFromFileTime > 0 {
      let day = fileDate.map { String($0.iso8601.prefix(10)) } ?? "?"
      out.append(
        "no RMC or ZDA date in the log; \(s.datedFromFileTime) fixes dated from the "
          + "file's modification time (\(day))")
    }
    if s.undated > 0 {
      out.append("no date in the log or from the file: \(s.undated) fixes have no time")
    }
    return out
  }
}

extension FileFormat {
  /// NMEA 0183 sentence logs.
  public static let nmea = FileFormat(rawValue: "nmea")
}
