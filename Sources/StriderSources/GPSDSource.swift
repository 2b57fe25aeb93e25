import StriderCore
import StriderFormats

#if canImport(Glibc)
  import Glibc
#endif

/// The live source: a gpsd daemon, watched over its JSON protocol (gpsd_json(5)).
///
/// Connects, sends `?WATCH={"enable":true,"json":true}`, and turns the TPV reports of each
/// receiver epoch into one fix (`TPVEpochMerger`). When gpsd goes away it reconnects with a growing delay (0.5 s doubling to 8 s) and
/// the fixes after the reconnect start a new segment, so the outage stays a gap and no
/// distance is drawn across it. Strider connects only where it is told; it listens on no
/// port.
public struct GPSDSource<Clock: PacingClock>: FixSource {
  public let endpoint: GPSDEndpoint
  public var name: String { "gpsd \(endpoint)" }
  /// The newest satellite report (SKY), for the GPS panel; nil until gpsd sends one. It is
  /// not an event: the session has no use for it, and the dashboard reads it each turn.
  public private(set) var sky: SkyView?
  private var clock: Clock
  private var socket: GPSDSocket?
  private var pending: [SourceEvent] = []
  private var buffer: [UInt8] = []
  private var nextAttempt = 0.0
  private var backoff = GPSDSource.firstBackoff
  private var segment = 0
  private var device = ""
  private var lastStatus: SourceStatus?
  private var connectedOnce = false
  private var merger = TPVEpochMerger()
  private var rollover = WeekRolloverGuard()
  private var heldSince = 0.0
  /// When gpsd last sent a report from the receiver (a TPV), and the last time between
  /// two epochs' reports (a receiver may report every 5 s).
  private var lastReport = 0.0
  private var reportInterval = 1.0

  /// A held report goes out after this long without another (the end of a burst).
  static var epochFlushDelay: Double { 1.2 }
  /// A receiver giving fixes that then sends nothing for this long, or three of its
  /// intervals if longer, is `silent`: gpsd sends a report every epoch, with or without a
  /// fix, while a receiver is there.
  static var silenceLimit: Double { 4 }

  static var firstBackoff: Double { 0.5 }
  static var maxBackoff: Double { 8 }
  /// A line longer than this is not gpsd talking; it is dropped.
  static var maxLineLength: Int { 1 << 16 }

  public init(endpoint: GPSDEndpoint, clock: Clock) {
    self.endpoint = endpoint
    self.clock = clock
  }

  public mutating func poll(timeout: Double) -> SourcePoll {
    if !pending.isEmpty { return .event(pending.removeFirst()) }
    guard let connection = socket else {
      let now = clock.now()
      if now < nextAttempt {
        clock.sleep(seconds: min(timeout, nextAttempt - now))
        return .idle
      }
      connect(timeout: min(2, max(0.1, timeout)))
      return pending.isEmpty ? .idle : .event(pending.removeFirst())
    }
    let wait = merger.isHolding ? min(timeout, Self.epochFlushDelay / 2) : timeout
    switch connection.read(timeout: wait) {
    case .data(let bytes):
      buffer += bytes
      splitLines()
    case .timeout:
      if merger.isHolding, clock.now() - heldSince >= Self.epochFlushDelay,
        let fix = merger.flush()
      {
        pending.append(.fix(fix))
      }
    case .closed(let reason):
      lost(reason)
    }
    if socket != nil { noteSilence() }
    return pending.isEmpty ? .idle : .event(pending.removeFirst())
  }

  private mutating func connect(timeout: Double) {
    setStatus(.connecting(endpoint.description))
    switch GPSDSocket.open(endpoint, timeout: timeout) {
    case .success(let connection):
      let watch = Array(#"?WATCH={"enable":true,"json":true};"#.utf8) + [10]
      guard connection.write(watch) else {
        lost("gpsd closed the connection")
        return
      }
      socket = connection
      buffer.removeAll()
      lastReport = 0
      backoff = GPSDSource.firstBackoff
      if connectedOnce { segment += 1 }
      connectedOnce = true
      setStatus(.connectedNoFix(device.isEmpty ? endpoint.description : device))
    case .failure(let error):
      lost(error.message)
    }
  }

  private mutating func lost(_ reason: String) {
    if let fix = merger.flush() { pending.append(.fix(fix)) }
    socket = nil
    buffer.removeAll()
    nextAttempt = clock.now() + backoff
    setStatus(.disconnected(reason: reason, retryIn: backoff))
    backoff = min(backoff * 2, GPSDSource.maxBackoff)
  }

  private mutating func splitLines() {
    var start = 0
    while let newline = buffer[start...].firstIndex(of: 10) {
      handle(buffer[start..<newline])
      start = newline + 1
    }
    buffer.removeFirst(start)
    if buffer.count > GPSDSource.maxLineLength { buffer.removeAll() }
  }

  private mutating func handle(_ line: ArraySlice<UInt8>) {
    guard let message = GPSDMessage.parse(line: line) else { return }
    switch message {
    case .tpv(var fix):
      fix.segment = segment
      // A receiver whose GPS week rolls over mid-session would otherwise jump 19.6 years
      // back, and the gate would reject every fix after it as out of order.
      if let time = fix.time { fix.time = rollover.corrected(time) }
      switch fix.mode {
      case .threeD: setStatus(.fix3D)
      case .twoD: setStatus(.fix2D)
      case .noFix, .unknown:
        setStatus(.connectedNoFix(device.isEmpty ? endpoint.description : device))
      }
      if let complete = merger.add(fix) { pending.append(.fix(complete)) }
      heldSince = clock.now()
      // Reports of one epoch come together; the interval is between epochs.
      if lastReport > 0, heldSince - lastReport > 0.3 { reportInterval = heldSince - lastReport }
      lastReport = heldSince
    case .devices(let paths):
      if let first = paths.first { device = first }
    case .sky(let report):
      sky = report
    default:
      break
    }
  }

  /// Says `silent` once a receiver that was giving fixes has sent nothing for
  /// `silenceLimit` (the next report says what it has).
  private mutating func noteSilence() {
    guard lastStatus == .fix2D || lastStatus == .fix3D,
      clock.now() - lastReport >= max(Self.silenceLimit, 3 * reportInterval)
    else { return }
    setStatus(.silent(device.isEmpty ? endpoint.description : device))
  }

  private mutating func setStatus(_ status: SourceStatus) {
    guard status != lastStatus else { return }
    lastStatus = status
    pending.append(.status(status))
  }
}

/// A TCP connection to gpsd (a resource, so a class that closes itself).
final class GPSDSocket {
  enum ReadResult {
    case data([UInt8])
    case timeout
    case closed(String)
  }

