package dev.tessera.spring.tickets;

import jakarta.data.repository.CrudRepository;
import jakarta.data.repository.Repository;

/** A Jakarta Data repository of events, injected as this interface; Tessera generates {@code Events_}. */
@Repository
public interface Events extends CrudRepository<Event, String> {}
