package dev.tessera.it.query;

/** The states of a loan, declared in the order a loan goes through them (not alphabetical). */
public enum LoanStatus {
  OUT,
  RENEWED,
  RETURNED,
  LOST
}
