package org.roost.gateway.publicreading;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code roost.public-reading} (default in application.yml: true).
 *
 * @param publicReading whether a visitor with no credential may read users and posts (REST {@code GET}, GraphQL
 *                      queries); off, every such request answers 401 as before
 */
@ConfigurationProperties("roost")
record PublicReadingProperties(boolean publicReading) {
}
