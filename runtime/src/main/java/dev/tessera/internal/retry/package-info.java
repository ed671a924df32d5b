/**
 * Internal, not API: the one retry helper of Tessera's runtime and stores. An attempt returns an
 * {@link dev.tessera.internal.retry.Attempt} ("done with a result" or "lost, because ..."), and
 * {@link dev.tessera.internal.retry.Retry} runs attempts within a bound of attempts, a deadline or
 * both, waiting between them as its {@link dev.tessera.internal.retry.Backoff} says and stopping an
 * interrupted thread.
 *
 * <p>These types are public only so that the store modules (etcd) can share them with the
 * runtime. Applications and generated code must not use them: they may change or disappear in any
 * release without notice.
 */
package dev.tessera.internal.retry;
