package org.roost.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.modulith.test.ApplicationModuleTest;
import org.springframework.test.context.BootstrapUtils;
import org.springframework.test.context.BootstrapWith;
import org.springframework.test.context.MergedContextConfiguration;
import org.springframework.test.context.TestContextAnnotationUtils;

/**
 * Keeps the suite's application start-ups few (docs/testing.md, "Shared configurations"): every distinct test context
 * configuration is one start-up, since Spring's test context cache keys contexts on exactly what this test computes
 * ({@link MergedContextConfiguration}: properties, profiles, imports, mock beans, customizers). A test class that
 * adds a property or a bean of its own adds a start-up; this test names the configurations and their classes, so
 * the one to move onto a shared configuration is easy to find. The run's true total (with the tests that start
 * instances themselves) is printed at its end ({@link StartupCount}).
 */
class ContextBudgetTest {

    /**
     * The most distinct configurations the suite may have: what it has now (34 before issue 32's regrouping, 23 after
     * its first round). The aim
     * is at most 12 start-ups in all, the tests that start their own instances included (docs/testing.md, "Counting
     * start-ups", says what is left): lower this as configurations are merged, never raise it without saying why
     * there.
     */
    static final int BUDGET = 7;

    /**
     * The most distinct slice configurations ({@code @JdbcTest}, {@code @WebMvcTest}, {@code @ApplicationModuleTest}
     * and the like): each starts only a part of the service, in a second or two, but a start-up all the same. One
     * shared configuration per kind of slice (docs/testing.md, "The pyramid"); raise this only for a new kind.
     */
    static final int SLICE_BUDGET = 8;

    @Test
    void theSuiteSharesAFewContextConfigurations() throws Exception {
        Map<MergedContextConfiguration, List<String>> all = configurations();
        Map<MergedContextConfiguration, List<String>> whole = new LinkedHashMap<>();
        Map<MergedContextConfiguration, List<String>> slices = new LinkedHashMap<>();
        all.forEach((configuration, classes) -> (isWholeApplication(configuration) ? whole : slices).put(configuration, classes));
        String report = report(whole, "whole-application context configurations") + "\n"
                + report(slices, "slice context configurations");
        System.out.println(report);
        assertThat(whole).as("the suite's test classes (at least the shared configurations' users)").hasSizeGreaterThan(1);
        assertThat(slices).as("the slices (at least the repository slices on H2 and PostgreSQL)").hasSizeGreaterThan(1);
        assertThat(whole.size()).as(report).isLessThanOrEqualTo(BUDGET);
        assertThat(slices.size()).as(report).isLessThanOrEqualTo(SLICE_BUDGET);
    }

    private static String report(Map<MergedContextConfiguration, List<String>> configurations, String what) {
        return configurations.values().stream()
                .map(classes -> classes.size() + " class(es): " + String.join(", ", classes))
                .collect(Collectors.joining("\n  ", configurations.size() + " " + what + ":\n  ", ""));
    }

    /**
     * The whole service: a {@code @SpringBootTest} that scans every component. A Modulith module test is a
     * {@code @SpringBootTest} too, but limited to its modules (its own bootstrapper), so it counts as a slice, as do
     * Boot's slices ({@code @JdbcTest}, {@code @WebMvcTest}: each bootstraps with its own type exclude filter).
     */
    static boolean isWholeApplication(MergedContextConfiguration configuration) {
        Class<?> test = configuration.getTestClass();
        return TestContextAnnotationUtils.findAnnotationDescriptor(test, SpringBootTest.class) != null
                && TestContextAnnotationUtils.findAnnotationDescriptor(test, ApplicationModuleTest.class) == null;
    }

    /** Every Spring test class of the suite, grouped by the context it runs in. */
    static Map<MergedContextConfiguration, List<String>> configurations() throws IOException, URISyntaxException {
        Map<MergedContextConfiguration, List<String>> configurations = new LinkedHashMap<>();
        for (Class<?> test : springTests()) {
            MergedContextConfiguration configuration = BootstrapUtils.resolveTestContextBootstrapper(test)
                    .buildMergedContextConfiguration();
            configurations.computeIfAbsent(configuration, key -> new ArrayList<>()).add(test.getName().substring("org.roost.".length()));
        }
        return configurations;
    }

    private static List<Class<?>> springTests() throws IOException, URISyntaxException {
        // The compiled test classes: this class's own directory tree, from the package root.
        Path root = Path.of(ContextBudgetTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (Stream<Path> files = Files.walk(root.resolve("org/roost"))) {
            return files.map(root::relativize).map(Path::toString).filter(ContextBudgetTest::isTestClassFile)
                    .map(name -> name.substring(0, name.length() - ".class".length()).replace('/', '.').replace('\\', '.'))
                    .sorted().<Class<?>>map(ContextBudgetTest::load).filter(ContextBudgetTest::isSpringTest).toList();
        }
    }

    /** A test class by the suite's naming, or one nested in it (a nested class may add configuration of its own). */
    private static boolean isTestClassFile(String name) {
        String outer = name.substring(0, name.length() - ".class".length()).split("\\$")[0];
        return name.endsWith(".class") && outer.endsWith("Test");
    }

    private static boolean isSpringTest(Class<?> type) {
        boolean nestedTest = type.isMemberClass() && type.isAnnotationPresent(Nested.class);
        return (!type.isMemberClass() || nestedTest) && !java.lang.reflect.Modifier.isAbstract(type.getModifiers())
                && !type.isInterface()
                && TestContextAnnotationUtils.findAnnotationDescriptor(type, BootstrapWith.class) != null;
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, ContextBudgetTest.class.getClassLoader());
        }
        catch (ClassNotFoundException ex) {
            throw new IllegalStateException(ex);
        }
    }
}
