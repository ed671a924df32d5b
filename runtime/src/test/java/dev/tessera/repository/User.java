package dev.tessera.repository;

/** The test user: unique e-mail, non-unique favourite colour. */
record User(String id, String name, String email, String favoriteColor) {
  User withEmail(String newEmail) {
    return new User(id, name, newEmail, favoriteColor);
  }

  User withName(String newName) {
    return new User(id, newName, email, favoriteColor);
  }

  User withColor(String color) {
    return new User(id, name, email, color);
  }
}
