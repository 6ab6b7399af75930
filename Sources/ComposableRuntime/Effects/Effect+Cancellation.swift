extension Effect {
  /// Makes the effect cancellable by `id`, with ``cancel(id:)``.
  ///
  /// With `cancelInFlight`, starting this effect first cancels any effect already running under
  /// the same id, which is how a search cancels the request of the previous keystroke:
  ///
  /// ```swift
  /// return .run { send in
  ///   try await clock.sleep(for: .milliseconds(300))
  ///   await send(.searchResponse(try await client.search(query)))
  /// }
  /// .cancellable(id: CancelID.search, cancelInFlight: true)
  /// ```
  ///
  /// Ids belong to one store and to the feature's place in the navigation tree (as in TCA): the
  /// same id used by two stores, or by two presented children, names different effects.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    switch self.operation {
    case .none:
      return .none
    default:
      @Dependency(\.navigationIDPath) var navigationIDPath
      return Self(
        operation: .cancellable(
          CancelID(id: id, navigationIDPath: navigationIDPath),
          cancelInFlight: cancelInFlight,
          self
        )
      )
    }
  }

  /// An effect that cancels the effects running under `id` when the store starts it.
  ///
  /// The store's instrumentation reports each of them as cancelled by this id, and never also as
  /// finished.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    @Dependency(\.navigationIDPath) var navigationIDPath
    let cancelID = CancelID(id: id, navigationIDPath: navigationIDPath)
    return Self(operation: .cancel(cancelID, reason: .cancelID(cancelID.id)))
  }
}

/// The key a cancellable effect is registered under: the user's id, its type, and the navigation
/// path of the feature that made it.
@usableFromInline
struct CancelID: Hashable, Sendable {
  let id: AnyHashableSendable
  let discriminator: ObjectIdentifier
  let navigationIDPath: NavigationIDPath

  init(id: some Hashable & Sendable, navigationIDPath: NavigationIDPath) {
    self.id = AnyHashableSendable(id)
    self.discriminator = ObjectIdentifier(type(of: id))
    self.navigationIDPath = navigationIDPath
  }

  private init(id: AnyHashableSendable, discriminator: ObjectIdentifier, path: NavigationIDPath) {
    self.id = id
    self.discriminator = discriminator
    self.navigationIDPath = path
  }

  /// The same id at each prefix of its navigation path, shortest first, ending with itself: an
  /// effect made by a child can be cancelled by its ancestors with the same id, as in TCA.
  var withPathPrefixes: [CancelID] {
    self.navigationIDPath.prefixes.map {
      CancelID(id: self.id, discriminator: self.discriminator, path: $0)
    }
  }
}
