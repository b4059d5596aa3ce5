package org.roost.platform.web;

import java.util.Set;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which path a request is for is {@link RequestPaths}' answer, the decoded path Spring's matchers see, and nobody
 * else's: a filter that compared {@code getRequestURI()} let {@code /%61pi/v1/...} past the guard that the plain
 * spelling met. Main code reads the raw URI only where its spelling is the point, each named here with why.
 */
class RequestPathDecisionsTest {

    /** The classes that read the raw URI, and why that is not a decision about which path this is. */
    static final Set<String> SPELLING_READERS = Set.of(
            RequestPaths.class.getName(),          // parses it into the decoded path
            "org.roost.gateway.security.EncodedPathRefusal", // refuses a spelling, which is only in the raw form
            "org.roost.platform.operations.AccessLog", // logs what the client sent
            JsonErrorReportValve.class.getName(),  // logs what the client sent, for a container refusal
            ErrorResponses.class.getName(),        // logs what the client sent, beside a dependency failure
            Lists.class.getName());                // echoes the request's own URI as the list's self link

    static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.roost");

    @Test
    void onlyTheNamedClassesReadTheRawUri() {
        noClasses().that(describe("are not spelling readers",
                        (JavaClass c) -> !SPELLING_READERS.contains(c.getName().replaceAll("\\$.*", ""))))
                .should().callMethodWhere(describe("getRequestURI() or getRequestURL()",
                        (JavaMethodCall call) -> call.getName().equals("getRequestURI")
                                || call.getName().equals("getRequestURL")))
                .because("decisions by path ask RequestPaths.of(request), the decoded path Spring's matchers see")
                .check(MAIN);
    }

    @Test
    void theDecodedPathIsWhatSpringMatches() {
        assertThat(RequestPaths.decode("/%61pi/v1/users/1", "")).isEqualTo("/api/v1/users/1");
        assertThat(RequestPaths.decode("/webauthn/%72egister/options", "")).isEqualTo("/webauthn/register/options");
        assertThat(RequestPaths.decode("/ctx/%67raphql", "/ctx")).isEqualTo("/graphql");
        assertThat(RequestPaths.decode("/api/v1/users;x=1/1", "")).isEqualTo("/api/v1/users/1");
        assertThat(RequestPaths.decode("/api/v1/users/caf%C3%A9", "")).isEqualTo("/api/v1/users/café");
        assertThat(RequestPaths.decode("/api/v1/users", "")).isEqualTo("/api/v1/users");
    }
}
