package dev.tessera.repository;

/** The seed 000/001 test entity. */
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
