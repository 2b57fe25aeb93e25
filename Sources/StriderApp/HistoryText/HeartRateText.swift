import Foundation
import StriderCore
import StriderRender
import StriderStore

/// The heart-rate zones in force and how `sessions show` and `stats` write them.
public enum HeartRateText {
  /// The zones and where their maximum came from.
  public struct Profile: Sendable {
    public var zones: HeartRateZones
    /// "profile" (config.toml) or "highest_last_year".
    public var source: String

    /// "max HR 186 (profile)", "max HR 186 (highest in the last year)".
    public var label: String {
      "max HR \(Int(saturating: zones.maximum.value.rounded())) "
        + (source == "profile" ? "(profile.max_heart_rate)" : "(highest in the last year)")
    }
  }

  /// The line shown where zones would be when no maximum heart rate is known.
  public static let hint =
    "no maximum heart rate: set profile.max_heart_rate in config.toml (see `strider config`); "
    + "no session of the last year has a heart rate"

  /// The zones of the profile's maximum heart rate, else of the highest heart rate held in
  /// the sessions of the year before `now`; nil when neither is known.
  public static func profile(_ store: SessionStore, settings: UserSettings, now: Date) throws
    -> Profile?
  {
    let percents = settings.heartRateZones
    if let max = settings.maxHeartRate {
      return HeartRateZones(maximum: BeatsPerMinute(max), percents: percents).map {
        Profile(zones: $0, source: "profile")
      }
    }
    let yearAgo = GNSSTime(secondsSince1970: now.timeIntervalSince1970 - 365 * 86_400)
    let highest = try store.highestHeartRate(from: yearAgo)
    return highest.flatMap { HeartRateZones(maximum: $0, percents: percents) }.map {
      Profile(zones: $0, source: "highest_last_year")
    }
  }

  /// The zones block of `sessions show`: each zone's range, time and share of the time
  /// with a heart rate.
  public static func block(_ time: ZoneTime, _ profile: Profile) -> String {
    let ranges = profile.zones.ranges()
    let percents = time.percentages
    var rows: [[String]] = (0..<HeartRateZones.count).map { k in
      [
        "  zone \(k + 1)", "\(Int(saturating: profile.zones.percents[k].rounded()))%",
        ranges[k] + " bpm",
        DisplayFormat.clock(time.zones[k]), "\(Int(saturating: percents[k].rounded())) %",
      ]
    }
    if time.below.value > 0 {
      rows.append([
        "  below", "", "", DisplayFormat.clock(time.below),
        "\(Int(saturating: (100 * time.below.value / max(time.total.value, 1)).rounded())) %",
      ])
    }
    return "heart-rate zones (\(profile.label))\n" + HistoryText.columns(rows)
  }
}
