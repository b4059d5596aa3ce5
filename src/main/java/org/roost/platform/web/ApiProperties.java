package org.roost.platform.web;

import java.time.ZonedDateTime;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * @param maxBodySize  the largest non-multipart request body accepted (uploads have their own limit)
 * @param deprecations paths announced as deprecated with {@code Deprecation} and {@code Sunset} headers
 */
@ConfigurationProperties("roost.api")
public record ApiProperties(DataSize maxBodySize, List<Deprecation> deprecations) {

    /**
     * @param pathPrefix the request paths this deprecation covers
     * @param since      when it was deprecated ({@code Deprecation}, RFC 9745)
     * @param sunset     when it stops answering ({@code Sunset}, RFC 8594), if decided
     * @param link       a page that explains the migration
     */
    record Deprecation(String pathPrefix, ZonedDateTime since, @Nullable ZonedDateTime sunset, @Nullable String link) {
    }
}
