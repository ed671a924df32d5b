/**
 * Jakarta Data repositories: for an interface annotated {@code @jakarta.data.repository.Repository}
 * whose entity is a Tessera {@code @Entity} record, {@link dev.tessera.processor.data.DataRepositoryReader}
 * builds a {@link dev.tessera.processor.data.DataRepositoryModel} (every query planned on an index by
 * {@link dev.tessera.processor.data.QueryPlanner}, or refused with a compile error), {@link
 * dev.tessera.processor.data.DataRepositoryWriter} writes its implementation {@code Books_}, and
 * {@link dev.tessera.processor.data.MetamodelWriter} writes the static metamodel {@code _Book} of
 * each entity. Active only when {@code jakarta.data-api} is on the compile class path.
 */
package dev.tessera.processor.data;
