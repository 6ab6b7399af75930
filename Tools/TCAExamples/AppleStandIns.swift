// Compiled by Tools/TCAExamples/examples.py into the scratch package's `AppleStandIns` module,
// which takes the place of SwiftUI, UIKit, AVFoundation and Speech for TCA's examples on Linux.
// Not part of tca-replay's own targets.
//
// Values that features keep in their state (`Color`, `EditMode`, an authorization status) behave
// as the frameworks' do: equal when made the same way. The live audio, speech and settings
// clients only have to compile: TCA's tests replace them, and calling one here stops the process
// with a message that names it. The one query a reducer makes itself (the speech authorization
// status) answers as a device does before the user is asked.

@_exported import Foundation

func unavailable(_ name: String, file: StaticString = #file, line: UInt = #line) -> Never {
  fatalError("\(name) is a compile-only stand-in on Linux", file: file, line: line)
}

// MARK: - SwiftUI

/// SwiftUI's color, as a value: a name for the system colors, components for the rest.
public struct Color: Hashable, Sendable, CustomStringConvertible {
  public var description: String

  init(named name: String) { description = name }

  public init(_ name: String) { description = name }
  public init(white: Double, opacity: Double = 1) { description = "white \(white) \(opacity)" }
  public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
    description = "rgba \(red) \(green) \(blue) \(opacity)"
  }
  public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
    description = "hsba \(hue) \(saturation) \(brightness) \(opacity)"
  }

  public static let black = Color(named: "black")
  public static let blue = Color(named: "blue")
  public static let brown = Color(named: "brown")
  public static let clear = Color(named: "clear")
  public static let cyan = Color(named: "cyan")
  public static let gray = Color(named: "gray")
  public static let green = Color(named: "green")
  public static let indigo = Color(named: "indigo")
  public static let mint = Color(named: "mint")
  public static let orange = Color(named: "orange")
  public static let pink = Color(named: "pink")
  public static let purple = Color(named: "purple")
  public static let red = Color(named: "red")
  public static let teal = Color(named: "teal")
  public static let white = Color(named: "white")
  public static let yellow = Color(named: "yellow")
  public static let accentColor = Color(named: "accentColor")
  public static let primary = Color(named: "primary")
  public static let secondary = Color(named: "secondary")
}

/// SwiftUI's key of a localized string: here the string itself.
public struct LocalizedStringKey: Hashable, Sendable, ExpressibleByStringLiteral {
  public let key: String
  public init(_ key: String) { self.key = key }
  public init(stringLiteral key: String) { self.key = key }
}

/// SwiftUI's edit mode of a list.
public enum EditMode: Hashable, Sendable {
  case inactive
  case transient
  case active

  public var isEditing: Bool { self != .inactive }
}

// MARK: - UIKit

public final class UIApplication: @unchecked Sendable {
  public static let shared = UIApplication()
  public static let openSettingsURLString = "app-settings:"
  public static let userDidTakeScreenshotNotification = Notification.Name(
    "UIApplicationUserDidTakeScreenshotNotification")

  @discardableResult
  public func open(_ url: URL) -> Bool { unavailable("UIApplication.open") }
  public func open(
    _ url: URL, options: [String: Any] = [:], completionHandler: ((Bool) -> Void)? = nil
  ) { unavailable("UIApplication.open") }
}

// MARK: - AVFoundation

public let AVFormatIDKey = "AVFormatIDKey"
public let AVSampleRateKey = "AVSampleRateKey"
public let AVNumberOfChannelsKey = "AVNumberOfChannelsKey"
public let AVEncoderAudioQualityKey = "AVEncoderAudioQualityKey"
public let kAudioFormatMPEG4AAC: UInt32 = 0x6161_6320

public enum AVAudioQuality: Int, Sendable {
  case min = 0
  case low = 0x20
  case medium = 0x40
  case high = 0x60
  case max = 0x7F
}

