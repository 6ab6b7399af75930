/// One span as OTLP/JSON writes it.
struct OTLPSpan {
  /// An attribute's value, in the types the export uses.
  enum Value {
    case string(String)
    case int(Int64)
    case strings([String])
  }

  var spanID: String
  var parentSpanID: String?
  var name: String
  var startUnixNanoseconds: Int64
  var endUnixNanoseconds: Int64
  var attributes: [(key: String, value: Value)] = []
  /// The error message, for a span whose work failed.
  var error: String?
}

/// Writes OTLP/JSON (`ExportTraceServiceRequest`) into a sink: the resource, then spans one at a
/// time, then the closing brackets.
///
/// NB: Protobuf's JSON mapping spells 64-bit integers (times, `intValue`) as strings and ids as
/// hex; enums go in as their numbers (`kind` 1 is `SPAN_KIND_INTERNAL`, status code 2 is
/// `STATUS_CODE_ERROR`).
struct OTLPSpanWriter {
  let sink: JSONByteSink
  let traceID: String
  private(set) var count = 0

  init(sink: JSONByteSink, traceID: String) {
    self.sink = sink
    self.traceID = traceID
  }

  /// Opens the request, its one resource with `attributes`, and its one scope.
  func begin(resource attributes: [(key: String, value: OTLPSpan.Value)], scopeVersion: String) {
    sink.raw("{\"resourceSpans\":[{\"resource\":{\"attributes\":")
    self.attributes(attributes)
    sink.raw("},\"scopeSpans\":[{\"scope\":{\"name\":\"tca-replay\",\"version\":")
    sink.string(scopeVersion)
    sink.raw("},\"spans\":[\n")
  }

  mutating func span(_ span: OTLPSpan) throws {
    if count > 0 { sink.raw(",\n") }
    count += 1
    sink.raw("{\"traceId\":")
    sink.string(traceID)
    sink.raw(",\"spanId\":")
    sink.string(span.spanID)
    if let parent = span.parentSpanID {
      sink.raw(",\"parentSpanId\":")
      sink.string(parent)
    }
    sink.raw(",\"name\":")
    sink.string(span.name)
    sink.raw(",\"kind\":1,\"startTimeUnixNano\":\"")
    sink.integer(span.startUnixNanoseconds)
    sink.raw("\",\"endTimeUnixNano\":\"")
    sink.integer(max(span.endUnixNanoseconds, span.startUnixNanoseconds))
    sink.raw("\",\"attributes\":")
    attributes(span.attributes)
    if let error = span.error {
      sink.raw(",\"status\":{\"code\":2,\"message\":")
      sink.string(error)
      sink.raw("}")
    }
    sink.raw("}")
    try sink.flushIfNeeded()
  }

  /// Closes the spans, the scope, the resource and the request.
  func end() {
    sink.raw("\n]}]}]}\n")
  }

  private func attributes(_ attributes: [(key: String, value: OTLPSpan.Value)]) {
    sink.raw("[")
    for (index, attribute) in attributes.enumerated() {
      if index > 0 { sink.raw(",") }
      sink.raw("{\"key\":")
      sink.string(attribute.key)
      sink.raw(",\"value\":")
      value(attribute.value)
      sink.raw("}")
    }
    sink.raw("]")
  }

  private func value(_ value: OTLPSpan.Value) {
    switch value {
    case let .string(text):
      sink.raw("{\"stringValue\":")
      sink.string(text)
      sink.raw("}")
    case let .int(number):
      sink.raw("{\"intValue\":\"")
      sink.integer(number)
      sink.raw("\"}")
    case let .strings(texts):
      sink.raw("{\"arrayValue\":{\"values\":[")
      for (index, text) in texts.enumerated() {
        if index > 0 { sink.raw(",") }
        self.value(.string(text))
      }
      sink.raw("]}}")
    }
  }
}
