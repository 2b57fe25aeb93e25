import ArgumentParser

/// Options of the terminal dashboard (demo, replay, run without `--headless`).
struct DisplayOptions: ParsableArguments {
  @Flag(help: "Also speak the cues through espeak-ng, when it is installed.")
  var speak = false

  @Flag(help: "Draw with ASCII characters only, whatever the locale says.")
  var ascii = false
}
