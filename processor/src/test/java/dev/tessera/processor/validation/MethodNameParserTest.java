package dev.tessera.processor.validation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tessera.processor.model.DataMethod.Operator;
import dev.tessera.processor.validation.MethodNameParser.Action;
import dev.tessera.processor.validation.MethodNameParser.Parsed;
import dev.tessera.processor.validation.MethodNameParser.Refused;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How method names read as queries: attributes first (longest match), then keywords. */
class MethodNameParserTest {
  private static final List<String> ATTRIBUTES =
      List.of("isbn", "title", "author", "order", "orderNumber", "year", "tags");

  private static MethodNameParser.Outcome parse(String name) {
    return MethodNameParser.parse(name, ATTRIBUTES, "isbn", java.util.Set.of("tags"));
  }

  @Test
  void containsOnACollectionComparesOneElement() {
    assertThat(parsed("findByTagsContains").predicates())
        .containsExactly(new QueryPlanner.Predicate("tags", Operator.EQUAL, false));
    assertThat(parsed("countByTagsIn").predicates())
        .containsExactly(new QueryPlanner.Predicate("tags", Operator.IN, false));
  }

  private static Parsed parsed(String name) {
    MethodNameParser.Outcome outcome = parse(name);
    assertThat(outcome).isInstanceOf(Parsed.class);
    return (Parsed) outcome;
  }

  @Test
  void attributesContainingKeywordsReadAsAttributes() {
    // "Author" holds "or" and "OrderNumber" starts with "Or" and "Order": neither is a keyword here
    Parsed parsed = parsed("findByAuthorAndOrderNumberGreaterThanOrderByYearDesc");
    assertThat(parsed.predicates())
        .containsExactly(
            new QueryPlanner.Predicate("author", Operator.EQUAL, false),
            new QueryPlanner.Predicate("orderNumber", Operator.GREATER_THAN, false));
    assertThat(parsed.order()).containsExactly(new QueryPlanner.OrderSpec("year", true, false));
  }

  @Test
  void orderByWithoutConditionsAndIgnoredSubject() {
    Parsed parsed = parsed("findAllBooksOrderByTitleAscYearDesc");
    assertThat(parsed.action()).isEqualTo(Action.FIND);
    assertThat(parsed.predicates()).isEmpty();
    assertThat(parsed.order())
        .containsExactly(
            new QueryPlanner.OrderSpec("title", false, false),
            new QueryPlanner.OrderSpec("year", true, false));
  }

  @Test
  void firstAndTopTakeAnOptionalNumber() {
    assertThat(parsed("findFirstByAuthor").first()).isEqualTo(1);
    assertThat(parsed("findTop10ByAuthor").first()).isEqualTo(10);
    assertThat(parse("countTop3ByAuthor")).isInstanceOf(Refused.class);
  }

  @Test
  void idNamesThePrimaryKeyAndOperatorsTakeTheirSuffixes() {
    Parsed parsed = parsed("existsByIdStartsWith");
    assertThat(parsed.action()).isEqualTo(Action.EXISTS);
    assertThat(parsed.predicates())
        .containsExactly(new QueryPlanner.Predicate("isbn", Operator.STARTS_WITH, false));
    assertThat(parsed("deleteByTitleIgnoreCaseAndYearLessThanEqual").predicates())
        .containsExactly(
            new QueryPlanner.Predicate("title", Operator.EQUAL, true),
            new QueryPlanner.Predicate("year", Operator.LESS_THAN_EQUAL, false));
    assertThat(parsed("countByYearNull").predicates())
        .containsExactly(new QueryPlanner.Predicate("year", Operator.NULL, false));
  }

  @Test
  void keywordsThatNeedAScanAreRefusedByName() {
    assertThat(((Refused) parse("findByTitleOrAuthor")).keyword()).isEqualTo("Or");
    assertThat(((Refused) parse("findByTitleNotNull")).keyword()).isEqualTo("Not");
    assertThat(((Refused) parse("findByTitleContains")).keyword()).isEqualTo("Contains");
    assertThat(((Refused) parse("findByTitleEndsWith")).keyword()).isEqualTo("EndsWith");
    assertThat(((Refused) parse("findByColour")).keyword()).isEqualTo("Colour");
  }

  @Test
  void namesThatAreNoQueriesAreLeftAlone() {
    assertThat(parse("titled")).isInstanceOf(MethodNameParser.NotAQuery.class);
    assertThat(parse("finder")).isInstanceOf(MethodNameParser.NotAQuery.class);
    assertThat(parse("deleted")).isInstanceOf(MethodNameParser.NotAQuery.class);
  }
}
