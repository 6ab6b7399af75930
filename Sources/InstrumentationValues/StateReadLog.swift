import ConcurrencyExtras
import RuntimePrimitives

/// The state paths one reducer run read, taken while it runs on this thread.
///
/// `@ObservableState` turns each stored property into accessors that tell the log when the
/// property is read or modified (``StateReads/begin(_:_:_:)``); scoping reducers (`Scope`,
/// `ifLet`, `forEach`, presentation and stacks) say which child they run
/// (``StateReads/enter(_:element:from:into:)``). A read inside another, as in `state.counter.count`,
/// extends that one's path and stands for it. The log keeps paths, never values: the values are
/// in the trace.
///
/// ```swift
/// let log = StateReadLog(root: AppFeature.State.self)
/// let reads = log.taking { _ = reducer.reduce(into: &state, action: action) }
/// reads.map(\.description)  // ["counter.count"]
/// ```
///
/// NB: A class, and used from one thread only: the store's, while one reducer runs.
public final class StateReadLog {
  /// One step into a state, as a read names it.
  public enum Step: Hashable, @unchecked Sendable {
    /// A stored property: `count`.
    case field(String)
    /// The element of an identified collection with this id: `[id: 3]`.
    case id(AnyHashable)
  }

  /// A path read, root first, as the store's thread saw it; the recorder turns ids into text.
  public struct Path: Hashable, @unchecked Sendable, CustomStringConvertible {
    public var steps: [Step]

    public init(_ steps: [Step]) { self.steps = steps }

    public var description: String {
      self.steps.enumerated().map { index, step in
        switch step {
        case let .field(name): index == 0 ? name : "." + name
        case let .id(id): "[id: \(id.base)]"
        }
      }.joined()
    }
  }

  struct Node {
    let parent: Int
    let step: Step?
    let valueType: ObjectIdentifier
    /// Whether the access counts as a read: a modify or read of the whole value with no
    /// narrower access inside it, and not a scoping reducer's.
    var isRead: Bool
  }

  /// The accesses one run took, handed over as they are: the paths are made from them off the
  /// store's thread (``paths()``).
  public struct Taken: @unchecked Sendable {
    // NB: Steps hold ids as `AnyHashable`; they are only hashed and printed, never mutated.
    let nodes: [Node]

    /// The paths read, in the order first read, each once; a path is left out when a narrower
    /// read inside it was taken.
    public func paths() -> [Path] {
      var seen: Set<Path> = []
      var paths: [Path] = []
      for index in self.nodes.indices where self.nodes[index].isRead {
        let path = self.path(of: index)
        if seen.insert(path).inserted { paths.append(path) }
      }
      return paths
    }

    private func path(of index: Int) -> Path {
      var steps: [Step] = []
      var current = index
      while current > 0 {
        if let step = self.nodes[current].step { steps.append(step) }
        current = self.nodes[current].parent
      }
      return Path(steps.reversed())
    }
  }

  private let root: Node
  @exclusivity(unchecked) private var nodes: [Node]
  /// The open accesses, innermost last: node indices, `-1` for one whose place is unknown.
  @exclusivity(unchecked) private var open: [Int] = []
  /// Accesses made by the runtime itself (ids looked up, children found) are not reads.
  @exclusivity(unchecked) private var suspended = 0
  /// The member names of the scopes' key paths, found once each.
  ///
  /// NB: Keyed by the key path's value, not its identity: a reducer's `body` is built anew for
  /// every action, and with it the key paths it scopes through.
  @exclusivity(unchecked) private var members: [AnyKeyPath: String] = [:]

  /// A log for a reducer whose state is `root`.
  public init<Root>(root: Root.Type) {
    self.root = Node(parent: -1, step: nil, valueType: ObjectIdentifier(root), isRead: false)
    self.nodes = [self.root]
  }

  /// Runs `body` with this log taking this thread's reads, and returns the paths read.
  public func taking(_ body: () throws -> Void) rethrows -> [Path] {
    let previous = self.start()
    defer { composable_runtime_state_reads_exchange(previous) }
    try body()
    return self.take().paths()
  }

