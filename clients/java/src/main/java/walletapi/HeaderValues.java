package walletapi;

/** What may be sent as a header value unchanged. */
final class HeaderValues {
  static final String RULE = "visible ASCII or Latin-1 characters with spaces or tabs only between them: no line breaks, NUL or other control characters, no leading or trailing whitespace";

  private HeaderValues() {}

  static boolean isValid(String value) {
    if (value == null || value.isEmpty()) {
      return false;
    }
    char first = value.charAt(0);
    char last = value.charAt(value.length() - 1);
    if (first == ' ' || first == '\t' || last == ' ' || last == '\t') {
      return false;
    }
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if ((c < 0x20 && c != '\t') || c == 0x7f || c > 0xff) {
        return false;
      }
    }
    return true;
  }
}
