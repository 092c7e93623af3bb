package walletapi;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** What a signer signs: the request exactly as it is sent. Its toString shows no body (a body may hold a password). */
public final class SignatureInput {
  private final String method;
  private final String pathWithQuery;
  private final byte[] body;
  private final String timestamp;
  private final String apiKey;

  /** The input of one request; {@code body} is empty (not null) when there is none. */
  public SignatureInput(String method, String pathWithQuery, byte[] body, String timestamp, String apiKey) {
    this.method = method;
    this.pathWithQuery = pathWithQuery;
    this.body = body == null ? new byte[0] : body.clone();
    this.timestamp = timestamp;
    this.apiKey = apiKey;
  }

  /** The HTTP method, upper case. */
  public String method() {
    return method;
  }

  /** The request target as written on the request line, percent-encoding included. */
  public String pathWithQuery() {
    return pathWithQuery;
  }

  /** The exact body bytes sent (a copy); empty when none. */
  public byte[] body() {
    return body.clone();
  }

  byte[] bodyUnsafe() {
    return body;
  }

  /** The x-timestamp header, ISO 8601 UTC with milliseconds. */
  public String timestamp() {
    return timestamp;
  }

  /** The x-api-key header (a secret: never log it). */
  public String apiKey() {
    return apiKey;
  }

  /** The default scheme's canonical string: timestamp, METHOD, pathWithQuery and body, joined by line feeds. */
  public String canonicalString() {
    return timestamp + "\n" + method + "\n" + pathWithQuery + "\n" + new String(body, StandardCharsets.UTF_8);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof SignatureInput that
        && method.equals(that.method)
        && pathWithQuery.equals(that.pathWithQuery)
        && Arrays.equals(body, that.body)
        && timestamp.equals(that.timestamp)
        && apiKey.equals(that.apiKey);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(method, pathWithQuery, Arrays.hashCode(body), timestamp);
  }

  @Override
  public String toString() {
    return "SignatureInput[" + method + " " + pathWithQuery + ", " + body.length + " body bytes, timestamp " + timestamp + "]";
  }
}
