import Dependencies

/// Where a feature sits in the navigation tree: one element per presented or scoped child, from the
/// root. Effects record it when they are built, so that a parent can cancel everything its child
/// started when the child goes away.
@usableFromInline
struct NavigationIDPath: Hashable, Sendable {
  var path: [AnyHashableSendable]

  init(path: [AnyHashableSendable] = []) {
    self.path = path
  }

  /// This path extended by one element.
  func appending(_ element: some Hashable & Sendable) -> Self {
    Self(path: self.path + [AnyHashableSendable(element)])
  }

  /// Whether `self` is `other` or one of its descendants.
  func hasPrefix(_ other: Self) -> Bool {
    other.path.count <= self.path.count && self.path.starts(with: other.path)
  }

  /// Every prefix of this path, shortest (the root) first, ending with the path itself.
  var prefixes: [Self] {
    (0...self.path.count).map { Self(path: Array(self.path.prefix($0))) }
  }
}

private enum NavigationIDPathKey: DependencyKey {
  static let liveValue = NavigationIDPath()
  static let testValue = NavigationIDPath()
}

extension DependencyValues {
  @usableFromInline
  var navigationIDPath: NavigationIDPath {
    get { self[NavigationIDPathKey.self] }
    set { self[NavigationIDPathKey.self] = newValue }
  }
}
