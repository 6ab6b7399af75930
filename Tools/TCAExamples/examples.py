#!/usr/bin/env python3
"""Measures tca-replay on TCA's own examples: builds a scratch package of the example features
and their tests (views deleted, the import changed), runs the tests with every `TestStore`'s
reducer under `.record(to:)`, verifies each recording with `verify` and generates a test from it
with `test`, then runs the generated tests. Nothing of TCA's is written inside this repository.

    Tools/TCAExamples/examples.py TCA_GIT_DIR [--work DIR] [--only Module,…]

TCA_GIT_DIR is a clone or a bare mirror of swift-composable-architecture. The report (per example:
tests, stores recorded, recordings verified identical, generated tests passing) is printed and
written to WORK/report.json.
"""

import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import textwrap
import io
from xml.etree import ElementTree

from swift_source import matching, scan_from, top_level_items, strip_comments

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

CASE_STUDIES = "Examples/CaseStudies/SwiftUICaseStudies"
TICTACTOE = "Examples/TicTacToe/tic-tac-toe"


class Module:
    def __init__(self, name, sources, tests=(), depends=(), exclude=(), test_exclude=(), products=()):
        self.products = products
        self.name = name
        self.sources = sources
        self.tests = tests
        self.depends = depends
        self.exclude = exclude
        self.test_exclude = test_exclude


MODULES = [
    Module(
        "SwiftUICaseStudies",
        [f"{CASE_STUDIES}/*.swift", f"{CASE_STUDIES}/05-HigherOrderReducers-ResuableOfflineDownloads/*.swift"],
        ["Examples/CaseStudies/SwiftUICaseStudiesTests/*.swift"],
        exclude=[
            # The app, its root list and views only.
            "00-RootView", "CaseStudiesApp",
            # FocusState, a view's.
            "01-GettingStarted-FocusState",
            # The pre-1.0 Reducer<State, Action, Environment>; not in TCA's app target.
            "02-Effects-SystemEnvironment",
        ],
        products=['.product(name: "XCTestDynamicOverlay", package: "xctest-dynamic-overlay")'],
    ),
    Module(
        "SyncUps",
        ["Examples/SyncUps/SyncUps/**/*.swift"],
        ["Examples/SyncUps/SyncUpsTests/*.swift"],
        products=['.product(name: "Tagged", package: "swift-tagged")'],
    ),
    Module(
        "Search",
        ["Examples/Search/Search/SearchView.swift", "Examples/Search/Search/WeatherClient.swift"],
        ["Examples/Search/SearchTests/*.swift"],
    ),
    Module("Todos", ["Examples/Todos/Todos/*.swift"], ["Examples/Todos/TodosTests/*.swift"]),
    Module("VoiceMemos", ["Examples/VoiceMemos/VoiceMemos/**/*.swift"],
           ["Examples/VoiceMemos/VoiceMemosTests/*.swift"],
           # The views' duration formatter, which Linux's Foundation does not have.
           exclude=["Helpers"]),
    Module("SpeechRecognition", ["Examples/SpeechRecognition/SpeechRecognition/**/*.swift"],
           ["Examples/SpeechRecognition/SpeechRecognitionTests/*.swift"]),
    Module("AuthenticationClient", [f"{TICTACTOE}/Sources/AuthenticationClient/*.swift"]),
    Module("GameCore", [f"{TICTACTOE}/Sources/GameCore/*.swift"],
           [f"{TICTACTOE}/Tests/GameCoreTests/*.swift"]),
    Module("TwoFactorCore", [f"{TICTACTOE}/Sources/TwoFactorCore/*.swift"],
           [f"{TICTACTOE}/Tests/TwoFactorCoreTests/*.swift"], depends=["AuthenticationClient"]),
    Module("LoginCore", [f"{TICTACTOE}/Sources/LoginCore/*.swift"],
           [f"{TICTACTOE}/Tests/LoginCoreTests/*.swift"],
           depends=["AuthenticationClient", "TwoFactorCore"]),
    Module("NewGameCore", [f"{TICTACTOE}/Sources/NewGameCore/*.swift"],
           [f"{TICTACTOE}/Tests/NewGameCoreTests/*.swift"], depends=["GameCore"]),
    Module("AppCore", [f"{TICTACTOE}/Sources/AppCore/*.swift"],
           [f"{TICTACTOE}/Tests/AppCoreTests/*.swift"],
           depends=["AuthenticationClient", "LoginCore", "NewGameCore"]),
]

