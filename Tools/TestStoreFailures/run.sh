#!/usr/bin/env bash
# Whether a wrong TestStore expectation fails `swift test` in a user's test target: a scratch
# package that depends on this repository by path, one wrong `send` under Swift Testing and one
# under XCTest, with and without xctest-dynamic-overlay's IssueReportingTestSupport. Prints the
# exit status of each run (docs/Test-generation.md#the-test-target holds the figures).
#
#   Tools/TestStoreFailures/run.sh [DIR]   # DIR: where the scratch package goes (reused if there)
#
# A cold run builds swift-syntax for the macros: five minutes or more on two cores.
set -euo pipefail
repository="$(cd "$(dirname "$0")/../.." && pwd)"
scratch="${1:-$(mktemp -d)}"
mkdir -p "$scratch/Sources/Feature" "$scratch/Tests/FeatureTests"
cd "$scratch"

manifest() {
  local testSupport=""
  if [[ "$1" == with ]]; then
    testSupport='.product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),'
  fi
  cat >Package.swift <<EOF
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "TestStoreFailures",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(path: "$repository"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
  ],
  targets: [
    .target(name: "Feature", dependencies: [.product(name: "ComposableRuntime", package: "$(basename "$repository")")]),
    .testTarget(
      name: "FeatureTests",
      dependencies: [
        "Feature", .product(name: "ComposableRuntime", package: "$(basename "$repository")"),
        $testSupport
      ]),
  ]
)
EOF
}

cat >Sources/Feature/Counter.swift <<'EOF'
import ComposableRuntime

@Reducer
public struct Counter {
  @ObservableState
  public struct State: Equatable {
    public var count = 0
    public init() {}
  }
  public enum Action { case incrementButtonTapped }
  public init() {}
  public var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}
EOF
cat >Tests/FeatureTests/SwiftTestingStore.swift <<'EOF'
import ComposableRuntime
import Feature
import Testing

@MainActor
@Suite struct SwiftTestingStore {
  @Test func wrongExpectation() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.incrementButtonTapped) { $0.count = 2 }
  }

  @Test func rightExpectation() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.incrementButtonTapped) { $0.count = 1 }
  }
}
EOF
cat >Tests/FeatureTests/XCTestStore.swift <<'EOF'
import ComposableRuntime
import Feature
import XCTest

final class XCTestStore: XCTestCase {
  @MainActor func testWrongExpectation() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.incrementButtonTapped) { $0.count = 2 }
  }

  @MainActor func testRightExpectation() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.incrementButtonTapped) { $0.count = 1 }
  }
}
EOF

for testSupport in without with; do
  manifest "$testSupport"
  # NB: IssueReporting looks for libIssueReportingTestSupport.so beside the test binary too: one
  # left from a run with the product would be found by a run without it.
  rm -f .build/debug/libIssueReportingTestSupport.so
  swift build --build-tests >build.log 2>&1 || { cat build.log >&2; exit 1; }
  for filter in SwiftTestingStore.wrongExpectation XCTestStore.testWrongExpectation \
    'SwiftTestingStore.rightExpectation|XCTestStore.testRightExpectation'; do
    status=0
    swift test --skip-build --filter "$filter" >"run-$testSupport-${filter%%|*}.log" 2>&1 ||
      status=$?
    printf '%-7s IssueReportingTestSupport  swift test --filter %-70s exit %d\n' \
      "$testSupport" "'$filter'" "$status"
  done
done
echo "logs in $scratch"
