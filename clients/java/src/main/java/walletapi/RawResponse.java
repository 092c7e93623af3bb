package walletapi;

import java.net.http.HttpHeaders;

/**
 * An answer as received (its last attempt): status, headers and body bytes (after
 * decompression), with the envelope's {@code data} parsed. Raw: the headers and body are
 * exactly what the provider sent, unmasked; never log them. Its toString shows the status only.
 */
public final class RawResponse<T> {
  private final int statusCode;
  private final HttpHeaders headers;
  private final byte[] body;
  private final T data;

  RawResponse(int statusCode, HttpHeaders headers, byte[] body, T data) {
    this.statusCode = statusCode;
    this.headers = headers;
    this.body = body;
    this.data = data;
  }

  /** The HTTP status. */
  public int statusCode() {
    return statusCode;
  }

  /** The headers as received (raw). */
  public HttpHeaders headers() {
    return headers;
  }

  /** The body's bytes as received, after decompression (raw; a copy). */
  public byte[] body() {
    return body.clone();
  }

  /** The envelope's data, as the operation's model. */
  public T data() {
    return data;
  }

  @Override
  public String toString() {
    return "RawResponse[HTTP " + statusCode + ", " + body.length + " body bytes]";
  }
}
