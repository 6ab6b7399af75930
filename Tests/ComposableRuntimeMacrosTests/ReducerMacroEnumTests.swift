import MacroTesting
import Testing

@Suite(.macros(["Reducer": MacroSpecs.reducer], indentationWidth: .spaces(2), record: .never))
struct ReducerMacroEnumTests {
  @Test func twoReducerCases() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case editor(Editor)
        case detail(Detail)
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case editor(Editor)
        case detail(Detail)

        @CasePathable
        @dynamicMemberLookup
        @ComposableRuntime._TraceCodable
        enum State: ComposableRuntime.CaseReducerState, ComposableRuntime.ObservableState, CasePaths.CasePathable, CasePaths.CasePathIterable {
          typealias StateReducer = Destination
          case editor(Editor.State)
          case detail(Detail.State)
        }

        @CasePathable
        @ComposableRuntime._TraceCodable
        enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable {
          case editor(Editor.Action)
          case detail(Detail.Action)
        }

        @ComposableRuntime.ReducerBuilder<Self.State, Self.Action>
        static var body: ComposableRuntime.Reduce<Self.State, Self.Action> {
          ComposableRuntime.Reduce(
            ComposableRuntime.EmptyReducer<Self.State, Self.Action>()
            .ifCaseLet(\Self.State.Cases.editor, action: \Self.Action.Cases.editor) {
              Editor()
            }
            .ifCaseLet(\Self.State.Cases.detail, action: \Self.Action.Cases.detail) {
              Detail()
            }
          )
        }

        enum CaseScope {
          case editor(ComposableRuntime.StoreOf<Editor>)
          case detail(ComposableRuntime.StoreOf<Detail>)
        }

