package dev.tessera.processor;

/**
 * The qualified names of the Jakarta Data 1.0 types the processor reads from elements. The
 * processor does not depend on {@code jakarta.data-api} (users without it must not need it), so it
 * names them here, once, and looks them up with {@code Elements.getTypeElement}: absent, the
 * processor writes no Jakarta Data code. Constants only.
 */
public final class JakartaDataNames {
  private static final String REPOSITORY_PACKAGE = "jakarta.data.repository.";

  /** Every annotation of the repository package, as {@code getSupportedAnnotationTypes} names them. */
  public static final String REPOSITORY_ANNOTATIONS = REPOSITORY_PACKAGE + "*";
  /** The canonical name of {@code jakarta.data.repository.Repository}. */
  public static final String REPOSITORY = REPOSITORY_PACKAGE + "Repository";
  /** The canonical name of {@code jakarta.data.repository.DataRepository}. */
  public static final String DATA_REPOSITORY = REPOSITORY_PACKAGE + "DataRepository";
  /** The canonical name of {@code jakarta.data.repository.BasicRepository}. */
  public static final String BASIC_REPOSITORY = REPOSITORY_PACKAGE + "BasicRepository";
  /** The canonical name of {@code jakarta.data.repository.Find}. */
  public static final String FIND = REPOSITORY_PACKAGE + "Find";
  /** The canonical name of {@code jakarta.data.repository.By}. */
  public static final String BY = REPOSITORY_PACKAGE + "By";
  /** The canonical name of {@code jakarta.data.repository.Insert}. */
  public static final String INSERT = REPOSITORY_PACKAGE + "Insert";
  /** The canonical name of {@code jakarta.data.repository.Update}. */
  public static final String UPDATE = REPOSITORY_PACKAGE + "Update";
  /** The canonical name of {@code jakarta.data.repository.Save}. */
  public static final String SAVE = REPOSITORY_PACKAGE + "Save";
  /** The canonical name of {@code jakarta.data.repository.Delete}. */
  public static final String DELETE = REPOSITORY_PACKAGE + "Delete";
  /** The canonical name of {@code jakarta.data.repository.OrderBy}. */
  public static final String ORDER_BY = REPOSITORY_PACKAGE + "OrderBy";
  /** The canonical name of {@code jakarta.data.repository.OrderBy.List}. */
  public static final String ORDER_BY_LIST = REPOSITORY_PACKAGE + "OrderBy.List";
  /** The canonical name of {@code jakarta.data.repository.Query}. */
  public static final String QUERY = REPOSITORY_PACKAGE + "Query";
  /** The canonical name of {@code jakarta.data.Limit}. */
  public static final String LIMIT = "jakarta.data.Limit";
  /** The canonical name of {@code jakarta.data.Order}. */
  public static final String ORDER = "jakarta.data.Order";
  /** The canonical name of {@code jakarta.data.Sort}. */
  public static final String SORT = "jakarta.data.Sort";
  /** The canonical name of {@code jakarta.data.page.PageRequest}. */
  public static final String PAGE_REQUEST = "jakarta.data.page.PageRequest";
  /** The canonical name of {@code jakarta.data.page.Page}. */
  public static final String PAGE = "jakarta.data.page.Page";
  /** The canonical name of {@code jakarta.data.page.CursoredPage}. */
  public static final String CURSORED_PAGE = "jakarta.data.page.CursoredPage";
  /** The canonical name of {@code jakarta.data.metamodel.StaticMetamodel}. */
  public static final String STATIC_METAMODEL = "jakarta.data.metamodel.StaticMetamodel";
  /** The canonical name of {@code dev.tessera.kv.KvStore}. */
  public static final String KV_STORE = "dev.tessera.kv.KvStore";

  /** {@code By.ID}: the name that stands for the entity's identifier, whatever it is called. */
  public static final String ID = "id(this)";
  /** The provider name a {@code @Repository(provider = ...)} gives to choose Tessera. */
  public static final String PROVIDER = "Tessera";

  private JakartaDataNames() {}
}
