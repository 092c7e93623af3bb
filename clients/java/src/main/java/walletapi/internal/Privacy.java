package walletapi.internal;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The project's privacy policy (docs/privacy.md; TypeScript: packages/sdk/src/privacy/policy.ts) as the
 * Java client applies it to text that came from outside the client: the provider's message,
 * a header it sent, a transport's error. Masks {@code name: value} pairs of protected names,
 * every value the call carried (the API key, the signing secret, the signatures sent, the
 * values of protected fields) in every form docs/privacy.md lists, and wallet addresses.
 *
 * <p>Not part of the client's API: the package {@code walletapi.internal} may change in any
 * release.
 */
public final class Privacy {
  /** What replaces a secret: neither its value, its length nor a digest is kept. */
  public static final String REDACTED = "[redacted]";

  private Privacy() {}

  /** What a protected field holds. */
  public enum FieldClass {
    /** Written as [redacted]. */
    SECRET,
    /** Masked to its shape. */
    IDENTIFIER
  }

  private static final Pattern NAME_SEPARATORS = Pattern.compile("[-_.\\s]");

  /** A field name as the policy compares it: lower case, without {@code -_.} or white space. */
  public static String normaliseName(String name) {
    return NAME_SEPARATORS.matcher(name.toLowerCase(Locale.ROOT)).replaceAll("");
  }

  /** Whether a field of this name is protected (a name ending in a protected one is too), and how; null when not. */
  public static FieldClass classOf(String name) {
    String normal = normaliseName(name);
    for (String secret : PrivacyRules.SECRET_FIELDS) {
      if (normal.endsWith(secret)) {
        return FieldClass.SECRET;
      }
    }
    for (String identifier : PrivacyRules.IDENTIFIER_FIELDS) {
      if (normal.endsWith(identifier)) {
        return FieldClass.IDENTIFIER;
      }
    }
    return null;
  }

  /** An identifier's shape: every letter x (X when upper case), every digit 0, the rest kept. */
  public static String maskString(String value) {
    StringBuilder out = new StringBuilder(value.length());
    value.codePoints().forEach(c -> {
      if (Character.getType(c) == Character.DECIMAL_DIGIT_NUMBER) {
        out.append('0');
      } else if (Character.isLetter(c)) {
        out.append(Character.isUpperCase(c) ? 'X' : 'x');
      } else {
        out.appendCodePoint(c);
      }
    });
    return out.toString();
  }

  /** A string identifier's mask; [redacted] when the mask would be the value itself ({@code 000}, {@code x-0}). */
  public static String identifierString(String value) {
    String masked = maskString(value);
    return masked.equals(value) && !value.isEmpty() ? REDACTED : masked;
  }

  /** A decimal number's mask, as a number: as many digits, the first 1, the last decimal 1, the rest 0. */
  static String maskNumber(String number) {
    BigDecimal value = new BigDecimal(number);
    String plain = value.abs().stripTrailingZeros().toPlainString();
    int dot = plain.indexOf('.');
    String whole = dot < 0 ? plain : plain.substring(0, dot);
    String fraction = dot < 0 ? "" : plain.substring(dot + 1);
    String maskedWhole = whole.length() > 1 || fraction.isEmpty() ? "1" + "0".repeat(whole.length() - 1) : "0";
    String maskedFraction = fraction.isEmpty() ? "" : "." + "0".repeat(fraction.length() - 1) + "1";
    return (value.signum() < 0 ? "-" : "") + maskedWhole + maskedFraction;
  }

  /**
   * What a description of unlisted fields shows: their names, not their values (a provider
   * may put anything there).
   */
  public static String describeUnlisted(Map<String, ?> fields) {
    return fields.keySet().toString();
  }

  // ---------------------------------------------------------------- carried values

  private static final Pattern CREDENTIAL_PIECES = Pattern.compile("[\\s;,=]+");

