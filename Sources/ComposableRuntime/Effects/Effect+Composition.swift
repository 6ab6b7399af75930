extension Effect {
  /// Runs effects at the same time.
  ///
  /// `.none` is the identity: merging with it returns the other effect unchanged.
  @inlinable
  public static func merge(_ effects: Self...) -> Self {
    .merge(effects)
  }

  /// Runs a sequence of effects at the same time.
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    var flattened: [Self] = []
    for effect in effects {
      switch effect.operation {
      case .none: continue
      case let .merge(children): flattened.append(contentsOf: children)
      default: flattened.append(effect)
      }
    }
    switch flattened.count {
    case 0: return .none
    case 1: return flattened[0]
    default: return Self(operation: .merge(flattened))
    }
  }

  /// Runs this effect and another at the same time.
  @inlinable
  public func merge(with other: Self) -> Self {
    switch (self.operation, other.operation) {
    case (.none, _): other
    case (_, .none): self
    default: .merge([self, other])
    }
  }

  /// Runs effects one after the other: each starts when the one before it has finished.
  @inlinable
  public static func concatenate(_ effects: Self...) -> Self {
    .concatenate(effects)
  }

  /// Runs a sequence of effects one after the other.
  ///
  /// Soft-deprecated in TCA 1.25 in favour of sequencing work inside one `.run`.
  public static func concatenate(_ effects: some Collection<Self>) -> Self {
    var flattened: [Self] = []
    for effect in effects {
      switch effect.operation {
      case .none: continue
      case let .concatenate(children): flattened.append(contentsOf: children)
      default: flattened.append(effect)
      }
    }
    switch flattened.count {
    case 0: return .none
    case 1: return flattened[0]
    default: return Self(operation: .concatenate(flattened))
    }
  }

  /// Runs this effect, then the other once this one has finished.
  @inlinable
  public func concatenate(with other: Self) -> Self {
    .concatenate([self, other])
  }

  /// Turns every action this effect sends into another action.
  ///
  /// Soft-deprecated in TCA 1.25 ("Avoid transforming effects"); `Scope` uses it to embed a child's
  /// actions in its parent's.
  public func map<T>(_ transform: @escaping @Sendable (Action) -> T) -> Effect<T> {
    switch self.operation {
    case .none:
      return .none
    // NB: Lazily, as in TCA (where `.send` is a `Just` publisher): the transform sees the action
    // when it is delivered, so an operator watching what an effect sends (the reducer recorder)
    // hears of it then, and never for a send a cancellation drops.
    case let .send(action):
      return Effect<T>(operation: .mappedSend { transform(action) })
    case let .mappedSend(action):
      return Effect<T>(operation: .mappedSend { transform(action()) })
    case let .run(run):
      return Effect<T>(operation: .run(run.map(transform)))
    case let .cancel(id, reason):
      return Effect<T>(operation: .cancel(id, reason: reason))
    case let .cancelNavigation(path):
      return Effect<T>(operation: .cancelNavigation(path))
    case let .merge(effects):
      return Effect<T>(operation: .merge(effects.map { $0.map(transform) }))
    case let .concatenate(effects):
      return Effect<T>(operation: .concatenate(effects.map { $0.map(transform) }))
    case let .cancellable(id, cancelInFlight, effect):
      return Effect<T>(
        operation: .cancellable(id, cancelInFlight: cancelInFlight, effect.map(transform))
      )
    }
  }
}
