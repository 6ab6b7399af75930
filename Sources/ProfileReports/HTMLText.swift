/// The one escaping function of the HTML report: every piece of text from a trace goes through
/// it before it lands in the page (elements and attribute values alike).
enum HTMLText {
  /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references.
  static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.append(character)
      }
    }
    return result
  }
}
