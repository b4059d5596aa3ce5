package org.roost.platform.web;

import jakarta.servlet.http.HttpServletRequest;

/**
 * Links repeat the prefix the client used: a client of {@code /api/v1} stays on v1, and a client
 * of the unversioned alias keeps following the current version.
 */
public final class ApiPaths {

    public static final String V1 = "/api/v1";
    public static final String UNVERSIONED = "/api";

    private ApiPaths() {
    }

    public static String prefix(HttpServletRequest request) {
        return RequestPaths.isUnder(request, V1) ? V1 : UNVERSIONED;
    }
}
