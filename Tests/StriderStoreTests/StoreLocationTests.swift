import Testing

@testable import StriderStore

@Suite struct StoreLocationTests {
  @Test func striderHomeWinsOverXDGAndHome() {
    let location = StoreLocation.resolve(environment: [
      "STRIDER_HOME": "/tmp/s/", "XDG_DATA_HOME": "/x", "HOME": "/h",
    ])
    #expect(location?.path == "/tmp/s/strider.sqlite")
  }

  @Test func xdgDataHomeThenHome() {
    #expect(
      StoreLocation.resolve(environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"])?.path
        == "/x/strider/strider.sqlite")
    #expect(
      StoreLocation.resolve(environment: ["XDG_DATA_HOME": "", "HOME": "/h"])?.path
        == "/h/.local/share/strider/strider.sqlite")
    #expect(StoreLocation.resolve(environment: [:]) == nil)
  }
}
