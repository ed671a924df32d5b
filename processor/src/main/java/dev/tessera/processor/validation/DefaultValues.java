package dev.tessera.processor.validation;

import dev.tessera.processor.model.FieldType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/**
 * Parses the text of a {@code @DefaultValue} for a component type at compile time, so a default
 * that would not parse is a compile error, and returns its canonical text (what {@code toString}
 * gives for the parsed value) for code generation.
 *
 * <p>Stateless and thread-safe.
 */
final class DefaultValues {
  private DefaultValues() {}

  /** True if components of {@code type} may declare a default. */
  static boolean supported(FieldType type) {
    switch (type.kind()) {
      case BYTES:
      case OPTIONAL:
      case LIST:
      case SET:
      case MAP:
      case RECORD:
        return false;
      default:
        return true;
    }
  }

  /**
   * The canonical text of {@code text} parsed as {@code type}.
   *
   * @param enumConstants the constants of an enum type, otherwise empty
   * @throws IllegalArgumentException saying what a valid text looks like
   */
  static String canonical(FieldType type, String text, List<String> enumConstants) {
    try {
      return parse(type, text, enumConstants);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(expected(type, enumConstants), e);
    }
  }

  private static String parse(FieldType type, String text, List<String> enumConstants) {
    switch (type.kind()) {
      case BOOLEAN:
        if (!text.equals("true") && !text.equals("false")) {
          throw new IllegalArgumentException(text);
        }
        return text;
      case BYTE:
        return Byte.toString(Byte.parseByte(text));
      case SHORT:
        return Short.toString(Short.parseShort(text));
      case INT:
        return Integer.toString(Integer.parseInt(text));
      case LONG:
        return Long.toString(Long.parseLong(text));
      case CHAR:
        if (text.length() != 1) {
          throw new IllegalArgumentException(text);
        }
        return text;
      case FLOAT:
        return Float.toString(Float.parseFloat(text));
      case DOUBLE:
        return Double.toString(Double.parseDouble(text));
      case STRING:
        return text;
      case ENUM:
        if (!enumConstants.contains(text)) {
          throw new IllegalArgumentException(text);
        }
        return text;
      case UUID:
        return UUID.fromString(text).toString();
      case INSTANT:
        return Instant.parse(text).toString();
      case LOCAL_DATE:
        return LocalDate.parse(text).toString();
      case LOCAL_DATE_TIME:
        return LocalDateTime.parse(text).toString();
      case LOCAL_TIME:
        return LocalTime.parse(text).toString();
      case OFFSET_DATE_TIME:
        return OffsetDateTime.parse(text).toString();
      case DURATION:
        return Duration.parse(text).toString();
      case BIG_INTEGER:
        return new BigInteger(text).toString();
      case BIG_DECIMAL:
        return new BigDecimal(text).toString();
      default:
        throw new IllegalArgumentException("no default for " + type);
    }
  }

  /** What a valid default of {@code type} looks like, for the message. */
  private static String expected(FieldType type, List<String> enumConstants) {
    switch (type.kind()) {
      case BOOLEAN:
        return "true or false";
      case BYTE:
      case SHORT:
      case INT:
      case LONG:
      case BIG_INTEGER:
        return "a whole number in the range of " + type.descriptor() + ", such as \"0\"";
      case CHAR:
        return "exactly one character";
      case FLOAT:
      case DOUBLE:
      case BIG_DECIMAL:
        return "a decimal number such as \"1.5\"";
      case ENUM:
        return "one of the constants " + String.join(", ", enumConstants);
      case UUID:
        return "a UUID such as \"123e4567-e89b-12d3-a456-426614174000\"";
      case INSTANT:
        return "an ISO-8601 instant such as \"2024-01-01T00:00:00Z\"";
      case LOCAL_DATE:
        return "an ISO-8601 date such as \"2024-01-01\"";
      case LOCAL_DATE_TIME:
        return "an ISO-8601 date-time such as \"2024-01-01T12:00\"";
      case LOCAL_TIME:
        return "an ISO-8601 time such as \"12:00\"";
      case OFFSET_DATE_TIME:
        return "an ISO-8601 date-time with offset such as \"2024-01-01T12:00+01:00\"";
      case DURATION:
        return "an ISO-8601 duration such as \"PT1H\"";
      default:
        return "a value of " + type.descriptor();
    }
  }
}
