package dev.tessera.cli;

import java.util.List;

/**
 * One CSV row as RFC 4180 has it: cells quoted when they hold a comma, quote or line break. A
 * {@code null} cell is left empty and an empty text is written as {@code ""}, so that a reader can
 * tell them apart (as PostgreSQL's CSV format does). Stateless.
 */
final class Csv {
  private Csv() {}

  /** The row of {@code cells}: {@code null} empty, anything else its {@code String.valueOf}. */
  static String row(List<?> cells) {
    StringBuilder row = new StringBuilder();
    for (int i = 0; i < cells.size(); i++) {
      if (i > 0) {
        row.append(',');
      }
      if (cells.get(i) == null) {
        continue;
      }
      String cell = String.valueOf(cells.get(i));
      if (cell.isEmpty() || cell.indexOf(',') >= 0 || cell.indexOf('"') >= 0 || cell.indexOf('\n') >= 0
          || cell.indexOf('\r') >= 0) {
        row.append('"').append(cell.replace("\"", "\"\"")).append('"');
      } else {
        row.append(cell);
      }
    }
    return row.toString();
  }
}
