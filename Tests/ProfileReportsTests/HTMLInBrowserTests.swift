import Foundation
import Profiler
import Testing
import Trace

@testable import ProfileReports
import TraceTestSupport

/// Renders the demo trace's report in headless Chromium, as a person would open it, and checks
/// the DOM the browser built: tables, the four SVG charts, the sorting script having run, and no
/// script errors. `Tools/run-tests` installs Debian's `chromium` when it is missing.
@Suite struct HTMLInBrowserTests {
  static let browser = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// The DOM Chromium builds from `profile`'s report, and the browser's log; `nil`, with an
  /// issue recorded, when Chromium is not installed.
  func renderedInChromium(_ profile: Profile, named name: String) throws -> (String, String)? {
    guard let browser = Self.browser else {
      Issue.record(
        "chromium is not installed (apt-get install -y chromium; Tools/run-tests does this)")
      return nil
    }
    let page = temporaryTracePath(name).replacingOccurrences(of: ".sqlite", with: ".html")
    try HTMLReport(profile: profile).rendered().write(
      toFile: page, atomically: true, encoding: .utf8)
    return try run(
      "/usr/bin/timeout",
      [
        "120", browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-dev-shm-usage", "--enable-logging=stderr", "--v=0",
        "--user-data-dir=\(page).profile", "--dump-dom", "file://\(page)",
      ])
  }

  @Test func demoReportRendersInChromium() throws {
    let profile = try TraceProfiler().profile(TraceReader(path: copyOfDemoTrace()))
    guard let (dom, log) = try renderedInChromium(profile, named: "report") else { return }
    #expect(dom.contains("data-ready=\"true\""), "the page's script ran to its end")
    for id in ["chart-rate", "chart-histogram", "chart-scopes", "chart-effects"] {
      #expect(dom.contains("<svg id=\"\(id)\""), "chart \(id)")
    }
    for id in ["actions", "scopes", "effects", "leaks", "state"] {
      #expect(dom.contains("<section id=\"\(id)\"><h2>"), "section \(id)")
    }
    // The demo's effects all ended: the leaks section says so instead of an empty table.
    #expect(dom.components(separatedBy: "<table class=\"sortable\">").count - 1 == 4)
    #expect(dom.contains("None: every effect ended."))
    let top = try #require(profile.actions.first)
    #expect(dom.contains("<td>\(top.name)</td><td class=\"num\">\(top.count)</td>"))
    #expect(dom.contains("<polyline class=\"line\""))
    for outcome in ["finished", "cancelled", "failed"] {
      #expect(dom.contains("<rect class=\"effect \(outcome)\""), "\(outcome) effects drawn")
    }
    let errors = log.split(separator: "\n").filter {
      $0.contains("Uncaught") || ($0.contains("CONSOLE") && $0.contains("rror"))
    }
    #expect(errors.isEmpty, "script errors: \(errors)")
  }

  /// The overlapping-effects finding shows in the advice as the browser builds it, its chaos
  /// command in a `code` element a person can copy.
  @Test func overlappingEffectsFindingShowsItsCommandInChromium() throws {
    let (profile, path) = try OverlappingEffectsReportTests.profile()
    guard let (dom, _) = try renderedInChromium(profile, named: "race") else { return }
    #expect(dom.contains("data-ready=\"true\""), "the page's script ran to its end")
    let advice = try #require(
      dom.components(separatedBy: "<section id=\"advice\">").dropFirst().first?
        .components(separatedBy: "</section>").first)
    #expect(advice.contains("<span class=\"rule\">overlapping-effects</span>"))
    #expect(advice.contains("<strong>search.view.queryChanged</strong>"))
    #expect(
      advice.contains("<code>tca-replay chaos \(path) --final 'count == 6'</code>"), "\(advice)")
  }

  func run(_ executable: String, _ arguments: [String]) throws -> (String, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // NB: Read both pipes before waiting, so a chatty browser never blocks on a full pipe.
    let errorData = LockedData()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      errorData.set(errors.fileHandleForReading.readDataToEndOfFile())
      group.leave()
    }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return (
      String(decoding: outputData, as: UTF8.self), String(decoding: errorData.get(), as: UTF8.self)
    )
  }
}

/// Data handed from the pipe-reading thread.
final class LockedData: @unchecked Sendable {
  private let lock = NSLock()
  private var data: Data?

  func set(_ value: Data) { lock.withLock { data = value } }
  func get() -> Data { lock.withLock { data ?? Data() } }
}
