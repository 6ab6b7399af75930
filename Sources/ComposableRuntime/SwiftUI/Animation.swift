#if canImport(SwiftUI)
  @_exported import struct SwiftUI.Animation
#else
  /// A stand-in for SwiftUI's `Animation` where SwiftUI does not exist (Linux), so that feature code
  /// that names an animation, such as `send(.toggled, animation: .default)`, compiles unchanged.
  ///
  /// ```swift
  /// return .run { send in
  ///   await send(.loaded(items), animation: .easeInOut(duration: 0.3))
  /// }
  /// ```
  ///
  /// There is nothing to animate without a view layer: the action is sent exactly as it would be
  /// without an animation. The value only remembers how it was made, so dumps and diffs read well.
  ///
  /// NB: On platforms with SwiftUI this module re-exports SwiftUI's own `Animation` instead.
  public struct Animation: Hashable, Sendable, CustomStringConvertible {
    /// How the animation was made, such as `easeInOut(duration: 0.3)`.
    public let description: String

    private init(_ description: String) {
      self.description = description
    }

    /// The animation a trace names by its description, as a button's action is coded.
    init(traceDescription description: String) {
      self.description = description
    }

    /// The platform's default animation.
    public static let `default` = Self("default")
    /// A linear animation of the default duration.
    public static let linear = Self("linear")
    /// An ease-in animation of the default duration.
    public static let easeIn = Self("easeIn")
    /// An ease-out animation of the default duration.
    public static let easeOut = Self("easeOut")
    /// An ease-in-out animation of the default duration.
    public static let easeInOut = Self("easeInOut")
    /// A spring with the default response and damping.
    public static let spring = Self("spring")
    /// A spring with a small bounce.
    public static let bouncy = Self("bouncy")
    /// A spring with no bounce.
    public static let smooth = Self("smooth")
    /// A quick spring with no bounce.
    public static let snappy = Self("snappy")

    /// A linear animation lasting `duration` seconds.
    public static func linear(duration: Double) -> Self {
      Self("linear(duration: \(duration))")
    }

    /// An ease-in animation lasting `duration` seconds.
    public static func easeIn(duration: Double) -> Self {
      Self("easeIn(duration: \(duration))")
    }

    /// An ease-out animation lasting `duration` seconds.
    public static func easeOut(duration: Double) -> Self {
      Self("easeOut(duration: \(duration))")
    }

    /// An ease-in-out animation lasting `duration` seconds.
    public static func easeInOut(duration: Double) -> Self {
      Self("easeInOut(duration: \(duration))")
    }

    /// A spring with the given response and damping.
    public static func spring(
      response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0
    ) -> Self {
      Self("spring(response: \(response), dampingFraction: \(dampingFraction))")
    }

    /// A spring tuned for interactive gestures.
    public static func interactiveSpring(
      response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: Double = 0.25
    ) -> Self {
      Self("interactiveSpring(response: \(response), dampingFraction: \(dampingFraction))")
    }

    /// A spring that keeps its velocity across interruptions, with the default duration.
    public static let interpolatingSpring = Self("interpolatingSpring")

    /// A spring that keeps its velocity across interruptions, made from its physical properties.
    ///
    /// ```swift
    /// await send(.timerTicked, animation: .interpolatingSpring(stiffness: 3000, damping: 40))
    /// ```
    public static func interpolatingSpring(
      mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0
    ) -> Self {
      Self(
        "interpolatingSpring(mass: \(mass), stiffness: \(stiffness), damping: \(damping), "
          + "initialVelocity: \(initialVelocity))"
      )
    }

    /// A spring that keeps its velocity across interruptions, lasting about `duration` seconds.
    public static func interpolatingSpring(
      duration: Double = 0.5, bounce: Double = 0, initialVelocity: Double = 0
    ) -> Self {
      Self(
        "interpolatingSpring(duration: \(duration), bounce: \(bounce), "
          + "initialVelocity: \(initialVelocity))"
      )
    }

    /// A cubic Bézier timing curve through the control points `(c0x, c0y)` and `(c1x, c1y)`,
    /// lasting `duration` seconds.
    public static func timingCurve(
      _ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double, duration: Double = 0.35
    ) -> Self {
      Self("timingCurve(\(c0x), \(c0y), \(c1x), \(c1y), duration: \(duration))")
    }

    /// This animation, played `repeatCount` times.
    public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Self {
      Self("\(self.description).repeatCount(\(repeatCount), autoreverses: \(autoreverses))")
    }

    /// This animation, started after `delay` seconds.
    public func delay(_ delay: Double) -> Self {
      Self("\(self.description).delay(\(delay))")
    }

    /// This animation, played `speed` times as fast.
    public func speed(_ speed: Double) -> Self {
      Self("\(self.description).speed(\(speed))")
    }

    /// This animation, repeated forever.
    public func repeatForever(autoreverses: Bool = true) -> Self {
      Self("\(self.description).repeatForever(autoreverses: \(autoreverses))")
    }
  }
#endif
