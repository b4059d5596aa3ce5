package org.roost.platform.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.security.web.header.HeaderWriter;
import org.springframework.security.web.header.writers.CompositeHeaderWriter;
import org.springframework.security.web.header.writers.HstsHeaderWriter;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter.ReferrerPolicy;
import org.springframework.security.web.header.writers.XContentTypeOptionsHeaderWriter;
import org.springframework.security.web.header.writers.XXssProtectionHeaderWriter;
import org.springframework.security.web.header.writers.frameoptions.XFrameOptionsHeaderWriter;
import org.springframework.security.web.header.writers.frameoptions.XFrameOptionsHeaderWriter.XFrameOptionsMode;

/**
 * The headers every security filter chain writes (Spring Security's defaults with {@code Referrer-Policy:
 * no-referrer}, see {@code websecurity.SecurityConfig}), for the answers no chain sees: Tomcat's own refusals
 * and the firewall's, both made before a chain runs. Written by Spring Security's own header writers, so they
 * are the same headers; {@code Cache-Control: no-store} comes with every error body anyway.
 */
final class SecurityHeaders {

    private static final HeaderWriter WRITER = new CompositeHeaderWriter(java.util.List.of(
            new XContentTypeOptionsHeaderWriter(), new XXssProtectionHeaderWriter(), new HstsHeaderWriter(),
            new XFrameOptionsHeaderWriter(XFrameOptionsMode.DENY), new ReferrerPolicyHeaderWriter(ReferrerPolicy.NO_REFERRER)));

    private SecurityHeaders() {
    }

    static void write(HttpServletRequest request, HttpServletResponse response) {
        WRITER.writeHeaders(request, response);
    }
}
