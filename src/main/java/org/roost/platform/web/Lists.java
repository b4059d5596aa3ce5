package org.roost.platform.web;

import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;

import org.roost.platform.shared.Page;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.web.util.UriComponentsBuilder;

/** Answers a page as the contract's list body, with the next page in {@code _links} and in a {@code Link} header. */
public final class Lists {

    private Lists() {
    }

    public static <T> ResponseEntity<ListBody<T>> ok(HttpServletRequest request, Page<T> page) {
        String query = request.getQueryString();
        String self = request.getRequestURI() + (query == null ? "" : "?" + query);
        Map<String, String> links = new LinkedHashMap<>();
        links.put("self", self);
        ResponseEntity.BodyBuilder response = ResponseEntity.ok();
        if (page.nextCursor() != null) {
            String next = UriComponentsBuilder.fromUriString(self)
                    .replaceQueryParam("after", page.nextCursor())
                    .build().toUriString();
            links.put("next", next);
            response.header(HttpHeaders.LINK, "<" + next + ">; rel=\"next\"");
        }
        return response.body(new ListBody<>(page.items(), links));
    }
}
