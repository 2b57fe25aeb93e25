import StriderRender
import Testing

/// Day arithmetic of the history's charts against dates one can check on a calendar.
@Suite struct CivilDateTests {
  @Test(arguments: [
    ("1970-01-01", 0, 3), ("2000-02-29", 11_016, 1), ("2026-11-23", 20_780, 0),
    ("2026-11-25", 20_782, 2), ("1969-12-31", -1, 2), ("2024-12-29", 20_086, 6),
  ])
  func dayNumberAndWeekday(text: String, number: Int, weekday: Int) throws {
    let date = try #require(CivilDate(text))
    #expect(date.dayNumber == number)
    #expect(date.weekday == weekday, "0 is Monday")
    #expect(CivilDate(dayNumber: number) == date)
    #expect(date.description == text)
  }

  @Test(arguments: ["2026-02-29", "2026-13-01", "2026-1-01", "yesterday", "2026-04-31", ""])
  func refusesWhatIsNoDate(text: String) {
    #expect(CivilDate(text) == nil)
  }

  @Test func weekStartsOnMonday() throws {
    let sunday = try #require(CivilDate("2026-11-29"))
    #expect(sunday.weekStart.description == "2026-11-23")
    #expect(sunday.weekStart.weekStart == sunday.weekStart)
  }

  @Test func everyDayOfFourHundredYearsRoundTrips() {
    for number in stride(from: -200_000, through: 200_000, by: 97) {
      let date = CivilDate(dayNumber: number)
      #expect(date.dayNumber == number)
      #expect(CivilDate(year: date.year, month: date.month, day: date.day) == date)
    }
  }
}
