package walletapi;

/** Whether bytes are well-formed UTF-8 (no overlong forms, surrogates or code points past U+10FFFF), without decoding them. */
final class Utf8 {
  private Utf8() {}

  static boolean isValid(byte[] bytes) {
    int i = 0;
    int n = bytes.length;
    while (i < n) {
      int b = bytes[i] & 0xff;
      if (b < 0x80) {
        i++;
        continue;
      }
      int extra;
      int min;
      if (b >= 0xc2 && b <= 0xdf) {
        extra = 1;
        min = 0x80;
      } else if (b >= 0xe0 && b <= 0xef) {
        extra = 2;
        min = 0x800;
      } else if (b >= 0xf0 && b <= 0xf4) {
        extra = 3;
        min = 0x10000;
      } else {
        return false;
      }
      if (i + extra >= n) {
        return false;
      }
      int code = b & (0x3f >> extra);
      for (int k = 1; k <= extra; k++) {
        int c = bytes[i + k] & 0xff;
        if ((c & 0xc0) != 0x80) {
          return false;
        }
        code = (code << 6) | (c & 0x3f);
      }
      if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
        return false;
      }
      i += extra + 1;
    }
    return true;
  }
}
