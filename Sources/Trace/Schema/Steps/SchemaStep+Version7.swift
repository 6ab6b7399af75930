extension SchemaStep {
  /// Version 7, what each reducer read: `actions.reads` holds the state paths the action's
  /// reducer read, as a JSON array of path texts (`["cart.items", "cart.discountPercent"]`), in
  /// the order first read; a path is left out when a narrower one inside it was read. `NULL` where
  /// the recorder did not take reads (an option, or the reducer operator, which cannot see
  /// them).
  static let version7 = SchemaStep(
    name: "what each reducer read",
    statements: ["ALTER TABLE actions ADD COLUMN reads TEXT"])
}
