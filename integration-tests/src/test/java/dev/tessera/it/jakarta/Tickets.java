package dev.tessera.it.jakarta;

import jakarta.data.repository.CrudRepository;
import jakarta.data.repository.Repository;

/** Tickets with generated keys; Tessera generates {@code Tickets_}. */
@Repository
public interface Tickets extends CrudRepository<Ticket, String> {}
