package walletapi.internal;

import java.nio.charset.StandardCharsets;

/**
 * The URL encodings systems write a value in, as ECMAScript and the WHATWG URL standard define
 * them: the privacy policy looks for a carried value in each, and the client writes path and
 * query parameters with {@link #encodeUriComponent}.
 */
public final class UrlForms {
  private UrlForms() {}

  private static final String COMPONENT_KEPT = "-_.!~*'()";
  private static final String URI_KEPT = "-_.!~*'();/?:@&=+$,#";
  private static final String FORM_KEPT = "*-._";

  /** ECMAScript's encodeURIComponent: every byte of the UTF-8 form but letters, digits and {@code -_.!~*'()} percent-encoded. */
  public static String encodeUriComponent(String value) {
    return encode(value, COMPONENT_KEPT, false);
  }

  /** ECMAScript's encodeURI: also keeps the URL's reserved characters. */
  static String encodeUri(String value) {
    return encode(value, URI_KEPT, false);
  }

  /** application/x-www-form-urlencoded as URLSearchParams writes it: a space as {@code +}. */
  static String formEncoded(String value) {
    return encode(value, FORM_KEPT, true);
  }

  /** An encodeURIComponent result with {@code !'()*~} encoded too. */
  static String strictlyEncoded(String encoded) {
    StringBuilder out = new StringBuilder(encoded.length());
    for (int i = 0; i < encoded.length(); i++) {
      char c = encoded.charAt(i);
      if ("!'()*~".indexOf(c) >= 0) {
        appendPercent(out, c);
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  private static String encode(String value, String kept, boolean spaceAsPlus) {
    StringBuilder out = new StringBuilder(value.length() + 16);
    byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
    for (byte b : bytes) {
      int c = b & 0xff;
      if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || (c < 0x80 && kept.indexOf(c) >= 0)) {
        out.append((char) c);
      } else if (spaceAsPlus && c == ' ') {
        out.append('+');
      } else {
        appendPercent(out, c);
      }
    }
    return out.toString();
  }

  private static void appendPercent(StringBuilder out, int b) {
    out.append('%').append(Character.toUpperCase(Character.forDigit(b >> 4, 16))).append(Character.toUpperCase(Character.forDigit(b & 15, 16)));
  }
}
