package dev.tessera.it.tx;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.Index;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.UniqueIndex;

/**
 * A record of money moved between two {@link Account}s, written in the same transaction as the two
 * balance updates.
 *
 * @param id the primary key
 * @param reference unique, like a payment reference
 * @param fromAccount the account debited, indexed
 * @param toAccount the account credited
 * @param amount the sum moved, never negative
 */
@Entity(name = "bank_transfer")
public record Transfer(
    @PrimaryKey String id,
    @UniqueIndex String reference,
    @Index String fromAccount,
    String toAccount,
    long amount) {}
