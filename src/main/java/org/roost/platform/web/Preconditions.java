package org.roost.platform.web;

import java.util.Arrays;
import java.util.function.Supplier;

import jakarta.servlet.http.HttpServletRequest;

import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.ErrorCode;
import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/** Honours {@code If-Match} on writes: a stale tag means the client would overwrite a change it has not seen. */
@Component
public class Preconditions {

    private final JsonMapper jsonMapper;
    private final RepresentationTags tags = new RepresentationTags();

    Preconditions(JsonMapper jsonMapper) {
        this.jsonMapper = jsonMapper;
    }

    /** @param current the representation a GET of the same URL answers now */
    public void checkIfMatch(HttpServletRequest request, Supplier<Object> current) {
        String ifMatch = request.getHeader(HttpHeaders.IF_MATCH);
        if (ifMatch == null || ifMatch.isBlank() || ifMatch.trim().equals("*")) {
            return;
        }
        String tag = tags.tagOf(jsonMapper.writeValueAsBytes(current.get()));
        boolean matches = Arrays.stream(ifMatch.split(",")).map(String::trim).anyMatch(tag::equals);
        if (!matches) {
            throw new ApiException(ErrorCode.PRECONDITION_FAILED, ErrorCode.PRECONDITION_FAILED.defaultMessage());
        }
    }
}
