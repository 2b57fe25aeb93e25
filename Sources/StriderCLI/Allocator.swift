#if canImport(Glibc)
  import CMalloc
#endif

/// How the C allocator is set up for Strider's pattern of memory: batches of fixes of
/// about a megabyte, made on one thread and freed on another, thousands of times a file.
enum Allocator {
  /// glibc serves blocks from 128 KiB up with `mmap` and gives each back when it is
  /// freed, so every batch a reading thread fills faulted in fresh pages: on a
  /// 100,000-epoch NMEA log, a tenth of the process's time went to page faults. Blocks
  /// kept in the heap, and a heap trimmed only past 256 MiB free, are reused instead.
  /// Peak memory stays what is live at once (a million-point GPX: 82 MB, as before).
  static func reuseFreedBlocks() {
    #if canImport(Glibc)
      _ = mallopt(M_MMAP_THRESHOLD, 64 << 20)
      _ = mallopt(M_TRIM_THRESHOLD, 256 << 20)
    #endif
  }
}
