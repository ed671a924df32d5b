package dev.tessera.repository;

import dev.tessera.tuple.Versionstamp;

/**
 * What {@link Transactions#runWithResult} returns: the function's result and the versionstamp of
 * the commit that wrote the transaction's writes. Immutable.
 *
 * @param <R> the result type
 * @param value what the transaction's function returned (may be {@code null})
 * @param versionstamp the commit's versionstamp, shared by every key the transaction wrote, or
 *     {@code null} for a read-only transaction (it needs no commit)
 */
public record TransactionResult<R>(R value, Versionstamp versionstamp) {}