VIEW_TYPES = (
    r"View|PreviewProvider|ViewModifier|UIViewRepresentable|UIViewControllerRepresentable|App"
    r"|Shape|\w+Style|UIViewController|UIView"
    r"|UIHostingController|UITableViewController|UICollectionViewController|Scene"
)
VIEW_DECLARATION = re.compile(
    r"^\s*(@[\w.]+(\([^)]*\))?\s*)*((public|private|fileprivate|internal|final)\s+)*"
    r"(struct|class|extension|enum)\s+[\w.]+(<[^>]*>)?\s*:[^{]*\b(" + VIEW_TYPES + r")\b",
    re.S,
)
VIEW_EXTENSION = re.compile(
    r"^\s*((public|private|fileprivate)\s+)*extension\s+(View|Text|Color|Image|Shape|LabelStyle"
    r"|ButtonStyle|ToolbarContent|Animation)\b")
# Members that exist for views only: properties of SwiftUI's color type.
VIEW_MEMBER = re.compile(r"\n[ \t]*((public|private|fileprivate)\s+)?var \w+: Color \{")
PREVIEW = re.compile(r"^\s*#Preview\b")

# Foundation on Linux lacks it; the file-storage case study and SyncUps use it.
STAND_INS = """\
import Foundation

extension URL {
  static var documentsDirectory: URL { FileManager.default.temporaryDirectory }
}
"""

RECORDING = """\
// Added by Tools/TCAExamples: records the store each test drives into $TCA_EXAMPLES_TRACES.
import ComposableRuntime
import Foundation
import Recorder
import Testing

enum ExampleRecording {
  static func record<R: Reducer>(
    fileID: String = #fileID, line: Int = #line, _ build: () -> R
  ) -> _RecordingReducer<R> {
    let directory = ProcessInfo.processInfo.environment["TCA_EXAMPLES_TRACES"] ?? "."
    let test = (Test.current?.name ?? "test").replacingOccurrences(of: "()", with: "")
    let file = fileID.split(separator: "/").last!.replacingOccurrences(of: ".swift", with: "")
      .replacingOccurrences(of: "-", with: "_")
    let path = "\\(directory)/%MODULE%.\\(file).\\(test).\\(line).sqlite"
    var options = Recorder.Options()
    options.replacesExisting = true
    let recorder = try! Recorder(path: path, options: options)
    return build().record(to: recorder)
  }
}
"""


def run(command, cwd, log=None, env=None, timeout=None):
    result = subprocess.run(
        command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, **(env or {})}, timeout=timeout)
    if log:
        with open(log, "w") as f:
            f.write(result.stdout)
    return result


def strip_views(text):
    kept = []
    for start, end, header in top_level_items(text):
        code = strip_comments(header)
        if VIEW_DECLARATION.match(code) or VIEW_EXTENSION.match(code) or PREVIEW.match(code):
            continue
        kept.append(text[start:end])
    text = "".join(kept)
    while match := VIEW_MEMBER.search(text):
        brace = match.end() - 1
        text = text[: match.start()] + text[matching(text, brace) + 1:]
    text = re.sub(r"^import ComposableArchitecture$", "import ComposableRuntime", text, flags=re.M)
    # Apple's frameworks: compile-only stand-ins (AppleStandIns.swift), Foundation re-exported.
    text = re.sub(r"^(@preconcurrency )?import (SwiftUI|UIKit|AVFoundation|Speech)$", "import AppleStandIns", text, flags=re.M)
    text = re.sub(r"^(@preconcurrency )?import Combine$", "import Foundation", text, flags=re.M)
    # Views only: navigation helpers for SwiftUI.
    text = re.sub(r"^import SwiftUINavigation\n", "", text, flags=re.M)
    if "URLSession" in text or "URLRequest" in text:
        text = "#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\n" + text
    return text


LOCAL_TYPE = re.compile(r"^[ \t]*(?:final[ \t]+)?(?:struct|enum|class)[ \t]+(\w+)[^{\n]*\{", re.M)