  struct OpenError: Error {
    var message: String
  }

  private let fd: Int32

  private init(fd: Int32) { self.fd = fd }

  deinit { close(fd) }

  /// Resolves the host and connects without blocking longer than `timeout`.
  static func open(_ endpoint: GPSDEndpoint, timeout: Double) -> Result<GPSDSocket, OpenError> {
    var hints = addrinfo()
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    hints.ai_family = AF_UNSPEC
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(endpoint.host, String(endpoint.port), &hints, &list)
    guard status == 0, let first = list else {
      return .failure(OpenError(message: "cannot resolve \(endpoint.host)"))
    }
    defer { freeaddrinfo(list) }
    var lastError = "cannot connect to gpsd at \(endpoint)"
    var info: UnsafeMutablePointer<addrinfo>? = first
    while let ai = info {
      info = ai.pointee.ai_next
      let fd = socket(
        ai.pointee.ai_family, ai.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), 0)
      if fd < 0 { continue }
      let flags = fcntl(fd, F_GETFL, 0)
      _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
      var result = Glibc.connect(fd, ai.pointee.ai_addr, ai.pointee.ai_addrlen)
      if result != 0 && errno == EINPROGRESS {
        var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        if Glibc.poll(&pfd, 1, Int32(timeout * 1000)) == 1 {
          var error: Int32 = 0
          var length = socklen_t(MemoryLayout<Int32>.size)
          getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
          result = error == 0 ? 0 : -1
          if error != 0 { lastError = "gpsd at \(endpoint): \(String(cString: strerror(error)))" }
        } else {
          lastError = "gpsd at \(endpoint) did not answer"
          result = -1
        }
      } else if result != 0 {
        lastError = "gpsd at \(endpoint): \(String(cString: strerror(errno)))"
      }
      if result == 0 { return .success(GPSDSocket(fd: fd)) }
      close(fd)
    }
    return .failure(OpenError(message: lastError))
  }

  func write(_ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let n = bytes[offset...].withUnsafeBytes {
        send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if n < 0 {
        if errno == EAGAIN || errno == EINTR {
          var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
          _ = Glibc.poll(&pfd, 1, 1000)
          continue
        }
        return false
      }
      offset += n
    }
    return true
  }

  func read(timeout: Double) -> ReadResult {
    var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    let ready = Glibc.poll(&pfd, 1, Int32(max(0, timeout) * 1000))
    if ready == 0 || (ready < 0 && errno == EINTR) { return .timeout }
    if ready < 0 { return .closed(String(cString: strerror(errno))) }
    var chunk = [UInt8](repeating: 0, count: 65_536)
    let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
    if n > 0 { return .data(Array(chunk[0..<n])) }
    if n == 0 { return .closed("gpsd closed the connection") }
    if errno == EAGAIN || errno == EINTR { return .timeout }
    return .closed(String(cString: strerror(errno)))
  }
}

/// A gpsd host name that does not resolve: a typo or an unknown machine, which no amount of
/// retrying will mend (unlike a gpsd that is not running yet, which the source waits for).
public struct GPSDResolutionError: Error, Sendable, Equatable, CustomStringConvertible {
  public var endpoint: GPSDEndpoint
  /// The resolver's reason (`gai_strerror`).
  public var reason: String

  public var description: String {
    "gpsd host \"\(endpoint.host)\" does not resolve (\(reason)); give a name this machine "
      + "knows or an address, e.g. --gpsd 127.0.0.1:2947"
  }
}

extension GPSDEndpoint {
  /// Checks once, before a session starts, that the host resolves, so a mistyped name is an
  /// error at once instead of a session that waits for it forever.
  public func checkResolves() throws(GPSDResolutionError) {
    var hints = addrinfo()
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    hints.ai_family = AF_UNSPEC
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &list)
    if let list { freeaddrinfo(list) }
    guard status == 0 else {
      throw GPSDResolutionError(endpoint: self, reason: String(cString: gai_strerror(status)))
    }
  }
}
