package walletapi;

import com.fasterxml.jackson.core.type.TypeReference;

/** One operation of the spec: its operationId, method, path template and the type of its data. */
final class Operation<T> {
  final String id;
  final String method;
  final String pathTemplate;
  /** {@code "METHOD /path/template"}, as errors and log lines name the call. */
  final String name;
  final TypeReference<T> dataType;
  /** The envelope with this operation's data type, made on first use. */
  private volatile com.fasterxml.jackson.databind.JavaType envelopeType;

  Operation(String id, String method, String pathTemplate, TypeReference<T> dataType) {
    this.id = id;
    this.method = method;
    this.pathTemplate = pathTemplate;
    this.name = method + " " + pathTemplate;
    this.dataType = dataType;
  }

  com.fasterxml.jackson.databind.JavaType envelopeType(com.fasterxml.jackson.databind.ObjectMapper mapper) {
    com.fasterxml.jackson.databind.JavaType type = envelopeType;
    if (type == null) {
      type = mapper.getTypeFactory().constructParametricType(Engine.Envelope.class, mapper.getTypeFactory().constructType(dataType));
      envelopeType = type;
    }
    return type;
  }

  @Override
  public String toString() {
    return name;
  }
}
