import PackagePlugin

/// Where a trace's root feature lives among the package's targets: the module a trace header
/// names, the library product that exports it, and the reducer to make.
struct FeatureLocation {
  /// The module (target) that declares the feature.
  let module: String
  /// The reducer type, as written in that module (`CheckoutFeature`, `Parent.Child`).
  let reducer: String
  /// Whether the reducer is a `@Reducer enum`, whose reducer is its generated `body`.
  let isEnum: Bool
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
    let target = owner.targets.first { $0.name == module }
    let name = reducer.split(separator: ".").last.map(String.init) ?? reducer
    let files = target?.sourceModule.map { Array($0.sourceFiles(withSuffix: "swift")) } ?? []
    self.isEnum = files.contains { file in
      guard let source = try? String(contentsOf: file.url, encoding: .utf8) else { return false }
      return Self.declaresEnumReducer(named: name, in: source)
    }
    self.product = product.name
    self.owner = owner
  }

  /// Whether `source` declares `@Reducer enum NAME` (with any modifiers or attribute arguments
  /// between).
  static func declaresEnumReducer(named name: String, in source: String) -> Bool {
    var rest = Substring(source)
    while let attribute = rest.range(of: "@Reducer") {
      rest = rest[attribute.upperBound...]
      let words = rest.prefix(200).split(whereSeparator: { " \n\t(){}:,".contains($0) })
      guard let kind = words.firstIndex(where: { ["enum", "struct", "class", "extension"].contains($0) }),
        kind + 1 < words.count
      else { continue }
      if words[kind] == "enum" && words[kind + 1] == name { return true }
    }
    return false
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
