import ComposableRuntime
import Foundation

// A noughts-and-crosses game in the shape of TCA's TicTacToe example: its model types live
// outside the feature and none is `Codable` (a generic grid, a plain enum, a struct in a
// `Result` with an `any Error` failure and in an array), its state has a custom initializer and
// no default for the players' names, and its root is a `@Reducer enum`.

/// Three of anything, in order.
public struct Row<Element> {
  public var left: Element
  public var middle: Element
  public var right: Element

  public init(_ left: Element, _ middle: Element, _ right: Element) {
    self.left = left
    self.middle = middle
    self.right = right
  }

  subscript(_ index: Int) -> Element {
    get { index == 0 ? self.left : index == 1 ? self.middle : self.right }
    set {
      switch index {
      case 0: self.left = newValue
      case 1: self.middle = newValue
      default: self.right = newValue
      }
    }
  }
}

extension Row: Equatable where Element: Equatable {}
extension Row: Sendable where Element: Sendable {}

/// A player's mark.
public enum Mark: Equatable, Sendable {
  case nought
  case cross
}

/// A move a player made.
public struct Move: Equatable, Sendable {
  public var mark: Mark
  public var row: Int
  public var column: Int
}

/// A board that has to be checked by a referee.
public struct RefereeError: Error, LocalizedError {
  public var errorDescription: String? { "The referee is away." }
}

@Reducer
public struct Noughts: Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var board = Row(Row<Mark?>(nil, nil, nil), Row<Mark?>(nil, nil, nil), Row<Mark?>(nil, nil, nil))
    public var moves: [Move] = []
    public var turn = Mark.cross
    public var noughtsName: String
    public var crossesName: String
    public var verdict: String?

    public init(noughtsName: String, crossesName: String) {
      self.noughtsName = noughtsName
      self.crossesName = crossesName
    }
  }

  public enum Action: Sendable {
    case cellTapped(row: Int, column: Int)
    case refereeChecked(Result<Move, any Error>)
  }

  @Dependency(\.continuousClock) var clock

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .cellTapped(row, column):
        guard state.board[row][column] == nil else { return .none }
        let move = Move(mark: state.turn, row: row, column: column)
        state.board[row][column] = state.turn
        state.moves.append(move)
        state.turn = state.turn == .cross ? .nought : .cross
        return .run { [moves = state.moves.count] send in
          try await self.clock.sleep(for: .milliseconds(100))
          await send(
            .refereeChecked(moves.isMultiple(of: 3) ? .failure(RefereeError()) : .success(move)))
        }
      case let .refereeChecked(.success(move)):
        state.verdict = "\(move.row),\(move.column) stands"
        return .none
      case let .refereeChecked(.failure(error)):
        state.verdict = error.localizedDescription
        return .none
      }
    }
  }
}

/// Names the players, then plays.
@Reducer
public enum NoughtsApp {
  case naming(Naming)
  case playing(Noughts)
}

extension NoughtsApp.State: Equatable {}

@Reducer
public struct Naming: Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var name = ""
  }

  public enum Action: Sendable {
    case nameChanged(String)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .nameChanged(name):
        state.name = name
        return .none
      }
    }
  }
}