def local_types(text, store, statements):
    """The types declared in the test function before the store at `store` that `statements`
    name (`struct FactError: Error {}`), each as written: the generated test declares them in
    its `withDependencies` closure, since it cannot name the test function's own."""
    function = text.rfind("func ", 0, store)
    found = []
    for match in LOCAL_TYPE.finditer(text, function if function >= 0 else 0, store):
        if re.search(r"\b" + re.escape(match.group(1)) + r"\b", statements):
            end = matching(text, match.end() - 1)
            found.append(text[match.start():end + 1].strip())
    return found


LOCAL_VALUE = re.compile(r"^[ \t]*(?:let|var)[ \t]+(\(?[\w, ]+\)?)[ \t]*(?::[^=\n]+)?=", re.M)
# Names the generated test declares itself: the clock it advances, the store.
GENERATED_NAMES = {"clock", "store"}


def statement_end(text, start):
    """The index of the newline that ends the statement starting at `start`, brackets balanced."""
    depth = 0
    for i, c in scan_from(text, start):
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "\n" and depth <= 0:
            return i
    return len(text)


def local_declarations(text, store):
    """The constants and variables declared in the test function before the store at `store`:
    the names each declares, and the declaration as written."""
    function = text.rfind("func ", 0, store)
    declared = []
    for match in LOCAL_VALUE.finditer(text, function if function >= 0 else 0, store):
        names = [n for n in re.split(r"[(), ]+", match.group(1)) if n and n != "_"]
        declared.append((names, text[match.start():statement_end(text, match.start())].strip()))
    return declared


def local_values(text, store, statements):
    """The constants and variables declared in the test function before the store at `store`
    that `statements` name, or that those name in turn (`let didFinish =
    AsyncThrowingStream.makeStream(of: Bool.self)`), each as written: the generated test declares
    them in its `withDependencies` closure, since it cannot name the test function's own."""
    declared = local_declarations(text, store)
    wanted = statements
    found = []
    changed = True
    while changed:
        changed = False
        for names, declaration in declared:
            if declaration in found or any(n in GENERATED_NAMES for n in names):
                continue
            if any(re.search(r"\b" + re.escape(n) + r"\b", wanted) for n in names):
                found.append(declaration)
                wanted += "\n" + declaration
                changed = True
    return [d for _, d in declared if d in found]


def test_reducer(text, store, body):
    """The reducer the store at `store` runs, as written, when it is made with arguments
    (`Episodes(favorite: { … })`): the generated test's store runs it too. Empty for `Feature()`,
    and for one that names the test function's own values, which the test cannot reach (the
    clock excepted: the generated test declares its own)."""
    reducer = textwrap.dedent(body).strip()
    if re.fullmatch(r"[\w.]+\(\)", reducer) or re.fullmatch(r"[\w.]+\.body", reducer):
        return ""
    for names, _ in local_declarations(text, store):
        if any(n not in GENERATED_NAMES and re.search(r"\b" + re.escape(n) + r"\b", reducer)
               for n in names):
            return ""
    return reducer


def wrap_test_stores(text):
    """Puts the reducer each `TestStore(initialState:…) { … }` builds under
    `ExampleRecording.record { … }`. Returns the new text and, for each store, the line of the
    call and the statements of its `withDependencies` closure."""
    stores = []
    out = []
    position = 0
    for match in re.finditer(r"\bTestStore\(", text):
        if match.start() < position:
            continue
        open_paren = match.end() - 1
        close_paren = matching(text, open_paren)
        rest = text[close_paren + 1:]
        brace = re.match(r"\s*\{", rest)
        if not brace:
            continue
        open_brace = close_paren + 1 + brace.end() - 1
        close_brace = matching(text, open_brace)
        body = text[open_brace + 1:close_brace]
        dependencies = ""
        after = re.match(r"\s*withDependencies:\s*\{", text[close_brace + 1:])
        if after:
            open_deps = close_brace + 1 + after.end() - 1
            dependencies = textwrap.dedent(text[open_deps + 1:matching(text, open_deps)]).strip()
            local = local_types(text, match.start(), dependencies) + local_values(
                text, match.start(), dependencies)
            if local:
                dependencies = "\n".join(local + [dependencies])
        out.append(text[position:open_brace + 1])
        line = "".join(out).count("\n") + 1
        out.append(" ExampleRecording.record {" + body + "} ")
        position = close_brace
        stores.append((line, dependencies, test_reducer(text, match.start(), body)))
    out.append(text[position:])
    return "".join(out), stores


