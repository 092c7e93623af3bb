package walletapi;

import java.util.Locale;

/** The environment a client talks to; there is no default. */
public enum Environment {
  /** For building and testing, at the https address issued at onboarding. */
  STAGING,
  /** Used only once the integration is approved, over https. */
  PRODUCTION,
  /** The local sandbox or a mock (http or https). */
  CUSTOM;

  /** The name the other clients and the environment variable use: {@code staging}, {@code production}, {@code custom}. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The environment of a name ({@code staging}, {@code production}, {@code custom}, any case). */
  public static Environment fromName(String name) {
    if (name == null || name.isBlank()) {
      throw new ConfigurationException("environment must be chosen explicitly: one of \"staging\", \"production\", \"custom\"");
    }
    for (Environment e : values()) {
      if (e.wireName().equals(name.trim().toLowerCase(Locale.ROOT))) {
        return e;
      }
    }
    throw new ConfigurationException("environment must be one of \"staging\", \"production\", \"custom\"");
  }
}
