import RuntimePrimitives

/// The `Shared(value:)` boxes the trace coding of one value has met, so that a box held in two
/// places of a state decodes as one box again, not two.
///
/// SyncUps' tests push a detail and the meeting it records with one `Shared(value: syncUp)`; the
/// meeting saves through its place, and the detail sees it through its own. A trace that coded
/// each place as a value of its own would decode two boxes, and a replay would diverge where the
/// detail reads the meeting. So the coding `@ObservableState` synthesizes opens a scope for the
/// outermost value it codes (``_enter()``), the ones nested in it join it, and each box is
/// numbered in the order it is met: every place of a box is coded with its number beside its
/// value (`"$syncUp": {"box": 0}`), and decoding makes one box for each number, at whichever
/// place it meets it first.
///
/// NB: Numbers rather than coding paths: Foundation's `JSONEncoder` leaves a nested container's
/// key out of its coding path, so the same place has two paths in two coders.
///
/// NB: Kept in a thread-local slot rather than a task local: `init(from:)` assigns `self`, which
/// a closure could not, and coding never suspends, so the thread is the scope's.
public final class _SharedBoxScope {
  private var numbers: [ObjectIdentifier: Int] = [:]
  private var boxes: [Int: AnyObject] = [:]

  private init() {}

  /// What ``_enter()`` returns, to leave the scope with.
  public struct _Entry {
    fileprivate let opened: _SharedBoxScope?

    /// Closes the scope when this entry opened it.
    public func leave() {
      guard let opened = self.opened else { return }
      composable_runtime_box_scope_exchange(nil)
      Unmanaged.passUnretained(opened).release()
    }
  }

  /// Opens a scope on this thread unless one is open, in which case the caller joins it.
  public static func _enter() -> _Entry {
    guard composable_runtime_box_scope_get() == nil else { return _Entry(opened: nil) }
    let scope = _SharedBoxScope()
    composable_runtime_box_scope_exchange(Unmanaged.passRetained(scope).toOpaque())
    return _Entry(opened: scope)
  }

  /// The scope open on this thread, if any.
  static var current: _SharedBoxScope? {
    composable_runtime_box_scope_get().map {
      Unmanaged<_SharedBoxScope>.fromOpaque($0).takeUnretainedValue()
    }
  }

  /// The number of `box` in this scope: the one it was given when met before, or the next.
  func number(of box: AnyObject) -> Int {
    let id = ObjectIdentifier(box)
    if let number = self.numbers[id] { return number }
    let number = self.numbers.count
    self.numbers[id] = number
    return number
  }

  /// The box decoded for `number`, made by `make` the first time.
  func box<Box: AnyObject>(numbered number: Int, _ make: () -> Box) -> Box {
    if let box = self.boxes[number] as? Box { return box }
    let box = make()
    self.boxes[number] = box
    return box
  }
}

/// What a box's place is coded with beside its value: the box's number in its scope.
struct SharedBoxNumber: Codable {
  let box: Int
}
