package walletapi;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Runs the docs' samples one after another in one JVM (a JVM per sample would take most of the
 * lane's time): reads lines of tab-separated {@code ClassName arg…} from stdin, runs that class's
 * main, and writes what it printed followed by a line {@code --end--}.
 */
final class SampleDriver {
  static final String END = "--end--";

  private SampleDriver() {}

  public static void main(String[] args) throws Exception {
    PrintStream out = System.out;
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      String[] words = line.split("\t", -1);
      ByteArrayOutputStream printed = new ByteArrayOutputStream();
      System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
      try {
        // A sample's class is package-private, as a single-file program's is.
        java.lang.reflect.Method main = Class.forName(words[0]).getMethod("main", String[].class);
        main.setAccessible(true);
        main.invoke(null, (Object) Arrays.copyOfRange(words, 1, words.length));
      } catch (InvocationTargetException failed) {
        System.setOut(out);
        failed.getCause().printStackTrace();
        System.exit(1);
      } finally {
        System.setOut(out);
      }
      out.print(printed.toString(StandardCharsets.UTF_8));
      out.println(END);
      out.flush();
    }
  }
}
