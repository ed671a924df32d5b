package dev.tessera.it.query;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;

/**
 * A shop's products, indexed by (room, price), queried by equality on the room and a range
 * on the price; and by name, for prefix (autocomplete) queries.
 *
 * @param id the primary key
 * @param room the room the product is in
 * @param price its price
 * @param name its name, not normalised
 */
@Entity
@Index(fields = {"room", "price"})
public record Product(@PrimaryKey long id, int room, double price, @Index String name) {}
