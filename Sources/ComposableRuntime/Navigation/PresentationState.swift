/// The state of a feature a parent presents (a sheet, a popover, a destination enum), `nil` when
/// nothing is presented.
///
/// Use it through ``Presents``:
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   @Presents var destination: Destination.State?
/// }
/// …
/// .ifLet(\.$destination, action: \.destination)
/// ```
///
/// Storage is copy-on-write, so copying a parent state that presents a large child is O(1), and two
/// copies that share storage compare equal without comparing the child.
///
/// NB: In TCA, `@Presents` is a macro tied to observation. Linux has no view to observe, so here it
/// is this property wrapper under another name: the same declaration compiles, and `\.$destination`
/// is the same key path to a `PresentationState`.
@propertyWrapper
public struct PresentationState<State> {
  private var storage: Storage

  private final class Storage: @unchecked Sendable {
    var state: State?
    init(state: State?) { self.state = state }
  }

  /// Wraps a presented state, or `nil`.
  public init(wrappedValue: State?) {
    self.storage = Storage(state: wrappedValue)
  }

  /// The presented state, `nil` when nothing is presented.
  public var wrappedValue: State? {
    get { self.storage.state }
    set {
      if isKnownUniquelyReferenced(&self.storage) {
        self.storage.state = newValue
      } else {
        self.storage = Storage(state: newValue)
      }
    }
  }

  /// The wrapper itself, so that `\.$destination` names it.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// Whether two values share storage, which makes them equal without comparing the states.
  func sharesStorage(with other: Self) -> Bool {
    self.storage === other.storage
  }
}

/// The name features declare presented state with: `@Presents var destination: Destination.State?`.
public typealias Presents = PresentationState

extension PresentationState: Equatable where State: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.sharesStorage(with: rhs) || lhs.wrappedValue == rhs.wrappedValue
  }
}

extension PresentationState: Hashable where State: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.wrappedValue)
  }
}

extension PresentationState: Sendable where State: Sendable {}

extension PresentationState: Decodable where State: Decodable {
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try State?(from: decoder))
  }
}

extension PresentationState: Encodable where State: Encodable {
  public func encode(to encoder: any Encoder) throws {
    try self.wrappedValue.encode(to: encoder)
  }
}

extension PresentationState: CustomReflectable {
  /// Reflects as the presented state, so dumps and diffs show the child, not the wrapper.
  public var customMirror: Mirror {
    Mirror(reflecting: self.wrappedValue as Any)
  }
}

/// The actions of a presented feature, as its parent sees them.
@CasePathable
public enum PresentationAction<Action> {
  /// The presented feature is dismissed: the parent removes its state.
  case dismiss
  /// An action of the presented feature.
  indirect case presented(Action)
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}
/// Encoded as `{"dismiss": {}}` or `{"presented": {"_0": …}}`, so a recording can be replayed.
extension PresentationAction: Decodable where Action: Decodable {}
extension PresentationAction: Encodable where Action: Encodable {}
