package dev.tessera.processor.data;

/**
 * One key of a static order ({@code @OrderBy}, {@code OrderBy} in a method name).
 *
 * @param field the entity component
 * @param descending true for descending order
 */
record OrderKey(String field, boolean descending) {}
