/**
 * For generated code: the contract between the repositories the annotation processor writes and
 * the runtime. A generated mapping extends {@link dev.tessera.mapping.GeneratedMapping} (an {@link
 * dev.tessera.mapping.EntityMapping}): it encodes and decodes the record with the typed {@link
 * dev.tessera.mapping.Codecs}, declares its stored shape ({@link dev.tessera.mapping.RecordSchema},
 * {@link dev.tessera.mapping.ComponentSchema}, {@link dev.tessera.mapping.TypeDescriptor}) and its
 * indexes ({@link dev.tessera.mapping.IndexDefinition}), normalising text values with {@link
 * dev.tessera.mapping.TextNormalizer}. Applications use the generated repositories, not these
 * types; the exception they may meet when a stored shape cannot be read is {@code
 * dev.tessera.repository.IncompatibleSchemaException}.
 */
package dev.tessera.mapping;
