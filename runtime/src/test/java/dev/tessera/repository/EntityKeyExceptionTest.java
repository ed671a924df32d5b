package dev.tessera.repository;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EntityKeyExceptionTest {

  @Test
  void anExistingKeyIsNamedWithItsEntity() {
    EntityKeyException e = new EntityExistsException("user", 42L);

    assertThat(e).hasMessage("user with primary key 42 already exists");
    assertThat(e.entity()).isEqualTo("user");
    assertThat(e.key()).isEqualTo(42L);
  }

  @Test
  void aMissingKeyIsNamedWithItsEntity() {
    EntityKeyException e = new EntityNotFoundException("book", "isbn-1");

    assertThat(e).hasMessage("book with primary key isbn-1 does not exist");
    assertThat(e.entity()).isEqualTo("book");
    assertThat(e.key()).isEqualTo("isbn-1");
  }
}
