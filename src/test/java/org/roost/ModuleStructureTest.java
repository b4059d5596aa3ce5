package org.roost;

import org.junit.jupiter.api.Test;
import org.springframework.modulith.core.ApplicationModules;

import static org.assertj.core.api.Assertions.assertThat;

class ModuleStructureTest {

    static final ApplicationModules MODULES = ApplicationModules.of(RoostApplication.class);

    @Test
    void featuresOnlyUseEachOthersPublicApiWithoutCycles() {
        MODULES.verify();
    }

    /** What was one {@code auth} package: each part a module of its own, with one job. */
    @Test
    void signInAndSecurityAreModulesOfTheirOwn() {
        for (String name : new String[] { "session", "token", "revocation", "login", "limits", "websecurity" }) {
            assertThat(MODULES.getModuleByName(name)).as(name).isPresent();
        }
        assertThat(MODULES.getModuleByName("auth")).isEmpty();
    }

    /** Live events travel without GraphQL: the graphql module uses them, never the other way round. */
    @Test
    void liveEventsAreAModuleThatKnowsNothingOfGraphQl() {
        var live = MODULES.getModuleByName("live").orElseThrow();
        var graphql = MODULES.getModuleByName("graphql").orElseThrow();

        assertThat(live.getBootstrapDependencies(MODULES).map(module -> module.getName())).doesNotContain("graphql");
        assertThat(graphql.getBootstrapDependencies(MODULES).map(module -> module.getName())).contains("live");
    }

    /** The transports bring operations to graphql; graphql knows nothing of how they came. */
    @Test
    void graphQlOperationsKnowNothingOfTheirTransports() {
        var graphql = MODULES.getModuleByName("graphql").orElseThrow();
        var transport = MODULES.getModuleByName("graphqltransport").orElseThrow();

        assertThat(graphql.getBootstrapDependencies(MODULES).map(module -> module.getName())).doesNotContain("graphqltransport");
        assertThat(transport.getBootstrapDependencies(MODULES).map(module -> module.getName())).contains("graphql");
    }

    /** What an operation may cost is a module of its own, which uses graphql's settings and error shape; never the reverse. */
    @Test
    void graphQlLimitsAreAModuleAboveGraphQl() {
        var graphql = MODULES.getModuleByName("graphql").orElseThrow();
        var limits = MODULES.getModuleByName("graphqllimits").orElseThrow();

        assertThat(limits.getBootstrapDependencies(MODULES).map(module -> module.getName())).contains("graphql");
        assertThat(graphql.getBootstrapDependencies(MODULES).map(module -> module.getName())).doesNotContain("graphqllimits");
    }
}