def extract(git_dir, work):
    examples = os.path.join(work, "tca")
    if os.path.isdir(examples):
        return examples
    archive = subprocess.run(["git", "--git-dir", git_dir, "archive", "HEAD", "Examples"],
                             stdout=subprocess.PIPE, check=True).stdout
    os.makedirs(examples)
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(examples, filter="data")
    return examples


def files(root, patterns, exclude):
    found = []
    for pattern in patterns:
        for path in sorted(glob.glob(os.path.join(root, pattern), recursive=True)):
            name = os.path.splitext(os.path.basename(path))[0]
            if any(name == e or name.endswith(e) for e in exclude):
                continue
            found.append(path)
    return found


def write_package(examples, package, modules):
    if os.path.isdir(package):
        for sub in ("Sources", "Tests"):
            shutil.rmtree(os.path.join(package, sub), ignore_errors=True)
    stores = {}
    store_dependencies = {}
    stand_ins = os.path.join(package, "Sources", "AppleStandIns")
    os.makedirs(stand_ins)
    shutil.copy(os.path.join(os.path.dirname(os.path.abspath(__file__)), "AppleStandIns.swift"), stand_ins)
    targets = ['.target(name: "AppleStandIns")']
    for module in modules:
        sources = os.path.join(package, "Sources", module.name)
        os.makedirs(sources)
        for path in files(examples, module.sources, module.exclude):
            with open(path) as f:
                text = strip_views(f.read())
            with open(os.path.join(sources, os.path.basename(path)), "w") as f:
                f.write(text)
        with open(os.path.join(sources, "LinuxStandIns.swift"), "w") as f:
            f.write(STAND_INS)
        deps = ", ".join([f'"{d}"' for d in ["AppleStandIns", *module.depends]] + list(module.products) + [
            '.product(name: "ComposableRuntime", package: "%TCA_REPLAY%")'])
        targets.append(f'.target(name: "{module.name}", dependencies: [{deps}])')
        tests = files(examples, module.tests, module.test_exclude)
        if not tests:
            continue
        test_dir = os.path.join(package, "Tests", module.name + "Tests")
        os.makedirs(test_dir)
        stores[module.name] = 0
        for path in tests:
            with open(path) as f:
                text, wrapped = wrap_test_stores(strip_views(f.read()))
            stores[module.name] += len(wrapped)
            file = os.path.splitext(os.path.basename(path))[0].replace("-", "_")
            imports = [m for m in re.findall(r"^(?:@testable )?import (\w+)$", text, flags=re.M)
                       if m not in ("Testing", "XCTest", "Foundation", "ComposableRuntime", module.name)]
            for line, dependencies, reducer in wrapped:
                store_dependencies[f"{module.name}.{file}.{line}"] = {
                    "statements": dependencies, "imports": imports, "reducer": reducer}
            with open(os.path.join(test_dir, os.path.basename(path)), "w") as f:
                f.write(text)
        with open(os.path.join(test_dir, "ExampleRecording.swift"), "w") as f:
            f.write(RECORDING.replace("%MODULE%", module.name))
        targets.append(
            f'.testTarget(name: "{module.name}Tests", dependencies: ["{module.name}", '
            '.product(name: "Recorder", package: "%TCA_REPLAY%"), '
            '.product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay")])')
    runner = os.path.join(package, "Sources", "ExampleRunner")
    os.makedirs(runner)
    with open(os.path.join(runner, "main.swift"), "w") as f:
        f.write("import TCAReplayCommands\n\nawait CommandLineTool.main(TCAReplay.self)\n")
    names = ", ".join(f'"{m.name}"' for m in modules)
    targets.append(
        f'.executableTarget(name: "ExampleRunner", dependencies: [{names}, '
        + ", ".join(f'.product(name: "{p}", package: "%TCA_REPLAY%")' for p in
                    ["TCAReplayCommands", "Replay", "TestGeneration", "ComposableRuntime"]) + "])")
    os.makedirs(os.path.join(package, "Tests", "GeneratedTests"))
    with open(os.path.join(package, "Tests", "GeneratedTests", "Placeholder.swift"), "w") as f:
        f.write("// The generated tests are written beside this file.\n")
    targets.append(
        f'.testTarget(name: "GeneratedTests", dependencies: [{names}, '
        '.product(name: "ComposableRuntime", package: "%TCA_REPLAY%"), '
        '.product(name: "TestGenerationSupport", package: "%TCA_REPLAY%"), '
        '.product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay")])')
    target_list = ",\n    ".join(targets)
    manifest = f"""// swift-tools-version: 6.1
// Written by Tools/TCAExamples/examples.py: TCA's examples against tca-replay's runtime.
import PackageDescription

let package = Package(
  name: "TCAExamples",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(path: {json.dumps(REPO)}),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    .package(url: "https://github.com/pointfreeco/swift-tagged", from: "0.10.0"),
  ],
  targets: [
    {target_list}
  ],
  swiftLanguageModes: [.v5]
)
"""
    with open(os.path.join(package, "Package.swift"), "w") as f:
        f.write(manifest.replace("%TCA_REPLAY%", os.path.basename(REPO).lower()))
    with open(os.path.join(package, "dependencies.json"), "w") as f:
        json.dump(store_dependencies, f, indent=2)
    return stores


