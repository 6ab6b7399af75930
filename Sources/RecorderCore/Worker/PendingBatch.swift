import InstrumentationValues
import Trace

/// A batch on its way from the worker's first stage to its writing stage: the records, the
/// values still to encode for replay, and the flushes that wait for it.
struct PendingBatch {
  var batch = TraceBatch()
  /// Actions whose exact encodings go in `batch.actions`, by index, each with what tells it apart
  /// when it is enum cases all the way down (see ``EncodingCache``), or else the values shared
  /// values held when it was recorded.
  ///
  /// NB: An action may hand over a `Shared` (SyncUps' `startMeeting`, or a child's state pushed
  /// with one): it is a reference, and by the time the action is encoded its storage may hold a
  /// later value.
  var actionsToEncode:
    [(index: Int, action: Any, key: EncodingCache.Key?, shared: SharedLookup?)] = []
  /// Actions whose exact encodings go in `batch.deniedInputs`, by index, with the values shared
  /// values held when each was recorded.
  var deniedToEncode: [(index: Int, action: Any, shared: SharedLookup)] = []
  /// States whose exact encodings go in `batch.keyframes`, by index, with the values their
  /// shared values held when recorded.
  var keyframesToEncode: [(index: Int, state: Any, shared: SharedLookup)] = []
  var barriers: [Barrier] = []
  /// The first value of the batch that has no coding (a closure in an action), as the coding
  /// `@Reducer` synthesizes reports it: what keeps the trace from being replayed.
  var uncodable: UncodableValueError?

  /// The number of actions and denied inputs in the batch.
  var eventCount: Int { self.batch.actions.count + self.batch.deniedInputs.count }

  /// Fills in the exact encodings, each `nil` when the value does not encode; an action whose
  /// encoding `cache` holds is not encoded again.
  mutating func encode(with encoder: TraceEncoder, cache: inout EncodingCache) {
    for (index, action, key, shared) in self.actionsToEncode {
      self.batch.actions[index].encoding = cache.encoding(of: key) {
        guard let shared else {
          return Self.encoding(of: action, with: encoder, uncodable: &self.uncodable)
        }
        return SharedValueOverride.withLookup(shared) {
          Self.encoding(of: action, with: encoder, uncodable: &self.uncodable)
        }
      }
    }
    if !self.deniedToEncode.isEmpty {
      // NB: A denied input is kept for replay only, so one that does not encode is not kept.
      var failed: Set<Int> = []
      for (index, action, shared) in self.deniedToEncode {
        let encoding = SharedValueOverride.withLookup(shared) {
          Self.encoding(of: action, with: encoder, uncodable: &self.uncodable)
        }
        if let encoding {
          self.batch.deniedInputs[index].encoding = encoding
        } else {
          failed.insert(index)
        }
      }
      if !failed.isEmpty {
        self.batch.deniedInputs = self.batch.deniedInputs.enumerated()
          .filter { !failed.contains($0.offset) }.map(\.element)
      }
    }
    for (index, state, shared) in self.keyframesToEncode {
      self.batch.keyframes[index].codable = SharedValueOverride.withLookup(shared) {
        Self.encoding(of: state, with: encoder, uncodable: &self.uncodable)
      }
    }
  }

  private static func encoding(
    of value: Any, with encoder: TraceEncoder, uncodable: inout UncodableValueError?
  ) -> [UInt8]? {
    guard let encodable = value as? any Encodable else { return nil }
    do {
      return try encoder.encode(encodable)
    } catch let error as UncodableValueError {
      if uncodable == nil { uncodable = error }
      return nil
    } catch {
      return nil
    }
  }
}

/// What a shared value's storage held when an event was recorded, or `nil` to read it live.
typealias SharedLookup = @Sendable (AnyObject) -> Any?

// NB: A batch moves whole from the first stage to the writing stage through a `HandOff` and is
// never touched by the first again; the values it holds were already shared by the store's
// thread through the event queue in the same way.
extension PendingBatch: @unchecked Sendable {}
