import Foundation
import StriderApp
import StriderCore
import StriderRender
import StriderStore
import StriderTestSupport
import Testing

/// `sessions show`'s page, made in process from a store of its own: what analyze says of
/// the file, and more (its stops and moves, its profiles when asked); an unknown session
/// is the store's error.
@Suite struct SessionPageTests {

  @Test func theShownPageHoldsTheSummaryAnalyzePrints() throws {
    let demo = try StoredDemo()
    defer { demo.remove() }
    let (store, id) = (demo.store, demo.id)
    var settingsRead = 0
    let settings = { () -> UserSettings in
      settingsRead += 1
      return UserSettings()
    }
    let page = try SessionPage.text(store, id: id, settings: settings)
    let analysed = try FileAnalysis(settings: UserSettings(), warn: { _ in }).analyze(
      StoredDemo.path)
    #expect(page.hasPrefix("session         \(id) (park-run.gpx)\n"))
    // The summary's rows and splits are analyze's, after its file and activity rows.
    let summaryRows = SummaryTable.text(SummaryTable.rows(analysed.summary))
    #expect(page.contains(summaryRows))
    #expect(page.contains(SummaryTable.splits(analysed.summary)))
    #expect(settingsRead == 0, "the demo has no heart rate: the config file is not read")

    let plotted = try SessionPage.text(
      store, id: id, settings: settings,
      plot: SessionPage.Plot(width: 80, glyphs: .ascii))
    #expect(plotted.hasPrefix(page))
    #expect(plotted.count > page.count, "the profiles follow the page")

    #expect(throws: StoreError.self) {
      try SessionPage.text(store, id: id + 99, settings: settings)
    }
  }
}
