package dev.tessera.it.jakarta;

import dev.tessera.it.Place;
import jakarta.data.repository.BasicRepository;
import jakarta.data.repository.Repository;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Box queries on {@link Place}'s spatial index {@code xY}, declared as a {@code Between} on each of
 * its fields; Tessera generates {@code Places_}, which calls {@code PlaceRepository.byXY().within}.
 */
@Repository
public interface Places extends BasicRepository<Place, String> {

  List<Place> findByXBetweenAndYBetween(int x0, int x1, int y0, int y1);

  Stream<Place> findByYBetweenAndXBetween(int y0, int y1, Integer x0, Integer x1);

  Place[] findFirst5ByXBetweenAndYBetween(int x0, int x1, int y0, int y1);

  Optional<Place> findOneByXBetweenAndYBetween(int x0, int x1, int y0, int y1);

  long countByXBetweenAndYBetween(int x0, int x1, int y0, int y1);

  boolean existsByXBetweenAndYBetween(int x0, int x1, int y0, int y1);
}
