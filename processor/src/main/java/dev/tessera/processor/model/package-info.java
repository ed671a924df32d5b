/**
 * The processor's model of an entity: immutable records built from the compiler's elements by
 * {@code validation} and read by {@code codegen}. Nothing here knows JavaPoet or elements.
 */
package dev.tessera.processor.model;
