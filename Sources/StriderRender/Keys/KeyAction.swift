import StriderCore
import StriderSimulator

/// What a key press asks for; the event loop carries it out.
public enum KeyAction: Sendable, Hashable {
  case quit
  case toggleHelp
  /// Pause or resume the session (or the replay).
  case togglePause
  /// Close a lap on the fix clock (and a workout's open step).
  case lap
  case faster
  case slower
  case seekBackward
  case seekForward
  /// Switch the map between ASCII lines and braille.
  case toggleMapDrawing
  case toggleThickLine
  case toggleFollow
  case zoomIn
  case zoomOut
  case pan(MapViewport.PanDirection)
  /// Back to the whole route fitted to the panel.
  case resetView
  /// Swap the map for the GPS panel (satellites, DOPs) and back; live sessions only.
  case toggleGPSPanel
  /// The profiles (elevation, pace, heart rate) in the map's place, one a press.
  case nextProfile
  /// Filter lab: turn one gate check on or off.
  case toggleCheck(RejectionReason)
  case toggleSmoother
  case toggleAutoPause
  /// Filter lab: inject a fault into the simulated stream now.
  case inject(SimulatedFault.Kind)
  /// Open the history screen over the dashboard, once its session has ended.
  case openHistory
}
