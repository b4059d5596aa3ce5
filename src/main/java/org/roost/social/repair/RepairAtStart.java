package org.roost.social.repair;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.stereotype.Component;

/** With {@code roost.repair.at-start}, the repair runs before the instance reports ready (runners come first). */
@Component
class RepairAtStart implements ApplicationRunner {

    private final RepairProperties properties;
    private final DerivedData derived;

    RepairAtStart(RepairProperties properties, DerivedData derived) {
        this.properties = properties;
        this.derived = derived;
    }

    @Override
    public void run(ApplicationArguments args) {
        if (properties.atStart()) {
            derived.repair();
        }
    }
}
