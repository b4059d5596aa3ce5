package org.roost.social.demo;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** @param enabled create a few users, posts and follows at start, if they are not there yet */
@ConfigurationProperties("roost.demo-data")
record DemoDataProperties(boolean enabled) {
}
