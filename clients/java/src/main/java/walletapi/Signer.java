package walletapi;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Computes the x-signature header of a request; called once per attempt, within the call's
 * timeout. An exception it throws is never shown (it may quote secrets): the call fails with a
 * {@link SigningException}.
 */
@FunctionalInterface
public interface Signer {
  /** The signature of the request, a valid header value. */
  String sign(SignatureInput input) throws Exception;

  /**
   * The default scheme: HMAC-SHA256 of {@link SignatureInput#canonicalString()} (over the
   * body's exact bytes) keyed by {@code secret}, as lower-case hex. The provider has not
   * published its algorithm; this is what the local sandbox verifies. Confirm the real scheme
   * before using staging or production. An empty secret is refused by the client's builder.
   */
  static Signer hmacSha256(String secret) {
    return new HmacSha256(secret);
  }

  /** The default signer; its toString never shows the secret. */
  final class HmacSha256 implements Signer {
    private final SecretKeySpec key;
    private final boolean empty;
    private final String secret;
    private final ThreadLocal<Mac> macs;

    private HmacSha256(String secret) {
      this.secret = secret == null ? "" : secret;
      this.empty = this.secret.isEmpty();
      // SecretKeySpec refuses an empty key; the builder refuses the signer before it is used.
      this.key = empty ? null : new SecretKeySpec(this.secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256");
      this.macs = ThreadLocal.withInitial(this::newMac);
    }

    private Mac newMac() {
      try {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(key);
        return mac;
      } catch (NoSuchAlgorithmException | InvalidKeyException e) {
        throw new IllegalStateException("HmacSHA256 is unavailable in this JVM", e);
      }
    }

    boolean isEmpty() {
      return empty;
    }

    /** The secret, for masking it wherever a provider echoes it. */
    String secret() {
      return secret;
    }

    @Override
    public String sign(SignatureInput input) {
      Mac mac = macs.get();
      mac.reset();
      mac.update((input.timestamp() + "\n" + input.method() + "\n" + input.pathWithQuery() + "\n").getBytes(StandardCharsets.UTF_8));
      mac.update(input.bodyUnsafe());
      byte[] sum = mac.doFinal();
      char[] hex = new char[sum.length * 2];
      for (int i = 0; i < sum.length; i++) {
        hex[2 * i] = Character.forDigit((sum[i] >> 4) & 15, 16);
        hex[2 * i + 1] = Character.forDigit(sum[i] & 15, 16);
      }
      return new String(hex);
    }

    @Override
    public String toString() {
      return "Signer.hmacSha256([redacted])";
    }
  }
}
