import Testing

@testable import StriderStore

@Suite struct SessionStoreTests {
  @Test func schemaVersionStartsAtZero() { #expect(SessionStoreVersion.schema == 0) }
}
