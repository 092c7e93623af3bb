package walletapi;

/** The client's version, sent in the User-Agent. */
public final class Version {
  /** This client's version (the Maven artifact's). */
  public static final String VERSION = "0.2.0";

  private Version() {}

  /** {@code wallet-api-sdk-java/<version> java/<the JVM's version>}. */
  public static String userAgent() {
    return "wallet-api-sdk-java/" + VERSION + " java/" + System.getProperty("java.version");
  }
}
