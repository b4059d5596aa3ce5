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
}