public final class AVAudioSession: @unchecked Sendable {
  public struct Category: Hashable, Sendable {
    public let rawValue: String
    public static let record = Category(rawValue: "record")
    public static let playAndRecord = Category(rawValue: "playAndRecord")
    public static let playback = Category(rawValue: "playback")
  }
  public struct Mode: Hashable, Sendable {
    public let rawValue: String
    public static let `default` = Mode(rawValue: "default")
    public static let measurement = Mode(rawValue: "measurement")
  }
  public struct CategoryOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let duckOthers = CategoryOptions(rawValue: 1 << 1)
    public static let defaultToSpeaker = CategoryOptions(rawValue: 1 << 3)
  }
  public struct SetActiveOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let notifyOthersOnDeactivation = SetActiveOptions(rawValue: 1)
  }

  public static func sharedInstance() -> AVAudioSession { unavailable("AVAudioSession") }
  public func setCategory(_ category: Category, mode: Mode, options: CategoryOptions = []) throws {
    unavailable("AVAudioSession.setCategory")
  }
  public func setActive(_ active: Bool, options: SetActiveOptions = []) throws {
    unavailable("AVAudioSession.setActive")
  }
}

public enum AVAudioApplication {
  public static func requestRecordPermission() async -> Bool {
    unavailable("AVAudioApplication.requestRecordPermission")
  }
}

public final class AVAudioFormat: @unchecked Sendable {}
public final class AVAudioTime: @unchecked Sendable {}
public final class AVAudioPCMBuffer: @unchecked Sendable {}

public final class AVAudioInputNode: @unchecked Sendable {
  public func outputFormat(forBus bus: Int) -> AVAudioFormat { unavailable("AVAudioInputNode") }
  public func installTap(
    onBus bus: Int, bufferSize: UInt32, format: AVAudioFormat?,
    block: @escaping (AVAudioPCMBuffer, AVAudioTime) -> Void
  ) { unavailable("AVAudioInputNode.installTap") }
  public func removeTap(onBus bus: Int) { unavailable("AVAudioInputNode.removeTap") }
}

public final class AVAudioEngine: @unchecked Sendable {
  public init() { unavailable("AVAudioEngine") }
  public var inputNode: AVAudioInputNode { unavailable("AVAudioEngine.inputNode") }
  public func prepare() { unavailable("AVAudioEngine.prepare") }
  public func start() throws { unavailable("AVAudioEngine.start") }
  public func stop() { unavailable("AVAudioEngine.stop") }
}

public protocol AVAudioPlayerDelegate: AnyObject {}

public final class AVAudioPlayer: @unchecked Sendable {
  public weak var delegate: (any AVAudioPlayerDelegate)?
  public init(contentsOf url: URL) throws { unavailable("AVAudioPlayer") }
  @discardableResult public func play() -> Bool { unavailable("AVAudioPlayer.play") }
  public func stop() { unavailable("AVAudioPlayer.stop") }
}

public protocol AVAudioRecorderDelegate: AnyObject {}

public final class AVAudioRecorder: @unchecked Sendable {
  public weak var delegate: (any AVAudioRecorderDelegate)?
  public var isRecording: Bool { unavailable("AVAudioRecorder.isRecording") }
  public var currentTime: TimeInterval { unavailable("AVAudioRecorder.currentTime") }
  public init(url: URL, settings: [String: Any]) throws { unavailable("AVAudioRecorder") }
  @discardableResult public func record() -> Bool { unavailable("AVAudioRecorder.record") }
  public func stop() { unavailable("AVAudioRecorder.stop") }
}

// MARK: - Speech

public enum SFSpeechRecognizerAuthorizationStatus: Int, Sendable {
  case notDetermined
  case denied
  case restricted
  case authorized
}

public final class SFSpeechAudioBufferRecognitionRequest: @unchecked Sendable {
  public var shouldReportPartialResults = true
  public var requiresOnDeviceRecognition = false
  public init() {}
  public func append(_ buffer: AVAudioPCMBuffer) {}
}

public final class SFAcousticFeature: @unchecked Sendable {
  public var acousticFeatureValuePerFrame: [Double] { unavailable("SFAcousticFeature") }
  public var frameDuration: TimeInterval { unavailable("SFAcousticFeature") }
}

public final class SFVoiceAnalytics: @unchecked Sendable {
  public var jitter: SFAcousticFeature { unavailable("SFVoiceAnalytics") }
  public var pitch: SFAcousticFeature { unavailable("SFVoiceAnalytics") }
  public var shimmer: SFAcousticFeature { unavailable("SFVoiceAnalytics") }
  public var voicing: SFAcousticFeature { unavailable("SFVoiceAnalytics") }
}

