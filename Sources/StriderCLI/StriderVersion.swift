/// The version of Strider: the one place it is written. `strider --version` prints it, and
/// a release changes only this line (and tags the commit `v` + this).
enum StriderVersion {
  static let current = "0.9.0"
}
