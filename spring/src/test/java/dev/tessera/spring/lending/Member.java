package dev.tessera.spring.lending;

import dev.tessera.annotations.Entity;
import dev.tessera.annotations.PrimaryKey;
import dev.tessera.annotations.UniqueIndex;

/** A test entity: a library member, found by e-mail address. */
@Entity
public record Member(@PrimaryKey long id, String name, @UniqueIndex String email) {}
