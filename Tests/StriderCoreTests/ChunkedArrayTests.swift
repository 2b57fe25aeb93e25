import Foundation
import StriderConcurrency
import StriderSimulator
import Synchronization
import Testing

@testable import StriderCore

/// A long session's accepted fixes are kept in chunks, past the first few in room a
/// `TrackStorage` gives, which the passes over the track let leave memory behind them: what
/// the array holds must never change for it, and the finish's figures must be the same to
/// the bit as those of a track held in memory.
@Suite struct ChunkedArrayTests {
  /// Room in memory that remembers what was asked of it.
  final class RecordingStorage: TrackStorage {
    struct Log {
      var rooms: [UInt] = []
      var released: [UInt] = []
      var freed: [UInt] = []
    }
    let log = Mutex(Log())

    func room(byteCount: Int) -> UnsafeMutableRawPointer? {
      let room = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 4096)
      log.withLock { $0.rooms.append(UInt(bitPattern: room)) }
      return room
    }

    func release(_ start: UnsafeMutableRawPointer, byteCount: Int) {
      log.withLock { $0.released.append(UInt(bitPattern: start)) }
    }

    func free(_ start: UnsafeMutableRawPointer, byteCount: Int) {
      log.withLock { $0.freed.append(UInt(bitPattern: start)) }
      start.deallocate()
    }
  }

  static let chunk = ChunkedArray<Int>.chunkSize

  @Test func chunksPastTheFirstAreTheStoragesAndGoWithTheArray() {
    let storage = RecordingStorage()
    do {
      var array = ChunkedArray<Int>(storage: storage, chunksInMemory: 1)
      for k in 0..<(5 * Self.chunk) { array.append(k * 3) }
      #expect(array.count == 5 * Self.chunk)
      #expect(array.elementsEqual((0..<(5 * Self.chunk)).lazy.map { $0 * 3 }))
      let log = storage.log.withLock { $0 }
      #expect(log.rooms.count == 4, "the first chunk is kept in memory")
      // Growing lets the chunks two behind the one filled go: the storage's second and
      // third (the array's third and fourth) by now.
      #expect(log.released == Array(log.rooms[0..<2]))
      #expect(log.freed.isEmpty)
    }
    let log = storage.log.withLock { $0 }
    #expect(Set(log.freed) == Set(log.rooms), "every room is freed with the array")
  }

  @Test func aPassLetsGoOfTheChunksItHasLeft() {
    let storage = RecordingStorage()
    var array = ChunkedArray<Int>(storage: storage, chunksInMemory: 0)
    for k in 0..<(4 * Self.chunk) { array.append(k) }
    let rooms = storage.log.withLock { $0.rooms }
    storage.log.withLock { $0.released = [] }
    var sum = 0
    var written = 0
    array.withPasses { newPass in
      let pass = newPass()
      for k in pass.indices { sum += pass[k] }
      // A step back, then from the start again, as the noise fit's runs read.
      sum -= pass[2 * Self.chunk - 1]
      sum += pass[2 * Self.chunk - 1]
      let again = newPass()
      again[5] = -1
      written = again[5]
    }
    #expect(sum == (0..<(4 * Self.chunk)).reduce(0, +))
    #expect(written == -1)
    #expect(array[5] == -1, "a pass writes the array's elements")
    let released = storage.log.withLock { $0.released }
    // Front to back, each chunk is released once the pass stands two chunks on; the step
    // back to the second chunk lets the fourth go.
    #expect(released == [rooms[0], rooms[1], rooms[3]])
  }

  @Test func aCopyKeepsWhatItHeldWhenTheOtherChanges() {
    let storage = RecordingStorage()
    var array = ChunkedArray<Int>(storage: storage, chunksInMemory: 1)
    for k in 0..<(2 * Self.chunk + 10) { array.append(k) }
    let copy = array
    array[3] = 99
    array.append(7)
    #expect(copy[3] == 3)
    #expect(copy.count == 2 * Self.chunk + 10)
    #expect(array[3] == 99)
    #expect(array.last == 7)
    #expect(Array(copy[(2 * Self.chunk)...]) == Array((2 * Self.chunk)..<(2 * Self.chunk + 10)))
  }

  @Test func aScratchFileGivesRoomThatKeepsWhatItHolds() throws {
    let file = ScratchFile()
    let bytes = ChunkedArray<Double>.chunkSize * MemoryLayout<Double>.stride
    let room = try #require(file.room(byteCount: bytes))
    let values = room.bindMemory(to: Double.self, capacity: ChunkedArray<Double>.chunkSize)
    for k in 0..<ChunkedArray<Double>.chunkSize { values[k] = Double(k) / 7 }
    file.release(room, byteCount: bytes)
    #expect((0..<ChunkedArray<Double>.chunkSize).allSatisfy { values[$0] == Double($0) / 7 })
    file.free(room, byteCount: bytes)
    #expect(file.room(byteCount: bytes) != nil, "freed room is given again")
  }

  @Test func noScratchFileMeansRoomInMemory() {
    let file = ScratchFile(directory: "/nonexistent/strider")
    #expect(file.room(byteCount: 1 << 20) == nil)
    var array = ChunkedArray<Int>(storage: file, chunksInMemory: 0)
    for k in 0..<(2 * Self.chunk) { array.append(k) }
    #expect(array.elementsEqual(0..<(2 * Self.chunk)))
  }

  /// A track of five chunks, each a simulated ride's fixes a day after the last, finished
  /// with every chunk in a scratch file: the same figures as in memory.
  @Test func aTrackInAScratchFileFinishesAsInMemory() {
    let pass = FinishingBesideTests.pass(.ride)
    let ride = FinishingBesideTests.track(.ride, seed: 21)
    let rideCount = ride.count
    func track(_ storage: (any TrackStorage)?) -> ChunkedArray<FinishingPass.Entry> {
      var track = ChunkedArray<FinishingPass.Entry>(storage: storage, chunksInMemory: 0)
      var day = 0.0
      while track.count < 5 * ChunkedArray<FinishingPass.Entry>.chunkSize {
        for (k, var entry) in ride.enumerated() {
          entry.timeValue += day
          entry.newStretch = entry.newStretch || k == 0
          track.append(entry)
        }
        day += 86_400
      }
      return track
    }
    #expect(rideCount > 1000)
    var inMemory = track(nil)
    var inFile = track(ScratchFile())
    let expected = pass.finish(&inMemory, alsoFrom: nil, handingOut: nil, besideFrom: 0)
    FinishingBesideTests.expectSame(
      pass.finish(&inFile, alsoFrom: nil, handingOut: nil, besideFrom: 0), expected)
    #expect(expected.snapshot.distance.value > 1_000_000)
  }
}