  /** The values one call carried, with what replaces each; built up as the call goes. */
  public static final class Carried {
    private final List<String[]> values = new ArrayList<>();
    private volatile Echoes echoes;

    /** A secret (a credential, a signature, a password): replaced by [redacted]. */
    // Empty pieces split off are dropped with the short ones: the split's edge cases do not matter.
    @SuppressWarnings("StringSplitter")
    public Carried secret(String value) {
      if (value != null && !value.isEmpty()) {
        synchronized (values) {
          values.add(new String[] {value, REDACTED});
          // A credential inside {@code Bearer …} or {@code sid=…; …}, found alone too.
          for (String piece : CREDENTIAL_PIECES.split(value)) {
            if (piece.length() >= 6 && !piece.equals(value)) {
              values.add(new String[] {piece, REDACTED});
            }
          }
          echoes = null;
        }
      }
      return this;
    }

    /** A field's value, masked as its name requires (nothing when the name is not protected). */
    public Carried field(String name, String value) {
      FieldClass found = classOf(name);
      if (found == FieldClass.SECRET) {
        return secret(value);
      }
      if (found == FieldClass.IDENTIFIER && value != null && !value.isEmpty()) {
        synchronized (values) {
          values.add(new String[] {value, identifierString(value)});
          echoes = null;
        }
      }
      return this;
    }

    /** The text with every carried value, every {@code name: value} pair of a protected name and every wallet address masked. */
    public String mask(String text) {
      if (text == null || text.isEmpty()) {
        return text;
      }
      Echoes current = echoes;
      if (current == null) {
        synchronized (values) {
          current = echoes;
          if (current == null) {
            current = Echoes.of(values);
            echoes = current;
          }
        }
      }
      return Privacy.mask(text, current);
    }

    @Override
    public String toString() {
      return "Carried[" + values.size() + " values, not shown]";
    }
  }

  /** Text masked with no carried value: pairs of protected names and addresses only. */
  public static String maskShapes(String text) {
    return text == null ? null : mask(text, null);
  }

  private static String mask(String text, Echoes echoes) {
    String out = text;
    // Pairs first: an address under a protected name keeps its shape, not the pattern's mask read again.
    if (out.indexOf(':') >= 0 || out.indexOf('=') >= 0) {
      out = pairs(out);
    }
    if (echoes != null) {
      out = echoes.replace(out);
    }
    // The shortest address (bech32) is 14 characters.
    if (out.length() >= 14) {
      out = replaceAll(ADDRESSES, out, Privacy::maskString);
      if (out.length() >= 32) {
        out = replaceAll(BASE58, out, run -> solanaShaped(run) ? maskString(run) : run);
      }
    }
    return out;
  }

  private static String replaceAll(Pattern pattern, String text, java.util.function.UnaryOperator<String> by) {
    Matcher m = pattern.matcher(text);
    StringBuilder out = new StringBuilder();
    int from = 0;
    boolean any = false;
    while (m.find()) {
      any = true;
      out.append(text, from, m.start()).append(by.apply(m.group()));
      from = m.end();
    }
    return any ? out.append(text, from, text.length()).toString() : text;
  }

  // ---------------------------------------------------------------- shapes

  private static final Pattern ADDRESSES = Pattern.compile(
      "(?<![0-9A-Za-z])(?:0x[0-9a-fA-F]{40}|(?:bc1|tb1)[02-9ac-hj-np-z]{11,87}|(?:BC1|TB1)[02-9AC-HJ-NP-Z]{11,87}|T[1-9A-HJ-NP-Za-km-z]{33})(?![0-9A-Za-z])");
  private static final Pattern BASE58 = Pattern.compile("(?<![0-9A-Za-z])[1-9A-HJ-NP-Za-km-z]{32,44}(?![0-9A-Za-z])");

