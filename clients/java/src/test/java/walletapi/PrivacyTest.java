package walletapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import walletapi.internal.Privacy;

/** The privacy policy's forms (docs/privacy.md), each written here by the JDK's own encoders. */
class PrivacyTest {
  private static String masked(String text) {
    return new Privacy.Carried().secret("ck_live_4f9a2b7c").field("password", "pass word+plus").field("accountNumber", "0123456789").field("bankCode", "058").mask(text);
  }

  private static void absent(String text, String... forms) {
    String out = masked(text).toLowerCase(Locale.ROOT);
    for (String form : forms) {
      assertFalse(out.contains(form.toLowerCase(Locale.ROOT)), form + " in " + out);
    }
  }

  @Test
  void findsACarriedValueInEveryFormItIsPrintedIn() {
    String key = "ck_live_4f9a2b7c";
    absent("Key " + key.toUpperCase(Locale.ROOT) + " refused", key);
    absent("b64 " + Base64.getEncoder().encodeToString(key.getBytes(StandardCharsets.UTF_8)), Base64.getEncoder().withoutPadding().encodeToString(key.getBytes(StandardCharsets.UTF_8)));
    absent("hex " + HexFormat.of().formatHex(key.getBytes(StandardCharsets.UTF_8)), HexFormat.of().formatHex(key.getBytes(StandardCharsets.UTF_8)));
    String form = java.net.URLEncoder.encode("pass word+plus", StandardCharsets.UTF_8);
    absent("q=" + form + "&twice=" + form.replace("%", "%25"), form, form.replace("%", "%25"));
    absent("pass%20word%2Bplus", "pass%20word%2Bplus");
    absent("{\"accountNumber\":123456789}", "123456789");
    absent("account 0123 456 789 and 0123-456-789 and 0123.456.789", "0123 456 789", "0123-456-789", "0123.456.789");
    absent("x-ck_live_4f9a2b7c: seen", key);
  }

  @Test
  void keepsWhatMerelyResemblesACarriedValue() {
    String out = masked("reference TRX-100158 hash 0x6e58 bankCode 058 amount 1058");
    assertTrue(out.contains("TRX-100158"), out);
    assertTrue(out.contains("6e58"), out);
    assertFalse(out.contains(" 058"), out);
  }

  @Test
  void masksPairsOfProtectedNamesAndAddresses() {
    assertEquals("Invalid password: [redacted] length", Privacy.maskShapes("Invalid password: wrong length"));
    assertEquals("to 0x0xx0x000000xX000000000000Xx000xxx00XXX00", Privacy.maskShapes("to 0x8ba1f109551bD432803012645Ac136ddd64DBA72"));
    // As the TypeScript policy writes it: a number-shaped value keeps a number's shape.
    assertEquals("{\"accountNumber\":\"100000000\"}", Privacy.maskShapes("{\"accountNumber\":\"0123456789\"}"));
  }

  @Test
  void masksIdentifiersToTheirShape() {
    assertEquals("XX00 XXXX 0000 xx00", Privacy.maskString("GB82 WEST 1234 ab12"));
    assertEquals(Privacy.REDACTED, Privacy.identifierString("0000"));
    for (String name : List.of("password", "customerPin", "receiver_account_number", "Wallet-Address")) {
      assertTrue(Privacy.classOf(name) != null, name);
    }
    assertEquals(null, Privacy.classOf("amount"));
  }
}
