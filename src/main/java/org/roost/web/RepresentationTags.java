package org.roost.web;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.web.filter.ShallowEtagHeaderFilter;

/**
 * Strong ETags from the bytes of a representation. The same hashing serves the response filter
 * (tags every GET, answers {@code If-None-Match} with 304) and {@link Preconditions} (checks
 * {@code If-Match} on writes), so a tag read from a GET is exactly the tag a write expects.
 */
class RepresentationTags extends ShallowEtagHeaderFilter {

    /**
     * Only GET and HEAD answers get a tag (the superclass's own rule), so other methods skip the response copy the
     * filter makes to hash it: a write's body went through a second buffer for nothing.
     */
    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String method = request.getMethod();
        return !"GET".equals(method) && !"HEAD".equals(method);
    }

    String tagOf(byte[] representation) {
        try {
            return generateETagHeaderValue(new ByteArrayInputStream(representation), false);
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }
}