public final class SFSpeechRecognitionMetadata: @unchecked Sendable {
  public var averagePauseDuration: TimeInterval { unavailable("SFSpeechRecognitionMetadata") }
  public var speakingRate: Double { unavailable("SFSpeechRecognitionMetadata") }
  public var voiceAnalytics: SFVoiceAnalytics? { unavailable("SFSpeechRecognitionMetadata") }
}

public final class SFTranscriptionSegment: @unchecked Sendable {
  public var alternativeSubstrings: [String] { unavailable("SFTranscriptionSegment") }
  public var confidence: Float { unavailable("SFTranscriptionSegment") }
  public var duration: TimeInterval { unavailable("SFTranscriptionSegment") }
  public var substring: String { unavailable("SFTranscriptionSegment") }
  public var timestamp: TimeInterval { unavailable("SFTranscriptionSegment") }
}

public final class SFTranscription: @unchecked Sendable {
  public var formattedString: String { unavailable("SFTranscription") }
  public var segments: [SFTranscriptionSegment] { unavailable("SFTranscription") }
}

public final class SFSpeechRecognitionResult: @unchecked Sendable {
  public var bestTranscription: SFTranscription { unavailable("SFSpeechRecognitionResult") }
  public var isFinal: Bool { unavailable("SFSpeechRecognitionResult") }
  public var speechRecognitionMetadata: SFSpeechRecognitionMetadata? {
    unavailable("SFSpeechRecognitionResult")
  }
  public var transcriptions: [SFTranscription] { unavailable("SFSpeechRecognitionResult") }
}

public final class SFSpeechRecognitionTask: @unchecked Sendable {
  public func finish() { unavailable("SFSpeechRecognitionTask.finish") }
  public func cancel() { unavailable("SFSpeechRecognitionTask.cancel") }
}

public final class SFSpeechRecognizer: @unchecked Sendable {
  public init?(locale: Locale) { unavailable("SFSpeechRecognizer") }
  /// What a device answers before the user is asked. SyncUps' reducer reads it, not an effect,
  /// so a replay that is not given the recording's speech client calls it.
  public static func authorizationStatus() -> SFSpeechRecognizerAuthorizationStatus {
    .notDetermined
  }
  public static func requestAuthorization(
    _ handler: @escaping (SFSpeechRecognizerAuthorizationStatus) -> Void
  ) { unavailable("SFSpeechRecognizer.requestAuthorization") }
  public func recognitionTask(
    with request: SFSpeechAudioBufferRecognitionRequest,
    resultHandler: @escaping (SFSpeechRecognitionResult?, (any Error)?) -> Void
  ) -> SFSpeechRecognitionTask { unavailable("SFSpeechRecognizer.recognitionTask") }
}

// MARK: - Foundation's NotificationCenter.notifications, which Linux's Foundation lacks

extension NotificationCenter {
  /// The notifications posted with a name, for as long as the sequence is iterated.
  public func notifications(
    named name: Notification.Name, object: AnyObject? = nil
  ) -> AsyncStream<Notification> {
    AsyncStream { continuation in
      let observer = addObserver(forName: name, object: object, queue: nil) { notification in
        continuation.yield(notification)
      }
      let token = UncheckedObserver(observer: observer)
      continuation.onTermination = { [weak self] _ in self?.removeObserver(token.observer) }
    }
  }
}

private struct UncheckedObserver: @unchecked Sendable {
  let observer: any NSObjectProtocol
}

// MARK: - Foundation's URLSession.bytes, which Linux's FoundationNetworking lacks

#if canImport(FoundationNetworking)
  import FoundationNetworking

  extension URLSession {
    /// A download's bytes, one at a time.
    public struct AsyncBytes: AsyncSequence, Sendable {
      public typealias Element = UInt8
      let data: Data

      public struct AsyncIterator: AsyncIteratorProtocol {
        var bytes: Data.Iterator
        public mutating func next() async throws -> UInt8? { bytes.next() }
      }

      public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(bytes: data.makeIterator()) }
    }

    public func bytes(from url: URL) async throws -> (AsyncBytes, URLResponse) {
      unavailable("URLSession.bytes")
    }
  }
#endif
