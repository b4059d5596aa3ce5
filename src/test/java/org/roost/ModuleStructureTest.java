package org.roost;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;
import org.springframework.modulith.core.ApplicationModule;
import org.springframework.modulith.core.ApplicationModules;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The house plan: a few bounded contexts, each a declared module whose other-context dependencies are listed in its
 * {@code package-info} ({@code allowedDependencies}) and reach only the parts the other context exposes
 * ({@code @NamedInterface}); no cycles; no package too big to read.
 */
class ModuleStructureTest {

    static final ApplicationModules MODULES = ApplicationModules.of(RoostApplication.class);

    /**
     * The classes the ArchUnit rules below select (GraphQL's and the live events'), not all of org.roost: the rules
     * look only at these, and Modulith has imported the whole service once already for {@link #MODULES}.
     */
    static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.roost.graphql", "org.roost.platform.live");

    @Test
    void contextsOnlyUseWhatOthersExposeAndWhatTheyDeclareWithoutCycles() {
        MODULES.verify();
    }

    /**
     * Six contexts at the top; the parts inside a context that no other context calls are nested modules, which
     * declare their own dependencies too (the context's declaration does not cover them).
     */
    @Test
    void theHouseHasSixContextsAndEveryModuleDeclaresItsDependencies() {
        assertThat(MODULES.stream().map(ApplicationModule::getIdentifier).map(Object::toString)
                .filter(id -> !id.contains(".")))
                .containsExactlyInAnyOrder("platform", "identity", "authorization", "social", "graphql", "gateway");
        assertThat(MODULES.stream().map(ApplicationModule::getIdentifier).map(Object::toString))
                .as("nested modules").contains("social.post", "identity.recovery", "graphql.transport");
        MODULES.forEach(module -> {
            var declared = declaration(module.getBasePackage().getName());
            assertThat(declared.allowedDependencies()).as("%s declares allowedDependencies", module.getIdentifier())
                    .doesNotContain(org.springframework.modulith.ApplicationModule.OPEN_TOKEN);
        });
    }

    static org.springframework.modulith.ApplicationModule declaration(String basePackage) {
        try {
            var info = Class.forName(basePackage + ".package-info");
            var declared = info.getAnnotation(org.springframework.modulith.ApplicationModule.class);
            assertThat(declared).as("@ApplicationModule on %s", basePackage).isNotNull();
            return declared;
        } catch (ClassNotFoundException e) {
            throw new AssertionError("no package-info in " + basePackage, e);
        }
    }

    /** The platform is what everything stands on; it knows no context above it. */
    @Test
    void thePlatformDependsOnNoOtherContext() {
        var platform = MODULES.getModuleByName("platform").orElseThrow();
        assertThat(platform.getBootstrapDependencies(MODULES)).isEmpty();
        assertThat(platform.getDirectDependencies(MODULES).stream().map(d -> d.getTargetModule())).isEmpty();
    }

    /** Accounts know nothing of the authorization server built on them, nor of the doors or the social network. */
    @Test
    void identityKnowsOnlyThePlatform() {
        var identity = MODULES.getModuleByName("identity").orElseThrow();
        assertThat(identity.getDirectDependencies(MODULES).stream().map(d -> d.getTargetModule().getIdentifier().toString()))
                .containsOnly("platform");
    }

    /** The transports bring operations to GraphQL; the operations know nothing of how they came. */
    @Test
    void graphQlOperationsKnowNothingOfTheirTransports() {
        noClasses().that().resideInAPackage("org.roost.graphql")
                .should().dependOnClassesThat().resideInAPackage("org.roost.graphql.transport..")
                .check(MAIN);
    }

    /** What an operation may cost uses GraphQL's settings and error shape; never the reverse. */
    @Test
    void documentLimitsSitAboveGraphQlOperations() {
        noClasses().that().resideInAPackage("org.roost.graphql")
                .should().dependOnClassesThat().resideInAPackage("org.roost.graphql.documentlimits..")
                .check(MAIN);
    }

    /** Live events travel without GraphQL. */
    @Test
    void liveEventsKnowNothingOfGraphQl() {
        noClasses().that().resideInAPackage("org.roost.platform.live..")
                .should().dependOnClassesThat().resideInAPackage("org.roost.graphql..")
                .check(MAIN);
    }

    @Test
    void atMostEightTopLevelPackages() throws IOException {
        try (Stream<Path> top = Files.list(Path.of("src/main/java/org/roost"))) {
            assertThat(top.filter(Files::isDirectory).count()).isLessThanOrEqualTo(8);
        }
    }

    /** A package one can read in a sitting: no main package (its own files, at any depth) over 1,500 lines. */
    @Test
    void noPackageOverFifteenHundredLines() throws IOException {
        Map<Path, Long> lines = new TreeMap<>();
        try (Stream<Path> files = Files.walk(Path.of("src/main/java/org/roost"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                try (Stream<String> content = Files.lines(file)) {
                    lines.merge(file.getParent(), content.count(), Long::sum);
                }
            }
        }
        List<String> big = lines.entrySet().stream().filter(e -> e.getValue() > 1500)
                .map(e -> e.getKey() + ": " + e.getValue()).collect(Collectors.toList());
        assertThat(big).isEmpty();
    }
}
