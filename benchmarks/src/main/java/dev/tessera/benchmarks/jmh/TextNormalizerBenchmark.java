package dev.tessera.benchmarks.jmh;

import dev.tessera.annotations.Normalize;
import dev.tessera.mapping.TextNormalizer;
import java.text.Normalizer;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * What folding one index value costs: {@link TextNormalizer} (Unicode {@code NFKC_Casefold}) beside
 * the rule it replaced (upper then lower case with the JDK), on four typical values: an ASCII
 * e-mail address, a French name, a Greek word and a German street in capitals. Scores are
 * nanoseconds per value.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Benchmark)
public class TextNormalizerBenchmark {
  private static final List<String> VALUES =
      List.of("Alice.Smith@Example.com", "Hélène Crème-Brûlée", "Οδυσσέας", "STRAẞE DES 17. JUNI");
  private static final Pattern MARKS = Pattern.compile("\\p{M}+");

  /** The normalisation measured. */
  @Param({"CASE_INSENSITIVE", "CASE_AND_ACCENT_INSENSITIVE"})
  public Normalize mode;

  /** Each of the four values folded by the Unicode rule. */
  @Benchmark
  @OperationsPerInvocation(4)
  public void unicode(Blackhole sink) {
    for (String value : VALUES) {
      sink.consume(TextNormalizer.normalize(value, mode));
    }
  }

  /** Each of the four values folded by the replaced rule, for comparison. */
  @Benchmark
  @OperationsPerInvocation(4)
  public void replacedRule(Blackhole sink) {
    for (String value : VALUES) {
      sink.consume(replacedRule(value, mode));
    }
  }

  /** The rule before Unicode case folding (wrong for ẞ, final sigma, ligatures, dotless i). */
  private static String replacedRule(String value, Normalize mode) {
    if (mode == Normalize.CASE_INSENSITIVE) {
      return upperThenLower(Normalizer.normalize(value, Normalizer.Form.NFC));
    }
    String stripped = MARKS.matcher(Normalizer.normalize(value, Normalizer.Form.NFD)).replaceAll("");
    String folded = Normalizer.normalize(upperThenLower(stripped), Normalizer.Form.NFD);
    return MARKS.matcher(folded).replaceAll("");
  }

  private static String upperThenLower(String value) {
    return value.toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT);
  }
}