  /** Whether a run of 32 to 44 base58 characters is taken for a Solana address (packages/sdk/src/privacy/rules.ts). */
  static boolean solanaShaped(String run) {
    for (int i = 0; i < run.length(); i++) {
      char c = run.charAt(i);
      if (c >= '1' && c <= '9') {
        return true;
      }
    }
    int upper = 0;
    for (int i = 0; i < run.length(); i++) {
      char c = run.charAt(i);
      if (c >= 'A' && c <= 'Z') {
        upper++;
      }
    }
    return upper >= run.length() / 4.0 && run.length() - upper >= run.length() / 4.0;
  }

  /** {@code name: value}, {@code name=value}, {@code "name": "value"} in text, the name up to four words. */
  private static final Pattern PAIR = Pattern.compile(
      "(?<![A-Za-z0-9])([A-Za-z][A-Za-z0-9]*(?:[-_ ][A-Za-z0-9]+){0,3})([\"']?[ \\t]*[:=][ \\t]*)(\"(?:[^\"\\\\\\n]|\\\\.)*\"?|'[^'\\n]*'?|(?![{\\[(\"'])[^\\s&,;]*[^\\s&,;)}\\]\"'])");
  private static final Pattern PLAIN_NUMBER = Pattern.compile("-?\\d+(?:\\.\\d+)?");

  /** {@code name: value} pairs of protected names masked; a pair of another name moves the search on past its name only. */
  private static String pairs(String text) {
    StringBuilder out = new StringBuilder();
    int from = 0;
    Matcher m = PAIR.matcher(text);
    int searchFrom = 0;
    while (searchFrom <= text.length() && m.find(searchFrom)) {
      String name = m.group(1);
      String separator = m.group(2);
      String given = m.group(3);
      FieldClass found = classOf(name);
      if (found == null) {
        int space = name.indexOf(' ');
        searchFrom = m.start() + Math.max(1, space >= 0 ? space + 1 : name.length());
        continue;
      }
      searchFrom = m.end() == m.start() ? m.end() + 1 : m.end();
      char first = given.isEmpty() ? 0 : given.charAt(0);
      String quote = first == '"' || first == '\'' ? String.valueOf(first) : "";
      boolean closed = !quote.isEmpty() && given.length() > 1 && given.endsWith(quote);
      String value = quote.isEmpty() ? given : given.substring(1, closed ? given.length() - 1 : given.length());
      String masked;
      if (value.equals(REDACTED)) {
        masked = value;
      } else if (found == FieldClass.SECRET) {
        masked = REDACTED;
      } else if (PLAIN_NUMBER.matcher(value).matches()) {
        masked = maskNumber(value);
      } else {
        masked = identifierString(value);
      }
      if (masked.equals(value)) {
        continue;
      }
      out.append(text, from, m.start()).append(name).append(separator).append(quote).append(masked).append(closed ? quote : "");
      from = m.end();
    }
    return from == 0 ? text : out.append(text, from, text.length()).toString();
  }

  // ---------------------------------------------------------------- forms of a carried value

  private static final Pattern UNRESERVED = Pattern.compile("[A-Za-z0-9._-]*");

  /**
   * The forms a value takes where it reappears: as is; escaped in JSON text; in a URL by
   * every common encoding (encodeURIComponent with a space as %20 or +, with {@code !'()*~}
   * encoded too, a form's, encodeURI's) and each encoded twice.
   */
  static List<String> variantsOf(String value) {
    if (UNRESERVED.matcher(value).matches()) {
      return List.of(value);
    }
    Set<String> variants = new LinkedHashSet<>();
    variants.add(value);
    if (wellFormed(value)) {
      String encoded = UrlForms.encodeUriComponent(value);
      String strict = UrlForms.strictlyEncoded(encoded);
      String formEncoded = UrlForms.formEncoded(value);
      List<String> once = List.of(encoded, encoded.replace("%20", "+"), strict, strict.replace("%20", "+"), formEncoded, UrlForms.encodeUri(value));
      variants.addAll(once);
      for (String form : once) {
        if (!form.equals(value)) {
          variants.add(UrlForms.encodeUriComponent(form));
        }
      }
    }
    variants.add(jsonEscaped(value));
    return new ArrayList<>(variants);
  }

