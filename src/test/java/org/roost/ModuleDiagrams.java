package org.roost;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.springframework.modulith.docs.Documenter;

/**
 * Draws the module diagrams (PlantUML) and canvases under target/spring-modulith-docs, from which docs/modules/ is
 * refreshed after a change to the plan: {@code mvn -q test -Dtest=ModuleDiagrams}. Not part of {@code mvn test} (its
 * name does not end in Test, so Surefire runs it only when named): drawing checks nothing that
 * {@link ModuleStructureTest}'s verification does not, and cost every run seconds.
 */
class ModuleDiagrams {

    @Test
    void writesTheModuleDiagrams() throws IOException {
        var documenter = new Documenter(ModuleStructureTest.MODULES,
                Documenter.Options.defaults().withOutputFolder("target/spring-modulith-docs"));
        documenter.writeDocumentation();
        try (Stream<Path> written = Files.list(Path.of("target/spring-modulith-docs"))) {
            assertThat(written.map(p -> p.getFileName().toString())).contains("components.puml");
        }
    }
}