  /// Starts taking this thread's reads; ``stop(restoring:)`` ends it. For callers that cannot
  /// wrap the reducer's run in a closure.
  public func start() -> UnsafeMutableRawPointer? {
    composable_runtime_state_reads_exchange(Unmanaged.passUnretained(self).toOpaque())
  }

  /// Ends taking reads, puts back what ``start()`` returned, and hands over what was taken; the
  /// log is empty again.
  public func stop(restoring previous: UnsafeMutableRawPointer?) -> Taken {
    composable_runtime_state_reads_exchange(previous)
    return self.take()
  }

  /// What was taken, leaving the log empty. A run that accessed nothing hands over the root
  /// alone and keeps the log's memory.
  private func take() -> Taken {
    self.open.removeAll(keepingCapacity: true)
    self.suspended = 0
    guard self.nodes.count > 1 else { return Taken(nodes: []) }
    let taken = Taken(nodes: self.nodes)
    self.nodes = [self.root]
    return taken
  }

  // MARK: Accesses

  @usableFromInline
  func begin(_ subject: ObjectIdentifier, _ name: String, _ value: ObjectIdentifier) {
    guard self.suspended == 0 else {
      self.open.append(-1)
      return
    }
    var parent = self.open.last ?? 0
    if parent >= 0, self.nodes[parent].valueType != subject {
      parent = self.open.isEmpty ? self.lastNode(of: subject) : -1
    }
    guard parent >= 0 else {
      self.open.append(-1)
      return
    }
    self.nodes[parent].isRead = false
    self.nodes.append(Node(parent: parent, step: .field(name), valueType: value, isRead: true))
    self.open.append(self.nodes.count - 1)
  }

  /// For a copy read outside any open access: the last place a value of its type was read.
  private func lastNode(of type: ObjectIdentifier) -> Int {
    self.nodes.lastIndex { $0.valueType == type } ?? -1
  }

  @usableFromInline
  func end() {
    self.open.removeLast()
  }

  @usableFromInline
  func write(_ subject: ObjectIdentifier) {
    if let top = self.open.last, top > 0, self.nodes[top].valueType == subject {
      self.nodes[top].isRead = false
    }
  }

  /// A child runs: reached from the open access when that is the child's place (the scope's
  /// key path opened it, as `Scope` and `ifLet` do), or else from an open `parent` through the
  /// step's member, as for `\.$destination` and enum cases. The access that reached it is the
  /// scope's, not a read.
  @usableFromInline
  func enter(
    _ scope: ScopeStep, element: Step?, from parent: Any.Type, into child: ObjectIdentifier
  ) {
    let base = self.open.last ?? 0
    var steps: [Step]? = nil
    if base >= 0, self.suspended == 0 {
      let opened = type(of: scope.keyPath).valueType
      if self.nodes[base].valueType == ObjectIdentifier(opened) {
        steps = element.map { [$0] } ?? []
      } else if self.nodes[base].valueType == ObjectIdentifier(parent) {
        let member = self.member(of: scope)
        steps = [.field(member)] + (element.map { [$0] } ?? [])
        // NB: A key path through a computed property gets the child before it runs and sets it
        // after: that get is the scope's, not a read.
        if let last = self.nodes.indices.last, self.nodes[last].parent == base,
          self.nodes[last].step == .field(member)
        {
          self.nodes[last].isRead = false
        }
      }
    }
    guard let steps else {
      self.open.append(-1)
      return
    }
    self.nodes[base].isRead = false
    var parentIndex = base
    for step in steps.dropLast() {
      self.nodes.append(Node(parent: parentIndex, step: step, valueType: child, isRead: false))
      parentIndex = self.nodes.count - 1
    }
    self.nodes.append(Node(parent: parentIndex, step: steps.last, valueType: child, isRead: false))
    self.open.append(self.nodes.count - 1)
  }

  /// The scope's member, without a projection's `$`, found once per key path and label.
  private func member(of scope: ScopeStep) -> String {
    if let label = scope.label { return label.hasPrefix("$") ? String(label.dropFirst()) : label }
    if let member = self.members[scope.keyPath] { return member }
    var member = scope.member
    if member.hasPrefix("$") { member.removeFirst() }
    self.members[scope.keyPath] = member
    return member
  }

  @usableFromInline
  func suspend() { self.suspended += 1 }
  @usableFromInline
  func resume() { self.suspended -= 1 }
}