        @preconcurrency @MainActor
        static func scope(_ store: ComposableRuntime.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .editor:
            return .editor(store.scope(state: \.editor, action: \.editor)!)
          case .detail:
            return .detail(store.scope(state: \.detail, action: \.detail)!)
          }
        }
      }

      extension Destination: ComposableRuntime.CaseReducer, ComposableRuntime.Reducer {
      }
      """#
    }
  }

  @Test func casesWithoutOneReducerPayloadAreIgnored() {
    assertMacro {
      """
      @Reducer
      enum Path {
        case detail(Detail)
        case none
        case meeting(Meeting, syncUp: SyncUp)
        @ReducerCaseIgnored
        case settings(Settings)
      }
      """
    } expansion: {
      #"""
      enum Path {
        case detail(Detail)
        @ReducerCaseIgnored
        case none
        @ReducerCaseIgnored
        case meeting(Meeting, syncUp: SyncUp)
        @ReducerCaseIgnored
        case settings(Settings)

        @CasePathable
        @dynamicMemberLookup
        @ComposableRuntime._TraceCodable
        enum State: ComposableRuntime.CaseReducerState, ComposableRuntime.ObservableState, CasePaths.CasePathable, CasePaths.CasePathIterable {
          typealias StateReducer = Path
          case detail(Detail.State)
          case none
          case meeting(Meeting, syncUp: SyncUp)
          case settings(Settings)
        }

        @CasePathable
        @ComposableRuntime._TraceCodable
        enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable {
          case detail(Detail.Action)
          case none(Swift.Never)
          case meeting(Swift.Never)
          case settings(Swift.Never)
        }

        @ComposableRuntime.ReducerBuilder<Self.State, Self.Action>
        static var body: ComposableRuntime.Reduce<Self.State, Self.Action> {
          ComposableRuntime.Reduce(
            ComposableRuntime.EmptyReducer<Self.State, Self.Action>()
            .ifCaseLet(\Self.State.Cases.detail, action: \Self.Action.Cases.detail) {
              Detail()
            }
          )
        }

        enum CaseScope {
          case detail(ComposableRuntime.StoreOf<Detail>)
          case none
          case meeting(Meeting, syncUp: SyncUp)
          case settings(Settings)
        }

        @preconcurrency @MainActor
        static func scope(_ store: ComposableRuntime.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .detail:
            return .detail(store.scope(state: \.detail, action: \.detail)!)
          case .none:
            return .none
          case let .meeting(v0, v1):
            return .meeting(v0, syncUp: v1)
          case let .settings(v0):
            return .settings(v0)
          }
        }
      }

      extension Path: ComposableRuntime.CaseReducer, ComposableRuntime.Reducer {
      }
      """#
    }
  }

  @Test func alertAndDialogCasesAreEphemeral() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case alert(AlertState<Alert>)
        case dialog(ConfirmationDialogState<Dialog>)
        case editor(Editor)

        enum Alert {
          case confirmDeletion
        }
      }
      """
    } expansion: {
      #"""
      enum Destination {
        @ReducerCaseEphemeral
        case alert(AlertState<Alert>)
        @ReducerCaseEphemeral
        case dialog(ConfirmationDialogState<Dialog>)
        case editor(Editor)

        enum Alert {
          case confirmDeletion
        }

        @CasePathable
        @dynamicMemberLookup
        @ComposableRuntime._TraceCodable
        enum State: ComposableRuntime.CaseReducerState, ComposableRuntime.ObservableState, CasePaths.CasePathable, CasePaths.CasePathIterable {
          typealias StateReducer = Destination
          case alert(AlertState<Alert>)
          case dialog(ConfirmationDialogState<Dialog>)
          case editor(Editor.State)
        }

        @CasePathable
        @ComposableRuntime._TraceCodable
        enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable {
          case alert(Alert)
          case dialog(Dialog)
          case editor(Editor.Action)
        }

        @ComposableRuntime.ReducerBuilder<Self.State, Self.Action>
        static var body: ComposableRuntime.Reduce<Self.State, Self.Action> {
          ComposableRuntime.Reduce(
            ComposableRuntime.EmptyReducer<Self.State, Self.Action>()
            .ifCaseLet(\Self.State.Cases.editor, action: \Self.Action.Cases.editor) {
              Editor()
            }
          )
        }

        enum CaseScope {
          case alert(AlertState<Alert>)
          case dialog(ConfirmationDialogState<Dialog>)
          case editor(ComposableRuntime.StoreOf<Editor>)
        }

        @preconcurrency @MainActor
        static func scope(_ store: ComposableRuntime.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case let .alert(v0):
            return .alert(v0)
          case let .dialog(v0):
            return .dialog(v0)
          case .editor:
            return .editor(store.scope(state: \.editor, action: \.editor)!)
          }
        }
      }

      extension Destination: ComposableRuntime.CaseReducer, ComposableRuntime.Reducer {
      }
      """#
    }
  }

  @Test func publicEnumGivesGeneratedMembersItsAccess() {
    assertMacro {
      """
      @Reducer
      public enum Destination {
        case editor(Editor)
        case alert(AlertState<Alert>)
      }
      """
    } expansion: {
      #"""
      public enum Destination {
        case editor(Editor)
        @ReducerCaseEphemeral
        case alert(AlertState<Alert>)

        @CasePathable
        @dynamicMemberLookup
        @ComposableRuntime._TraceCodable
        public enum State: ComposableRuntime.CaseReducerState, ComposableRuntime.ObservableState, CasePaths.CasePathable, CasePaths.CasePathIterable {
          public typealias StateReducer = Destination
          case editor(Editor.State)
          case alert(AlertState<Alert>)
        }

        @CasePathable
        @ComposableRuntime._TraceCodable
        public enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable {
          case editor(Editor.Action)
          case alert(Alert)
        }

        @ComposableRuntime.ReducerBuilder<Self.State, Self.Action>
        public static var body: ComposableRuntime.Reduce<Self.State, Self.Action> {
          ComposableRuntime.Reduce(
            ComposableRuntime.EmptyReducer<Self.State, Self.Action>()
            .ifCaseLet(\Self.State.Cases.editor, action: \Self.Action.Cases.editor) {
              Editor()
            }
          )
        }

        public enum CaseScope {
          case editor(ComposableRuntime.StoreOf<Editor>)
          case alert(AlertState<Alert>)
        }

        @preconcurrency @MainActor
        public static func scope(_ store: ComposableRuntime.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .editor:
            return .editor(store.scope(state: \.editor, action: \.editor)!)
          case let .alert(v0):
            return .alert(v0)
          }
        }
      }

      extension Destination: ComposableRuntime.CaseReducer, ComposableRuntime.Reducer {
      }
      """#
    }
  }

  @Test func packageEnumWithoutCases() {
    assertMacro {
      """
      @Reducer
      package enum Destination {
      }
      """
    } expansion: {
      """
      package enum Destination {

        @CasePathable
        @dynamicMemberLookup
        @ComposableRuntime._TraceCodable
        package enum State: ComposableRuntime.CaseReducerState, ComposableRuntime.ObservableState, CasePaths.CasePathable, CasePaths.CasePathIterable {
          package typealias StateReducer = Destination
        }

        @CasePathable
        @ComposableRuntime._TraceCodable
        package enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable {
        }

        @ComposableRuntime.ReducerBuilder<Self.State, Self.Action>
        package static var body: ComposableRuntime.EmptyReducer<Self.State, Self.Action> {
          ComposableRuntime.EmptyReducer<Self.State, Self.Action>()
        }

        package enum CaseScope {
        }

        @preconcurrency @MainActor
        package static func scope(_ store: ComposableRuntime.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          }
        }
      }

      extension Destination: ComposableRuntime.CaseReducer, ComposableRuntime.Reducer {
      }
      """
    }
  }

  @Test func defaultValueBuildsTheChildReducer() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case meeting(Meeting = Meeting(context: .sheet))
        case nested(Nested.Feature)
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case meeting(Meeting = Meeting(context: .sheet))
        case nested(Nested.Feature)

        @CasePathable
        @dynamicMemberLookup
        @ComposableRuntime._TraceCodable
        enum State: ComposableRuntime.CaseReducerState, ComposableRuntime.ObservableState, CasePaths.CasePathable, CasePaths.CasePathIterable {
          typealias StateReducer = Destination
          case meeting(Meeting.State)
          case nested(Nested.Feature.State)
        }

        @CasePathable
        @ComposableRuntime._TraceCodable
        enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable {
          case meeting(Meeting.Action)
          case nested(Nested.Feature.Action)
        }

        @ComposableRuntime.ReducerBuilder<Self.State, Self.Action>
        static var body: ComposableRuntime.Reduce<Self.State, Self.Action> {
          ComposableRuntime.Reduce(
            ComposableRuntime.EmptyReducer<Self.State, Self.Action>()
            .ifCaseLet(\Self.State.Cases.meeting, action: \Self.Action.Cases.meeting) {
              Meeting(context: .sheet)
            }
            .ifCaseLet(\Self.State.Cases.nested, action: \Self.Action.Cases.nested) {
              Nested.Feature()
            }
          )
        }

        enum CaseScope {
          case meeting(ComposableRuntime.StoreOf<Meeting>)
          case nested(ComposableRuntime.StoreOf<Nested.Feature>)
        }

        @preconcurrency @MainActor
        static func scope(_ store: ComposableRuntime.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .meeting:
            return .meeting(store.scope(state: \.meeting, action: \.meeting)!)
          case .nested:
            return .nested(store.scope(state: \.nested, action: \.nested)!)
          }
        }
      }

      extension Destination: ComposableRuntime.CaseReducer, ComposableRuntime.Reducer {
      }
      """#
    }
  }

  @Test func ifConfigBlocksAreRepeated() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case child(Child)
        #if DEBUG
          case debug(DebugMenu)
        #else
          case about
        #endif
        #if os(Linux)
          case value(Int, String)
        #endif
        #if os(Windows)
          case windowsOnly
        #else
          case settings(Settings)
        #endif
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case child(Child)
        #if DEBUG
          case debug(DebugMenu)
        #else
          case about
        #endif
        #if os(Linux)
          case value(Int, String)
        #endif
        #if os(Windows)
          case windowsOnly
        #else
          case settings(Settings)
        #endif

        @CasePathable
        @dynamicMemberLookup
        @ComposableRuntime._TraceCodable
        enum State: ComposableRuntime.CaseReducerState, ComposableRuntime.ObservableState, CasePaths.CasePathable, CasePaths.CasePathIterable {
          typealias StateReducer = Destination
          case child(Child.State)
          #if DEBUG
          case debug(DebugMenu.State)
          #else
          case about
          #endif
          #if os(Linux)
          case value(Int, String)
          #endif
          #if os(Windows)
          case windowsOnly
          #else
          case settings(Settings.State)
          #endif
        }

        @CasePathable
        @ComposableRuntime._TraceCodable
        enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable {
          case child(Child.Action)
          #if DEBUG
          case debug(DebugMenu.Action)
          #else
          case about(Swift.Never)
          #endif
          #if os(Linux)
          case value(Swift.Never)
          #endif
          #if os(Windows)
          case windowsOnly(Swift.Never)
          #else
          case settings(Settings.Action)
          #endif
        }

        @ComposableRuntime.ReducerBuilder<Self.State, Self.Action>
        static var body: ComposableRuntime.Reduce<Self.State, Self.Action> {
          ComposableRuntime.Reduce(
            ComposableRuntime.EmptyReducer<Self.State, Self.Action>()
            .ifCaseLet(\Self.State.Cases.child, action: \Self.Action.Cases.child) {
              Child()
            }
            #if DEBUG
            .ifCaseLet(\Self.State.Cases.debug, action: \Self.Action.Cases.debug) {
              DebugMenu()
            }
            #else
            .self
            #endif
            #if os(Windows)
            .self
            #else
            .ifCaseLet(\Self.State.Cases.settings, action: \Self.Action.Cases.settings) {
              Settings()
            }
            #endif
          )
        }

        enum CaseScope {
          case child(ComposableRuntime.StoreOf<Child>)
          #if DEBUG
          case debug(ComposableRuntime.StoreOf<DebugMenu>)
          #else
          case about
          #endif
          #if os(Linux)
          case value(Int, String)
          #endif
          #if os(Windows)
          case windowsOnly
          #else
          case settings(ComposableRuntime.StoreOf<Settings>)
          #endif
        }

        @preconcurrency @MainActor
        static func scope(_ store: ComposableRuntime.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .child:
            return .child(store.scope(state: \.child, action: \.child)!)
          #if DEBUG
          case .debug:
            return .debug(store.scope(state: \.debug, action: \.debug)!)
          #else
          case .about:
            return .about
          #endif
          #if os(Linux)
          case let .value(v0, v1):
            return .value(v0, v1)
          #endif
          #if os(Windows)
          case .windowsOnly:
            return .windowsOnly
          #else
          case .settings:
            return .settings(store.scope(state: \.settings, action: \.settings)!)
          #endif
          }
        }
      }

      extension Destination: ComposableRuntime.CaseReducer, ComposableRuntime.Reducer {
      }
      """#
    }
  }

  @Test func userDeclaredActionIsKept() {
    assertMacro {
      """
      @Reducer
      enum Destination: Reducer {
        case editor(Editor)

        enum Action {
          case editor(Editor.Action)
        }
      }
      """
    } expansion: {
      #"""
      enum Destination: Reducer {
        case editor(Editor)
        @CasePathable @_TraceCodable

        enum Action {
          case editor(Editor.Action)
        }

        @CasePathable
        @dynamicMemberLookup
        @ComposableRuntime._TraceCodable
        enum State: ComposableRuntime.CaseReducerState, ComposableRuntime.ObservableState, CasePaths.CasePathable, CasePaths.CasePathIterable {
          typealias StateReducer = Destination
          case editor(Editor.State)
        }

        @ComposableRuntime.ReducerBuilder<Self.State, Self.Action>
        static var body: ComposableRuntime.Reduce<Self.State, Self.Action> {
          ComposableRuntime.Reduce(
            ComposableRuntime.EmptyReducer<Self.State, Self.Action>()
            .ifCaseLet(\Self.State.Cases.editor, action: \Self.Action.Cases.editor) {
              Editor()
            }
          )
        }

        enum CaseScope {
          case editor(ComposableRuntime.StoreOf<Editor>)
        }

        @preconcurrency @MainActor
        static func scope(_ store: ComposableRuntime.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .editor:
            return .editor(store.scope(state: \.editor, action: \.editor)!)
          }
        }
      }

      extension Destination: ComposableRuntime.CaseReducer {
      }
      """#
    }
  }
}