  private static boolean wellFormed(String value) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (Character.isHighSurrogate(c)) {
        if (i + 1 >= value.length() || !Character.isLowSurrogate(value.charAt(i + 1))) {
          return false;
        }
        i++;
      } else if (Character.isLowSurrogate(c)) {
        return false;
      }
    }
    return true;
  }

  /** The value as JSON.stringify escapes it, without the quotes. */
  static String jsonEscaped(String value) {
    StringBuilder out = new StringBuilder(value.length() + 8);
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\b' -> out.append("\\b");
        case '\f' -> out.append("\\f");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          boolean lone = (Character.isHighSurrogate(c) && (i + 1 >= value.length() || !Character.isLowSurrogate(value.charAt(i + 1))))
              || (Character.isLowSurrogate(c) && (i == 0 || !Character.isHighSurrogate(value.charAt(i - 1))));
          if (c < 0x20 || lone) {
            out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.toString();
  }

  private static final String SEPARATORS = " \u00a0\t.-+";

  private static boolean isAlphanumeric(char c) {
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
  }

  /**
   * The forms of a carried identifier found whatever separators its echo has: its letters and
   * digits in lower case when, less its separators, it is letters and digits, at least half of
   * them digits, and at most 34; without its leading zeros too when it is all digits.
   */
  static List<String> looseForms(String value) {
    StringBuilder normal = new StringBuilder();
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (SEPARATORS.indexOf(c) >= 0) {
        continue;
      }
      if (!isAlphanumeric(c)) {
        return List.of();
      }
      normal.append(Character.toLowerCase(c));
    }
    int digits = 0;
    for (int i = 0; i < normal.length(); i++) {
      if (Character.isDigit(normal.charAt(i))) {
        digits++;
      }
    }
    if (normal.length() == 0 || normal.length() > 34 || digits * 2 < normal.length()) {
      return List.of();
    }
    String text = normal.toString();
    if (digits < normal.length()) {
      return List.of(text);
    }
    String unpadded = text.replaceFirst("^0+(?=.)", "");
    return unpadded.equals(text) ? List.of(text) : List.of(text, unpadded);
  }

  /** The shortest secret also looked for in base64 and hex. */
  static final int ENCODED_SECRET_LENGTH = 8;

  private static final Pattern HEX_BYTES = Pattern.compile("(?:[0-9a-fA-F]{2})+");
  private static final Pattern BASE64_TEXT = Pattern.compile("[A-Za-z0-9+/_-]+={0,2}");

  /**
   * A secret's forms in the encodings credentials are shown in: its UTF-8 bytes in base64
   * (unpadded), base64url and hex, and, when it is hex or base64 itself (a signature), its
   * bytes in the others.
   */
  static List<String> encodedForms(String secret) {
    if (secret.length() < ENCODED_SECRET_LENGTH) {
      return List.of();
    }
    Set<String> forms = new LinkedHashSet<>();
    addEncodings(forms, secret.getBytes(StandardCharsets.UTF_8));
    if (HEX_BYTES.matcher(secret).matches()) {
      byte[] bytes = new byte[secret.length() / 2];
      for (int i = 0; i < bytes.length; i++) {
        bytes[i] = (byte) Integer.parseInt(secret.substring(2 * i, 2 * i + 2), 16);
      }
      addEncodings(forms, bytes);
    } else if (secret.length() >= 40 && BASE64_TEXT.matcher(secret).matches() && secret.replaceAll("=+$", "").length() % 4 != 1) {
      String plain = secret.replace('-', '+').replace('_', '/').replaceAll("=+$", "");
      try {
        addEncodings(forms, Base64.getDecoder().decode(plain + "=".repeat((4 - plain.length() % 4) % 4)));
      } catch (IllegalArgumentException notBase64) {
        // Not base64 after all: its UTF-8 forms are enough.
      }
    }
    forms.remove(secret);
    return new ArrayList<>(forms);
  }

  private static void addEncodings(Set<String> forms, byte[] bytes) {
    String base64 = Base64.getEncoder().withoutPadding().encodeToString(bytes);
    forms.add(base64);
    forms.add(base64.replace('+', '-').replace('/', '_'));
    StringBuilder hex = new StringBuilder(bytes.length * 2);
    for (byte b : bytes) {
      hex.append(Character.forDigit((b >> 4) & 15, 16)).append(Character.forDigit(b & 15, 16));
    }
    forms.add(hex.toString());
  }

  /** Lower case, with the final sigma as any other. */
  static String fold(String text) {
    String lower = text.toLowerCase(Locale.ROOT);
    return lower.indexOf('ς') >= 0 ? lower.replace('ς', 'σ') : lower;
  }

  /** The carried values of one call, found in a text by plain search, case-insensitively. */
  static final class Echoes {
    private final Map<String, String> replacements = new LinkedHashMap<>();
    private final List<String> variants;
    private final Map<String, String> looseReplacements = new LinkedHashMap<>();
    private final List<String> loose;
    private final Set<String> asNumbers = new java.util.HashSet<>();
    private final List<String> encoded;

    private Echoes(List<String[]> exact, List<String[]> looseValues, List<String> secrets) {
      for (String[] pair : exact) {
        replacements.putIfAbsent(fold(pair[0]), pair[1]);
      }
      variants = longestFirst(replacements.keySet());
      for (String[] pair : looseValues) {
        looseReplacements.putIfAbsent(pair[0], pair[1]);
      }
      loose = longestFirst(looseReplacements.keySet());
      List<String> digits = loose.stream().filter(v -> v.chars().allMatch(Character::isDigit)).toList();
      for (String value : digits) {
        for (String padded : digits) {
          if (padded.length() > value.length() && padded.endsWith(value) && padded.substring(0, padded.length() - value.length()).chars().allMatch(c -> c == '0')) {
            asNumbers.add(value);
          }
        }
      }
      Set<String> forms = new LinkedHashSet<>();
      for (String secret : secrets) {
        for (String form : encodedForms(secret)) {
          forms.add(fold(form));
        }
      }
      encoded = longestFirst(forms);
    }

    static Echoes of(List<String[]> carried) {
      List<String[]> exact = new ArrayList<>();
      List<String[]> looseValues = new ArrayList<>();
      List<String> secrets = new ArrayList<>();
      for (String[] item : carried) {
        String value = item[0];
        String replacement = item[1];
        for (String variant : variantsOf(value)) {
          exact.add(new String[] {variant, replacement});
        }
        if (replacement.equals(REDACTED) && value.length() >= ENCODED_SECRET_LENGTH) {
          secrets.add(value);
        }
        for (String form : looseForms(value)) {
          looseValues.add(new String[] {form, replacement});
        }
      }
      return exact.isEmpty() ? null : new Echoes(exact, looseValues, secrets);
    }

    private static List<String> longestFirst(java.util.Collection<String> values) {
      List<String> sorted = new ArrayList<>(values);
      sorted.removeIf(String::isEmpty);
      sorted.sort(Comparator.comparingInt(String::length).reversed());
      return sorted;
    }

    /** The text with every value replaced by its replacement, leftmost first, the longest at one place. */
    String replace(String text) {
      String replaced = replaceExact(text, variants, replacements);
      replaced = replaceExact(replaced, encoded, Map.of());
      return loose.isEmpty() ? replaced : replaceLoose(replaced);
    }

    private static String replaceExact(String text, List<String> variants, Map<String, String> replacements) {
      if (variants.isEmpty()) {
        return text;
      }
      String lower = fold(text);
      int[] starts = null;
      int[] ends = null;
      if (lower.length() != text.length()) {
        // Where lower case lengthened a character ('İ' is two), where each lower-case unit came from.
        StringBuilder built = new StringBuilder();
        List<int[]> spans = new ArrayList<>();
        int at = 0;
        while (at < text.length()) {
          int width = Character.charCount(text.codePointAt(at));
          String folded = fold(text.substring(at, at + width));
          for (int unit = 0; unit < folded.length(); unit++) {
            spans.add(new int[] {at, at + width});
          }
          built.append(folded);
          at += width;
        }
        lower = built.toString();
        starts = new int[spans.size()];
        ends = new int[spans.size()];
        for (int i = 0; i < spans.size(); i++) {
          starts[i] = spans.get(i)[0];
          ends[i] = spans.get(i)[1];
        }
      }
      StringBuilder out = null;
      int from = 0;
      int searchFrom = 0;
      while (true) {
        int at = -1;
        String hit = "";
        for (String variant : variants) {
          int index = lower.indexOf(variant, searchFrom);
          if (index != -1 && (at == -1 || index < at)) {
            at = index;
            hit = variant;
          }
        }
        if (at == -1) {
          return out == null ? text : out.append(text, from, text.length()).toString();
        }
        if (out == null) {
          out = new StringBuilder();
        }
        int start = starts != null ? starts[at] : at;
        out.append(text, from, start).append(replacements.getOrDefault(hit, REDACTED));
        from = ends != null ? ends[at + hit.length() - 1] : at + hit.length();
        searchFrom = at + hit.length();
      }
    }

    /** Where {@code value} next stands in the squeezed text from {@code from}; a number form only where no letter or digit touches it. */
    private int nextLoose(String text, String squeezed, int[] origins, String value, int from) {
      for (int index = squeezed.indexOf(value, from); index != -1; index = squeezed.indexOf(value, index + 1)) {
        if (!asNumbers.contains(value)) {
          return index;
        }
        int before = origins[index] - 1;
        int after = origins[index + value.length() - 1] + 1;
        boolean touched = (before >= 0 && isAlphanumeric(text.charAt(before))) || (after < text.length() && isAlphanumeric(text.charAt(after)));
        if (!touched) {
          return index;
        }
      }
      return -1;
    }

    /** The loose values replaced in the text read without its separators, each replacement spanning the separators it took in. */
    private String replaceLoose(String text) {
      StringBuilder squeezedText = new StringBuilder(text.length());
      int[] origins = new int[text.length()];
      int count = 0;
      for (int index = 0; index < text.length(); index++) {
        char c = text.charAt(index);
        int width = SEPARATORS.indexOf(c) >= 0 ? 1 : c == '%' && text.startsWith("%20", index) ? 3 : 0;
        if (width > 0 && index > 0 && isAlphanumeric(text.charAt(index - 1)) && index + width < text.length() && isAlphanumeric(text.charAt(index + width))) {
          index += width - 1;
          continue;
        }
        squeezedText.append(Character.toLowerCase(c));
        origins[count++] = index;
      }
      String squeezed = squeezedText.toString();
      StringBuilder out = null;
      int from = 0;
      int searchFrom = 0;
      while (true) {
        int at = -1;
        String hit = "";
        for (String value : loose) {
          int index = nextLoose(text, squeezed, origins, value, searchFrom);
          if (index != -1 && (at == -1 || index < at)) {
            at = index;
            hit = value;
          }
        }
        if (at == -1) {
          return out == null ? text : out.append(text, from, text.length()).toString();
        }
        if (out == null) {
          out = new StringBuilder();
        }
        int last = at + hit.length() - 1;
        out.append(text, from, origins[at]).append(looseReplacements.getOrDefault(hit, REDACTED));
        from = origins[last] + 1;
        searchFrom = last + 1;
      }
    }
  }
}
