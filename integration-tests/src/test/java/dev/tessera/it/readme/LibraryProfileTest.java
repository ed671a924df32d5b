package dev.tessera.it.readme;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The profile of {@link ConsumerBuild#INSTALL_COMMAND}, which README tells users to install the
 * artifacts with, builds the library's modules and nothing else: no examples, integration tests or
 * benchmarks (whose build prints a peer database's licence banner), read from the parent pom.
 */
class LibraryProfileTest {
  @Test
  void theInstallCommandsProfileBuildsTheLibraryModulesOnly() throws Exception {
    Document pom = DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(Path.of("..", "pom.xml").toFile());
    Element project = pom.getDocumentElement();

    List<String> modules = new ArrayList<>(modulesOf(child(project, "modules")));
    modules.addAll(modulesOf(child(profile(project, ConsumerBuild.LIBRARY_PROFILE), "modules")));

    assertThat(ConsumerBuild.INSTALL_COMMAND).contains("-P" + ConsumerBuild.LIBRARY_PROFILE + " ");
    assertThat(modules).containsExactlyInAnyOrder(
        "annotations", "runtime", "processor", "etcd", "testkit", "cli", "spring");
  }

  private static Element profile(Element project, String id) {
    for (Element profile : children(child(project, "profiles"), "profile")) {
      if (child(profile, "id").getTextContent().equals(id)) {
        return profile;
      }
    }
    throw new AssertionError("the parent pom has no profile " + id);
  }

  private static List<String> modulesOf(Element modules) {
    return children(modules, "module").stream().map(Node::getTextContent).toList();
  }

  private static Element child(Element parent, String name) {
    List<Element> found = children(parent, name);
    assertThat(found).as("<%s> in <%s>", name, parent.getTagName()).hasSize(1);
    return found.get(0);
  }

  private static List<Element> children(Element parent, String name) {
    List<Element> found = new ArrayList<>();
    NodeList nodes = parent.getChildNodes();
    for (int i = 0; i < nodes.getLength(); i++) {
      if (nodes.item(i) instanceof Element element && element.getTagName().equals(name)) {
        found.add(element);
      }
    }
    return found;
  }
}
