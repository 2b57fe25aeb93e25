/// The names of the figures every JSON output shares, each with its unit in its name
/// (`_m`, `_s`, `_kcal`): one spelling for the summary, the headless events, the exports,
/// the history's reports and the tools, so that a figure reads the same wherever a script
/// meets it.
public enum JSONKey {
  public static let distance = "distance_m"
  public static let moving = "moving_s"
  public static let elapsed = "elapsed_s"
  public static let duration = "duration_s"
  public static let pace = "pace_s_per_km"
  public static let averagePace = "avg_pace_s_per_km"
  public static let speed = "speed_m_s"
  public static let averageSpeed = "avg_speed_m_s"
  public static let elevationGain = "elevation_gain_m"
  public static let calories = "calories_kcal"
  public static let startTime = "start_time"
  public static let endTime = "end_time"
  public static let latitude = "lat"
  public static let longitude = "lon"
}
