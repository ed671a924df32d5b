/**
 * The Tessera runtime: the tuple encoding, the key store contract and its LMDB store, the base of
 * generated repositories, queries, transactions and the index life cycle.
 *
 * <p>Exported: what applications use ({@code dev.tessera}, {@code tuple}, {@code kv}, {@code
 * kv.lmdb}, {@code repository}, {@code query}, {@code query.spatial}, {@code catalog}) and what
 * generated repositories call ({@code mapping}; {@code jakarta} for Jakarta Data repositories, whose
 * API module is optional). Of the {@code dev.tessera.internal} packages, the etcd store reads the
 * store-contract rules and the retry helper, the test kit's simulated store the store-contract
 * rules; nothing else leaves the module.
 */
module dev.tessera.runtime {
  requires transitive dev.tessera.annotations;
  requires lmdbjava;
  requires org.agrona.core;
  requires com.ibm.icu;
  requires static jakarta.data;

  exports dev.tessera;
  exports dev.tessera.catalog;
  exports dev.tessera.jakarta;
  exports dev.tessera.kv;
  exports dev.tessera.kv.lmdb;
  exports dev.tessera.mapping;
  exports dev.tessera.query;
  exports dev.tessera.query.spatial;
  exports dev.tessera.repository;
  exports dev.tessera.tuple;

  exports dev.tessera.internal.kv to dev.tessera.etcd, dev.tessera.testkit;
  exports dev.tessera.internal.retry to dev.tessera.etcd;
}