def reducer_expression(package, module, reducer):
    """How the runner makes the reducer: `Feature()`, or `Feature.body` for a `@Reducer enum`."""
    sources = "".join(open(path).read() for path in glob.glob(os.path.join(package, "Sources", module, "*.swift")))
    if re.search(r"@Reducer(\([^)]*\))?\s+(public\s+)?enum\s+" + re.escape(reducer) + r"\b", sources):
        return f"{reducer}.body"
    return f"{reducer}()"


def session_identifier(name):
    """A Swift identifier for a recording's name (`Module.File.function.line`)."""
    return "session_" + re.sub(r"\W", "_", name)


def write_runner(package, features, sessions=None):
    """Registers every root feature the recordings name for `verify` and `test`, and each
    session's dependencies (`sessions`: {recording name: (module, statements, imports)}) for the
    reducer to call as it replays: the runner takes those of the session TCA_EXAMPLES_SESSION
    names. Each session's are in a file of their own, so one that does not compile is named."""
    sessions = sessions or {}
    runner = os.path.join(package, "Sources", "ExampleRunner")
    for old in glob.glob(os.path.join(runner, "Session_*.swift")):
        os.remove(old)
    for name, (module, statements, imports) in sessions.items():
        identifier = session_identifier(name)
        # NB: A generated test declares the test's clock itself; here the replay's clocks are its
        # own, and one of the session's keeps what names it compiling.
        if re.search(r"\bclock\b", statements) and not re.search(r"\blet clock\b", statements):
            statements = "let clock = TestClock()\n" + statements
        body = textwrap.indent(statements, "    ")
        with open(os.path.join(runner, f"Session_{identifier}.swift"), "w") as f:
            f.write(
                "// Written by Tools/TCAExamples/examples.py: the dependencies this session's test gave.\n"
                "import ComposableRuntime\nimport Foundation\n"
                + "".join(f"@testable import {m}\n" for m in sorted({module, *imports}))
                + f"\nextension ExampleSessions {{\n"
                f"  static let {identifier}: @Sendable (inout DependencyValues) -> Void = {{\n"
                f"{body}\n  }}\n}}\n")
    imports = sorted({module for module, _ in features})
    made = [(module, reducer_expression(package, module, reducer)) for module, reducer in features]
    replayable = ",\n      ".join(
        f"ReplayableFeature({{ {expression} }}, liveDependencies: {{ ExampleSessions.prepare(&$0) }})"
        for _, expression in made)
    testable = ",\n      ".join(
        f'TestableFeature(module: "{module}", withDependencies: {{ ExampleSessions.prepare(&$0) }}) '
        f'{{ {expression} }}' for module, expression in made)
    known = ",\n      ".join(
        f"{json.dumps(name)}: Self.{session_identifier(name)}" for name in sorted(sessions)) or ":"
    source = (
        "// Written by Tools/TCAExamples/examples.py: the example features the recordings name.\n"
        "import ComposableRuntime\nimport Foundation\nimport Replay\nimport TCAReplayCommands\n"
        "import TestGeneration\n"
        + "".join(f"@testable import {m}\n" for m in imports)
        + f"""
enum ExampleFeatures: ReplayableFeatures, TestableFeatures {{
  static var features: [ReplayableFeature] {{
    [
      {replayable}
    ]
  }}
  static var testableFeatures: [TestableFeature] {{
    [
      {testable}
    ]
  }}
}}

/// The dependencies each session's test gave its store, for the reducer to call as it replays.
enum ExampleSessions {{
  static var known: [String: @Sendable (inout DependencyValues) -> Void] {{
    [
      {known}
    ]
  }}

  static func prepare(_ dependencies: inout DependencyValues) {{
    guard let name = ProcessInfo.processInfo.environment["TCA_EXAMPLES_SESSION"],
      let prepare = Self.known[name]
    else {{ return }}
    prepare(&dependencies)
  }}
}}

await CommandLineTool.main(TCAReplay.FeatureCommands<ExampleFeatures>.self)
""")
    with open(os.path.join(runner, "main.swift"), "w") as f:
        f.write(source)


