package dev.tessera.cli;

import java.util.List;

/** One CSV row as RFC 4180 has it: cells quoted when they hold a comma, quote or line break. */
final class Csv {
  private Csv() {}

  static String row(List<?> cells) {
    StringBuilder row = new StringBuilder();
    for (int i = 0; i < cells.size(); i++) {
      if (i > 0) {
        row.append(',');
      }
      String cell = String.valueOf(cells.get(i));
      if (cell.indexOf(',') >= 0 || cell.indexOf('"') >= 0 || cell.indexOf('\n') >= 0
          || cell.indexOf('\r') >= 0) {
        row.append('"').append(cell.replace("\"", "\"\"")).append('"');
      } else {
        row.append(cell);
      }
    }
    return row.toString();
  }
}
