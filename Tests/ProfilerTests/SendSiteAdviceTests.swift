import Foundation
import Testing
import Trace
import TraceTestSupport

@testable import Profiler

/// A high-frequency action's finding names the places in the app that sent it, with counts.
@Suite struct SendSiteAdviceTests {
  /// 100 taps 1 ms apart: 70 sent from one line, 25 from another, 5 with no known site; then a
  /// slow save from a third line.
  func session() -> SessionFixture {
    var fixture = SessionFixture()
    for index in 0..<100 {
      let seq = fixture.action(
        "search.view.queryChanged", at: Int64(index) * 1_000_000, duration: 1_000)
      let line = index < 70 ? 42 : index < 95 ? 57 : nil
      fixture.batch.actions[Int(seq) - 1].site = line.map {
        SendSite(file: "App/SearchView.swift", line: $0)
      }
    }
    let save = fixture.action("editor.view.saveTapped", at: 2_000_000_000, duration: 20_000_000)
    fixture.batch.actions[Int(save) - 1].site = SendSite(file: "App/EditorView.swift", line: 9)
    return fixture
  }

  @Test func theHighFrequencyFindingListsItsSitesBusiestFirst() throws {
    let trace = try self.session().write(to: temporaryTracePath(), end: 3_000_000_000)
    let profile = try TraceProfiler().profile(trace)
    let frequent = try #require(profile.advice.first { $0.rule == .highFrequency })
    #expect(frequent.subject == "search.view.queryChanged")
    #expect(
      frequent.sites == [
        SendSiteCount(file: "App/SearchView.swift", line: 42, count: 70),
        SendSiteCount(file: "App/SearchView.swift", line: 57, count: 25),
      ])
    // Other findings carry no sites.
    let slow = try #require(profile.advice.first { $0.rule == .overBudget })
    #expect(slow.sites == nil)
  }

  @Test func sitesAreGroupedAtTheProfilesDepth() throws {
    let trace = try self.session().write(to: temporaryTracePath(), end: 3_000_000_000)
    let sites = try trace.sendSites(of: "search.*", depth: 1, limit: 1)
    #expect(sites == [SendSiteCount(file: "App/SearchView.swift", line: 42, count: 70)])
  }
}
