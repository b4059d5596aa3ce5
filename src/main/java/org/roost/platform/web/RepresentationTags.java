package org.roost.platform.web;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

import org.springframework.web.filter.ShallowEtagHeaderFilter;

/**
 * Strong ETags from the bytes of a representation. The same hashing serves the response filter
 * (tags every GET, answers {@code If-None-Match} with 304) and {@link Preconditions} (checks
 * {@code If-Match} on writes), so a tag read from a GET is exactly the tag a write expects.
 */
class RepresentationTags extends ShallowEtagHeaderFilter {

    String tagOf(byte[] representation) {
        try {
            return generateETagHeaderValue(new ByteArrayInputStream(representation), false);
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }
}
