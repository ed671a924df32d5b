package dev.tessera.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The packaged starter jar carries Spring Boot's configuration metadata for {@code tessera.*}, as
 * Spring Boot's configuration processor writes it, so an IDE completes the properties and shows
 * their descriptions (taken from {@link TesseraProperties}' javadoc). Runs after package
 * (failsafe), on the jar itself.
 */
class ConfigurationMetadataIT {
  private static final String METADATA = "META-INF/spring-configuration-metadata.json";

  private static Map<String, Map<String, Object>> properties;

  @BeforeAll
  static void readMetadataFromTheJar() throws IOException {
    Path jar = Path.of(System.getProperty("tessera.starter.jar"));
    try (JarFile file = new JarFile(jar.toFile())) {
      JarEntry entry = file.getJarEntry(METADATA);
      assertThat(entry).as("%s in %s", METADATA, jar).isNotNull();
      try (InputStream in = file.getInputStream(entry)) {
        properties = byName(new String(in.readAllBytes(), StandardCharsets.UTF_8));
      }
    }
  }

  @Test
  void everyTesseraPropertyIsListedWithItsType() {
    assertThat(properties)
        .containsOnlyKeys(
            "tessera.path",
            "tessera.durability",
            "tessera.initial-map-size",
            "tessera.max-map-size",
            "tessera.max-readers");
    assertThat(properties.get("tessera.path")).containsEntry("type", "java.nio.file.Path");
    assertThat(properties.get("tessera.durability")).containsEntry("type", "dev.tessera.kv.lmdb.Durability");
    assertThat(properties.get("tessera.max-map-size"))
        .containsEntry("type", "org.springframework.util.unit.DataSize");
    assertThat(properties.get("tessera.max-readers")).containsEntry("type", "java.lang.Integer");
  }

  @Test
  void everyPropertyHasTheDescriptionOfItsJavadoc() {
    assertThat(properties.get("tessera.path"))
        .extractingByKey("description")
        .asString()
        .startsWith("The directory of the embedded LMDB store, created if absent.");
    assertThat(properties.get("tessera.durability"))
        .extractingByKey("description")
        .asString()
        .contains("DURABLE (the default)", "NO_SYNC");
    assertThat(properties.get("tessera.initial-map-size"))
        .extractingByKey("description")
        .asString()
        .contains("default 64MB");
    assertThat(properties.get("tessera.max-map-size"))
        .extractingByKey("description")
        .asString()
        .contains("default 1TB");
    assertThat(properties.get("tessera.max-readers"))
        .extractingByKey("description")
        .asString()
        .contains("default 1024");
  }

  /**
   * The objects of the file's {@code properties} array, by name: each object's string fields
   * (name, type, description, sourceType), read with a pattern since the file is flat JSON.
   */
  private static Map<String, Map<String, Object>> byName(String json) {
    int from = json.indexOf("\"properties\"");
    int to = json.indexOf("\"hints\"", from);
    assertThat(from).as("a properties array in %s", json).isNotNegative();
    Map<String, Map<String, Object>> byName = new LinkedHashMap<>();
    Matcher object = OBJECT.matcher(json.substring(from, to < 0 ? json.length() : to));
    while (object.find()) {
      Map<String, Object> fields = new LinkedHashMap<>();
      Matcher field = FIELD.matcher(object.group());
      while (field.find()) {
        fields.put(field.group(1), field.group(2).replace("\\\"", "\""));
      }
      byName.put((String) fields.get("name"), fields);
    }
    return byName;
  }

  private static final Pattern OBJECT = Pattern.compile("\\{[^{}]*\\}");
  private static final Pattern FIELD = Pattern.compile("\"(\\w+)\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");
}
