package org.roost.social.repair;

import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.stereotype.Component;

/**
 * {@code POST /actuator/repair} (operators only, like every actuator endpoint but health): rebuilds counters and
 * timelines from users, follows and posts, and answers what it changed. Safe to repeat and to run while serving.
 */
@Component
@Endpoint(id = "repair")
class RepairEndpoint {

    private final DerivedData derived;

    RepairEndpoint(DerivedData derived) {
        this.derived = derived;
    }

    @WriteOperation
    DerivedData.Report repair() {
        return derived.repair();
    }
}
