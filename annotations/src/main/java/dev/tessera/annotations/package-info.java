/** The annotations that declare Tessera entities, their keys and their indexes. */
package dev.tessera.annotations;
