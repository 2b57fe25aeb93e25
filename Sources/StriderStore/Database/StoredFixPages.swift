import StriderCore

/// A stored session's fixes, a page at a time (`SessionStore.fixes(of:after:limit:)`): a
/// session of any length replayed in the memory of the engine's track.
public struct StoredFixPages {
  public let store: SessionStore
  public let id: Int64
  private var lastSeq: Int?
  private var isExhausted = false

  public init(store: SessionStore, id: Int64) {
    self.store = store
    self.id = id
  }

  /// The next page of fixes; nil after the last.
  public mutating func next() throws(StoreError) -> ArraySlice<Fix>? {
    guard !isExhausted else { return nil }
    let page = try store.fixes(of: id, after: lastSeq, limit: 10_000)
    guard let last = page.last else {
      isExhausted = true
      return nil
    }
    lastSeq = last.seq
    return page.map(\.fix)[...]
  }
}