def run_tests(package, target, log, env=None):
    """Runs one test target; its Swift Testing results, {suite.test: passed}, from the xUnit file."""
    xunit = os.path.join(os.path.dirname(log), target + ".xml")
    for old in glob.glob(xunit[:-4] + "*.xml"):
        os.remove(old)
    result = run(["swift", "test", "--no-parallel", "--filter", "^" + target + "\\.", "--xunit-output", xunit],
                 package, log=log, env=env)
    results = {}
    path = xunit[:-4] + "-swift-testing.xml"
    if os.path.exists(path):
        for case in ElementTree.parse(path).iter("testcase"):
            name = case.get("classname", "") + "." + case.get("name", "")
            results[name] = case.find("failure") is None and case.find("error") is None
    return result, results


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("tca", help="a clone or bare mirror of swift-composable-architecture")
    parser.add_argument("--work", default="/tmp/tca-examples")
    parser.add_argument("--only", default="")
    parser.add_argument("--skip-tests", action="store_true", help="reuse the recordings")
    args = parser.parse_args()
    git_dir = args.tca if os.path.isdir(os.path.join(args.tca, "objects")) else os.path.join(args.tca, ".git")
    os.makedirs(args.work, exist_ok=True)
    examples = extract(git_dir, args.work)
    package = os.path.join(args.work, "package")
    traces = os.path.join(args.work, "traces")
    logs = os.path.join(args.work, "logs")
    os.makedirs(logs, exist_ok=True)
    modules = MODULES
    if args.only:
        wanted = args.only.split(",")
        modules = [m for m in MODULES if m.name in wanted or any(m.name in d.depends for d in MODULES if d.name in wanted)]
    stores = write_package(examples, package, modules)
    report = {m: {"stores": n} for m, n in stores.items()}

    if not args.skip_tests:
        shutil.rmtree(traces, ignore_errors=True)
        os.makedirs(traces)
        print("building and running the examples' tests, recorded", file=sys.stderr)
        for module in stores:
            result, results = run_tests(package, f"{module}Tests", os.path.join(logs, f"{module}Tests.log"),
                                        env={"TCA_EXAMPLES_TRACES": traces})
            report[module]["tests"] = len(results)
            report[module]["tests passing"] = sum(results.values())
            print(f"  {module}: {sum(results.values())} of {len(results)} tests pass (exit {result.returncode})", file=sys.stderr)

    # NB: With --only, the recordings of the modules left out are left out too.
    recordings = sorted(t for t in glob.glob(os.path.join(traces, "*.sqlite"))
                        if os.path.basename(t).split(".")[0] in stores)
    features = set()
    runner = os.path.join(package, ".build", "debug", "ExampleRunner")
    build = run(["swift", "build", "--product", "ExampleRunner"], package, log=os.path.join(logs, "runner-0.log"))
    headers = {}
    for trace in recordings:
        info = run([runner, "info", trace, "--json"], package)
        try:
            header = json.loads(info.stdout)
        except ValueError:
            headers[trace] = None
            continue
        headers[trace] = header
        state = header.get("stateType") or header.get("state_type") or ""
        if state.endswith(".State"):
            parts = state.split(".")
            features.add((parts[0], ".".join(parts[1:-1])))
    with open(os.path.join(package, "dependencies.json")) as f:
        store_dependencies = json.load(f)
    sessions = {}
    for trace in recordings:
        name = os.path.basename(trace)[: -len(".sqlite")]
        module_name, file, _, line = name.split(".")
        dependencies = store_dependencies.get(f"{module_name}.{file}.{line}")
        if dependencies and dependencies["statements"]:
            sessions[name] = (module_name, dependencies["statements"], dependencies["imports"])
    # A session whose dependencies do not compile in the runner is left out, and replays without.
    while True:
        write_runner(package, sorted(features), sessions)
        build = run(["swift", "build", "--product", "ExampleRunner"], package, log=os.path.join(logs, "runner.log"))
        broken = set(re.findall(r"Sources/ExampleRunner/Session_(\w+)\.swift:\d+:\d+: error", build.stdout))
        if build.returncode == 0 or not broken:
            break
        sessions = {n: v for n, v in sessions.items() if session_identifier(n) not in broken}
        print(f"  left out the dependencies of {len(broken)} sessions that do not compile in the runner",
              file=sys.stderr)
    if build.returncode != 0:
        print("the runner does not build; see " + os.path.join(logs, "runner.log"), file=sys.stderr)
        sys.exit(1)

    generated = os.path.join(package, "Tests", "GeneratedTests")
    outcome = {}
    for trace in recordings:
        name = os.path.basename(trace)[: -len(".sqlite")]
        module = name.split(".")[0]
        entry = {"module": module}
        session = {"TCA_EXAMPLES_SESSION": name}
        verify = run([runner, "verify", trace], package, env=session)
        entry["verify"] = verify.returncode
        entry["verify output"] = verify.stdout.strip().splitlines()[-3:]
        module_name, file, function, line = name.split(".")
        dependencies = store_dependencies.get(f"{module_name}.{file}.{line}", "")
        # NB: A Swift identifier: the case studies' file names start with digits.
        function = re.sub(r"\W", "_", f"{re.sub(r'^[0-9_]+', '', file)}_{function}_{line}")
        command = [runner, "test", trace, "--name", function, "-o",
                   os.path.join(generated, f"{function}.swift")]
        if dependencies and dependencies.get("reducer"):
            command += ["--reducer-expression", dependencies["reducer"]]
        if dependencies and dependencies["statements"]:
            command += ["--dependencies", dependencies["statements"]]
            for module_import in dependencies["imports"]:
                command += ["--import", module_import]
        test = run(command, package, env=session)
        entry["generated"] = test.returncode
        entry["function"] = function
        entry["test output"] = test.stdout.strip().splitlines()[-3:]
        outcome[name] = entry

    # Generated tests that do not compile are set aside one by one (the compiler names the file).
    while True:
        build = run(["swift", "build", "--build-tests"], package, log=os.path.join(logs, "generated-build.log"))
        broken = sorted(set(re.findall(r"Tests/GeneratedTests/(\w+)\.swift:\d+:\d+: error", build.stdout)))
        if build.returncode == 0 or not broken:
            break
        for function in broken:
            os.rename(os.path.join(generated, function + ".swift"), os.path.join(logs, function + ".swift.txt"))
            for entry in outcome.values():
                if entry.get("function") == function:
                    entry["compiles"] = False
                    entry["compiler"] = [l for l in build.stdout.splitlines() if f"/{function}.swift:" in l and "error" in l][:3]
    # One process per test: a test that crashes takes only itself down.
    for entry in outcome.values():
        if entry["generated"] != 0 or not entry.get("compiles", True):
            continue
        function = entry["function"]
        result = run(["swift", "test", "--skip-build", "--no-parallel", "--filter", f"GeneratedTests.{function}\\b"],
                     package, log=os.path.join(logs, f"{function}.log"))
        entry["passes"] = result.returncode == 0 and f"Test {function}() passed" in result.stdout
        if not entry["passes"]:
            entry["failure"] = [l for l in result.stdout.splitlines() if "recorded an issue" in l or "Fatal error" in l][:3]

    for module in report:
        entries = [e for e in outcome.values() if e["module"] == module]
        report[module]["recorded"] = len(entries)
        report[module]["verified identical"] = sum(e["verify"] == 0 for e in entries)
        report[module]["tests generated"] = sum(e["generated"] == 0 for e in entries)
        report[module]["generated tests passing"] = sum(e.get("passes", False) for e in entries)
    json.dump(outcome, open(os.path.join(args.work, "outcome.json"), "w"), indent=2)
    json.dump(report, open(os.path.join(args.work, "report.json"), "w"), indent=2)
    columns = ["stores", "tests", "tests passing", "recorded", "verified identical", "tests generated",
               "generated tests passing"]
    print("| example | " + " | ".join(columns) + " |")
    print("| --- |" + " --- |" * len(columns))
    for module, row in report.items():
        print(f"| {module} | " + " | ".join(str(row.get(c, "")) for c in columns) + " |")


if __name__ == "__main__":
    main()
