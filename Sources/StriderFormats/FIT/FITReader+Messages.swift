import StriderCore

extension FITReader {
  /// The message's time: its `timestamp` field, else a compressed header's offset from the
  /// last timestamp; kept as the last timestamp.
  @inline(always)
  mutating func messageTime(_ field: UInt32?, timeOffset: UInt8?) -> UInt32? {
    var timestamp = field
    if timestamp == nil, let offset = timeOffset, let last = lastTimestamp {
      // A compressed header's 5-bit offset replaces the low 5 bits of the last timestamp,
      // rolling over when it is smaller than them (the protocol's "Compressed Timestamp").
      var time = (last & ~0x1F) &+ UInt32(offset)
      if UInt32(offset) < last & 0x1F { time &+= 0x20 }
      timestamp = time
    }
    if let timestamp { lastTimestamp = timestamp }
    return timestamp
  }

  /// Decodes the data message whose header is the next byte, as `definition` lays it out:
  /// a fix for a `record`, nothing for the rest. Records of a definition with a plan take
  /// the quicker way (`FITReader.readData`); this one reads any.
  mutating func decode(_ definition: FITDefinition, timeOffset: UInt8?) -> Fix? {
    let timestamp = messageTime(
      stream.withBytes { p in
        definition.value(FITProfile.timestamp, in: p).flatMap { UInt32(exactly: $0) }
      }, timeOffset: timeOffset)
    switch definition.global {
    case FITProfile.record:
      statistics.records += 1
      let values = stream.withBytes { p in Self.recordValues(definition, p) }
      return recordFix(values, timestamp: timestamp)
    case FITProfile.session:
      statistics.sessions += 1
      if sessions.count < Self.sessionLimit {
        sessions.append(session(definition, timestamp: timestamp))
      }
    case FITProfile.lap:
      statistics.laps += 1
      keepLap(definition)
    case FITProfile.workout:
      statistics.otherMessages += 1
      // Int(exactly:): a field declared of a wide type may hold any number (a fuzzed lap's
      // intensity of 1e19 trapped the conversion).
      workoutSport = stream.withBytes { definition.value(FITProfile.Workout.sport, in: $0) }
        .flatMap { Int(exactly: $0) }
    case FITProfile.workoutStep:
      statistics.otherMessages += 1
      if workoutSteps.count < Self.workoutStepLimit {
        workoutSteps.append(stream.withBytes { FITWorkoutStep(definition, in: $0) })
      }
    case FITProfile.event:
      let (event, type) = stream.withBytes { p in
        (
          definition.value(FITProfile.Event.event, in: p),
          definition.value(FITProfile.Event.eventType, in: p)
        )
      }
      if event == FITProfile.Event.timer, let type {
        if FITProfile.Event.stopTypes.contains(type) {
          statistics.timerStops += 1
          if !timerStopped {
            // The event's own time: records of its second end the old segment.
            stoppedAt = stream.withBytes { definition.value(FITProfile.timestamp, in: $0) }
              .flatMap { UInt32(exactly: $0) }
            brokeWhileStopped = false
          }
          timerStopped = true
        } else if type == FITProfile.Event.start, timerStopped {
          // Records up to the restart (one often shares the stop's second) end the old
          // segment; the first after it starts the next, unless a record written while the
          // timer stood (where the user resumed) has started it already.
          timerStopped = false
          statistics.timerRestarts += 1
          if statistics.records > 0, !brokeWhileStopped { segmentBreakPending = true }
        }
      }
      statistics.otherMessages += 1
    default:
      statistics.otherMessages += 1
    }
    return nil
  }

  private static func time(_ seconds: Double?) -> GNSSTime? {
    seconds.map { GNSSTime(secondsSince1970: $0 + FITProfile.epochOffset) }
  }

