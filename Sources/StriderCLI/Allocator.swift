#if canImport(Glibc)
  import CMalloc
#endif

/// How the C allocator is set up for Strider's pattern of memory: batches of fixes of
/// about a megabyte, made on one thread and freed on another, thousands of times a file.
enum Allocator {
  /// glibc serves blocks from 128 KiB up with `mmap` (a threshold it raises as such blocks
  /// are freed) and gives each back when it is freed, so batches a reading thread filled
  /// faulted in fresh pages: on a 100,000-epoch NMEA log, a tenth of the process's time
  /// went to page faults. Blocks under 4 MiB now stay in the heap, trimmed past 32 MiB
  /// free, and are reused; larger ones (a held prefix, a finished track's chunks) still go
  /// back when freed: with no threshold at all (64 MiB), the peak of analysing the 1M-fix
  /// FIT grew by 4 MB.
  static func reuseFreedBlocks() {
    #if canImport(Glibc)
      _ = mallopt(M_MMAP_THRESHOLD, 4 << 20)
      _ = mallopt(M_TRIM_THRESHOLD, 32 << 20)
    #endif
  }

  /// Two heaps: the main thread's, and one the others share. glibc gives each thread a
  /// heap of its own (up to eight a core) and keeps what a thread frees there for that
  /// heap: the relearns a replay works out beside its engine (`RelearnsAhead`) left 7 MB
  /// that the engine's thread, which grows the track, could not reuse, and the 1M-fix
  /// replay's peak went from 84 to 92 MB. Shared, its peak is 84 MB again, its time the
  /// same. Only for threads started after it.
  static func shareHeaps() {
    #if canImport(Glibc)
      _ = mallopt(M_ARENA_MAX, 2)
    #endif
  }
}
