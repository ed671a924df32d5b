/**
 * Run-time support of the Jakarta Data repositories the Tessera processor implements: for a
 * {@code @jakarta.data.repository.Repository} interface {@code com.acme.Books} it writes {@code
 * com.acme.Books_}, a subclass of {@link dev.tessera.data.DataRepositorySupport} that delegates to
 * the generated Tessera repository. Exception translation, page and cursor conversion and the
 * run-time sort checks live here, once.
 *
 * <p>Only generated Jakarta Data code uses this package, and only it needs {@code
 * jakarta.data:jakarta.data-api} on the class path (an optional dependency of the runtime).
 */
package dev.tessera.data;
