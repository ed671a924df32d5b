package dev.tessera.cli;

import dev.tessera.internal.catalog.RecordTranslator;
import dev.tessera.internal.catalog.SubspaceCatalog;
import dev.tessera.kv.KvStore;
import dev.tessera.mapping.ComponentSchema;
import dev.tessera.mapping.RecordSchema;
import dev.tessera.repository.CatalogRepository;
import dev.tessera.repository.StoredRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A ticket as the first version of the application stored it, before {@link Ticket} added its
 * currency and renamed {@code mail} to {@code email}: the shape is recorded in the catalog as that
 * version's repository recorded it, and its records are written with their record count and no
 * index (the version had none yet; the evolved repository builds every index over them, reading
 * them with its defaults and former names). Two versions of one entity cannot be compiled
 * together, hence the hand-written first one.
 *
 * @param id the primary key
 * @param eventId the event
 * @param seat the seat
 * @param mail the buyer's e-mail
 * @param status the state
 * @param tags the tags
 * @param x the first coordinate
 * @param y the second coordinate
 */
record TicketV1(long id, String eventId, int seat, String mail, TicketStatus status,
    List<String> tags, double x, double y) {

  /** The first version's shape of entity "ticket", with the type texts the processor writes. */
  static final RecordSchema SCHEMA = new RecordSchema("ticket", "id", List.of(
      ComponentSchema.of("id", "long"),
      ComponentSchema.of("eventId", "STRING"),
      ComponentSchema.of("seat", "int"),
      ComponentSchema.of("mail", "STRING"),
      ComponentSchema.of("status", "enum " + TicketStatus.class.getName()),
      ComponentSchema.of("tags", "List<STRING>"),
      ComponentSchema.of("x", "double"),
      ComponentSchema.of("y", "double")));

  /** Stores {@code tickets} as the first version did, into a store that has no ticket yet. */
  static void store(KvStore kv, List<TicketV1> tickets) {
    SubspaceCatalog.assign(kv, "ticket", List.of("ticket"));
    RecordTranslator.open(kv, SCHEMA);
    CatalogRepository first = CatalogRepository.open(kv, "ticket");
    List<StoredRecord> records = new ArrayList<>();
    for (TicketV1 ticket : tickets) {
      records.add(first.record(ticket.values()));
    }
    first.insertAll(records);
  }

  /** The ticket as the evolved application reads it: currency "EUR", the e-mail renamed. */
  Ticket evolved() {
    return new Ticket(id, eventId, seat, mail, status, tags, x, y, "EUR");
  }

  private Map<String, Object> values() {
    Map<String, Object> values = new LinkedHashMap<>();
    values.put("id", id);
    values.put("eventId", eventId);
    values.put("seat", seat);
    values.put("mail", mail);
    values.put("status", status == null ? null : status.name());
    values.put("tags", tags);
    values.put("x", x);
    values.put("y", y);
    return values;
  }
}
