package com.acme;

import jakarta.data.metamodel.Attribute;
import jakarta.data.metamodel.SortableAttribute;
import jakarta.data.metamodel.StaticMetamodel;
import jakarta.data.metamodel.TextAttribute;
import jakarta.data.metamodel.impl.AttributeRecord;
import jakarta.data.metamodel.impl.SortableAttributeRecord;
import jakarta.data.metamodel.impl.TextAttributeRecord;
import javax.annotation.processing.Generated;

/**
 * The Jakarta Data static metamodel of {@link Book}: its attribute names, and attributes that make sorts,
 * e.g. {@code Order.by(_Book.isbn.asc())}.
 */
@StaticMetamodel(Book.class)
@Generated("dev.tessera.processor.EntityProcessor")
public interface _Book {
  /**
   * The name of attribute {@code isbn}.
   */
  String ISBN = "isbn";

  /**
   * The name of attribute {@code title}.
   */
  String TITLE = "title";

  /**
   * The name of attribute {@code year}.
   */
  String YEAR = "year";

  /**
   * The name of attribute {@code tags}.
   */
  String TAGS = "tags";

  /**
   * Attribute {@code isbn}.
   */
  TextAttribute<Book> isbn = new TextAttributeRecord<>(ISBN);

  /**
   * Attribute {@code title}.
   */
  TextAttribute<Book> title = new TextAttributeRecord<>(TITLE);

  /**
   * Attribute {@code year}.
   */
  SortableAttribute<Book> year = new SortableAttributeRecord<>(YEAR);

  /**
   * Attribute {@code tags}.
   */
  Attribute<Book> tags = new AttributeRecord<>(TAGS);
}
