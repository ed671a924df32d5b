/**
 * Spring Boot auto-configuration of Tessera: a {@code KvStore} bean from the {@code tessera.*}
 * properties and a bean for every generated repository ({@link
 * dev.tessera.spring.TesseraAutoConfiguration}).
 */
package dev.tessera.spring;
