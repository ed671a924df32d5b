package dev.tessera.testkit;

import dev.tessera.kv.KvStore;
import dev.tessera.kv.KvStoreContract;

/** The key store contract that every backend passes, on the simulated store without faults. */
class SimulatedKvStoreContractTest extends KvStoreContract {
  @Override
  protected KvStore openStore() {
    return SimulatedKvStore.create();
  }
}
