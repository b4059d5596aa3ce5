package org.roost;

import org.junit.jupiter.api.Test;
import org.springframework.modulith.core.ApplicationModules;

class ModuleStructureTest {

    @Test
    void featuresOnlyUseEachOthersPublicApiWithoutCycles() {
        ApplicationModules.of(RoostApplication.class).verify();
    }
}
