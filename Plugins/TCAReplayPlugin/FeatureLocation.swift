import PackagePlugin

/// Where a trace's root feature lives among the package's targets: the module a trace header
/// names, the library product that exports it, and the reducer to make.
struct FeatureLocation {
  /// The module (target) that declares the feature.
  let module: String
  /// The reducer type, as written in that module (`CheckoutFeature`, `Parent.Child`).
  let reducer: String
  /// The library product that exports `module`, and its package.
  let product: String
  let owner: Package

  /// Finds the feature whose `State` a trace header names (`MyApp.CheckoutFeature.State`) in
  /// `root` or one of its dependencies; `reducer` overrides the type the state's name suggests.
  init(stateType: String, reducer: String?, in root: Package) throws {
    var parts = stateType.split(separator: ".").map(String.init)
    guard parts.count >= 2 else {
      throw PluginFailure(
        "expected the trace's root state type to name its module (MyApp.Feature.State); found '\(stateType)'"
      )
    }
    let module = parts.removeFirst()
    let suggested = parts.last == "State" && parts.count >= 2 ? parts.dropLast().joined(separator: ".") : nil
    guard let reducer = reducer ?? suggested else {
      throw PluginFailure(
        "expected the root state to be a reducer's nested State (Feature.State); found '\(stateType)': pass --reducer TYPE"
      )
    }
    let packages = [root] + Self.dependencies(of: root)
    guard let owner = packages.first(where: { $0.targets.contains { $0.name == module } }) else {
      throw PluginFailure(
        "expected a target named '\(module)' (the module of \(stateType)) in package '\(root.displayName)' or its dependencies; found none"
      )
    }
    guard
      let product = owner.products.first(where: { product in
        product is LibraryProduct && product.targets.contains { $0.name == module }
      })
    else {
      throw PluginFailure(
        "expected a library product of '\(owner.displayName)' that exports target '\(module)'; found none: add .library(name: \"\(module)\", targets: [\"\(module)\"])"
      )
    }
    self.module = module
    self.reducer = reducer
    self.product = product.name
    self.owner = owner
  }

  /// Every package `root` depends on, directly or not, each once.
  static func dependencies(of root: Package) -> [Package] {
    var seen: Set<String> = [root.id]
    var found: [Package] = []
    var next = root.dependencies.map(\.package)
    while let package = next.first {
      next.removeFirst()
      guard seen.insert(package.id).inserted else { continue }
      found.append(package)
      next.append(contentsOf: package.dependencies.map(\.package))
    }
    return found
  }
}
