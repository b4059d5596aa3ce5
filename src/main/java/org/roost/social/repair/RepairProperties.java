package org.roost.social.repair;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** @param atStart rebuild the derived data at start-up, before the instance reports ready */
@ConfigurationProperties("roost.repair")
record RepairProperties(boolean atStart) {
}
