/** The Tessera annotation processor: model, validation and code generation. */
package dev.tessera.processor;