  /// The fix of a record's values; the record is counted already.
  @inline(always)
  mutating func recordFix(_ v: FITRecordValues, timestamp: UInt32?) -> Fix {
    var coordinate: Coordinate?
    if let lat = v.latitude, let lon = v.longitude {
      let latitude = lat * FITProfile.degreesPerSemicircle
      let longitude = lon * FITProfile.degreesPerSemicircle
      if abs(latitude) <= 90, abs(longitude) <= 180 {
        coordinate = Coordinate(latitude: latitude, longitude: longitude)
      }
    }
    var speed = (v.enhancedSpeed ?? v.speed).map { $0 / 1000 }
    var distance = v.distance.map { $0 / 100 }
    if let compressed = v.compressed {
      if speed == nil { speed = Double(compressed.speed) / 100 }
      var counted = compressedDistance ?? (total: compressed.distance, last: compressed.distance)
      counted.total += (compressed.distance - counted.last) & 0xFFF
      counted.last = compressed.distance
      compressedDistance = counted
      if distance == nil { distance = Double(counted.total) / 16 }
    }
    if let timestamp, Double(timestamp) < FITProfile.firstDate {
      statistics.relativeTimes += 1
    }
    if timerStopped, let stoppedAt, let timestamp, timestamp > stoppedAt {
      // Written while the device's timer stood (an auto-pause's last point, where the user
      // moved off again): each such record starts a segment of its own, so the paused
      // stretch is never distance; the last of them begins the stretch after the restart.
      segment += 1
      brokeWhileStopped = true
      segmentBreakPending = false
    } else if segmentBreakPending {
      // The first record after the device's timer restarted starts a new segment: a gap,
      // as a TCX `<Track>` after a pause is.
      segmentBreakPending = false
      segment += 1
    }
    let fix = Fix(
      time: timestamp.map { GNSSTime(secondsSince1970: Double($0) + FITProfile.epochOffset) },
      coordinate: coordinate,
      altitude: (v.enhancedAltitude ?? v.altitude).map { Meters($0 / 5 - 500) },
      horizontalAccuracy: v.gpsAccuracy.map { Meters($0) },
      speed: speed.map { MetersPerSecond($0) },
      mode: coordinate == nil ? .noFix : .unknown,
      heartRate: v.heartRate.map { BeatsPerMinute($0) },
      cadence: v.cadence.map { RevolutionsPerMinute($0) },
      power: v.power.map { Watts($0) },
      temperature: v.temperature.map { Celsius($0) },
      deviceDistance: distance.map { Meters($0) },
      segment: segment,
      origin: FixOrigin(index: statistics.records - 1))
    span.add(fix)
    return fix
  }

  /// A record's values, field by field: for a definition without a plan (a field named
  /// twice, the last counting).
  static func recordValues(
    _ definition: FITDefinition, _ message: UnsafeRawPointer
  ) -> FITRecordValues {
    var v = FITRecordValues()
    for field in definition.fields {
      let at = message + field.offset
      if field.number == FITProfile.Record.compressedSpeedDistance {
        guard field.size >= 3 else { continue }
        // A byte array is invalid when every byte is 0xFF: it leaves what came before.
        if let compressed = FITRecordValues.compressed(at) { v.compressed = compressed }
        continue
      }
      let value = FITBaseType.value(
        at, size: field.size, type: field.baseType, bigEndian: definition.bigEndian)
      switch field.number {
      case FITProfile.Record.latitude: v.latitude = value
      case FITProfile.Record.longitude: v.longitude = value
      case FITProfile.Record.altitude: v.altitude = value
      case FITProfile.Record.enhancedAltitude: v.enhancedAltitude = value
      case FITProfile.Record.speed: v.speed = value
      case FITProfile.Record.enhancedSpeed: v.enhancedSpeed = value
      case FITProfile.Record.distance: v.distance = value
      case FITProfile.Record.heartRate: v.heartRate = value
      case FITProfile.Record.cadence: v.cadence = value
      case FITProfile.Record.power: v.power = value
      case FITProfile.Record.temperature: v.temperature = value
      case FITProfile.Record.gpsAccuracy: v.gpsAccuracy = value
      default: break
      }
    }
    return v
  }

  private func session(_ definition: FITDefinition, timestamp: UInt32?) -> FITSession {
    stream.withBytes { p in
      let value = { (number: UInt8) in definition.value(number, in: p) }
      return FITSession(
        sport: value(FITProfile.Session.sport).flatMap { Int(exactly: $0) },
        subSport: value(FITProfile.Session.subSport).flatMap { Int(exactly: $0) },
        startTime: Self.time(
          value(FITProfile.Session.startTime).flatMap { $0 >= FITProfile.firstDate ? $0 : nil }),
        totalElapsedTime: value(FITProfile.Session.totalElapsedTime).map { $0 / 1000 },
        totalTimerTime: value(FITProfile.Session.totalTimerTime).map { $0 / 1000 },
        totalDistance: value(FITProfile.Session.totalDistance).map { Meters($0 / 100) },
        totalCalories: value(FITProfile.Session.totalCalories).map(Kilocalories.init))
    }
  }
}
