package org.roost.support;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.web.context.WebApplicationContext;
import org.springframework.web.servlet.FlashMap;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.ModelAndView;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The response check that every integration test runs does catch a response the document does not describe. */
@IntegrationTest
class OpenApiResponseValidationTest {

    @Autowired
    WebApplicationContext context;

    @Test
    void acceptsAConformingErrorBodyAndRefusesAMalformedOneAndAnUndocumentedStatus() {
        // given
        var validation = new OpenApiResponseValidation.Document(context);
        String good = "{\"error\":{\"code\":\"NOT_FOUND\",\"message\":\"No.\",\"details\":[]},"
                + "\"request_id\":\"r1\",\"timestamp\":\"2026-11-23T10:00:00.000Z\"}";

        // when / then
        assertThatCode(() -> validation.handle(result("GET", "/api/v1/users/7", 404, good))).doesNotThrowAnyException();
        assertThatThrownBy(() -> validation.handle(result("GET", "/api/users/7", 404, "{\"error\":\"nope\"}")))
                .hasMessageContaining("does not match its schema");
        assertThatThrownBy(() -> validation.handle(result("GET", "/api/v1/users/7", 418, good)))
                .hasMessageContaining("undocumented status GET /api/v1/users/{userId} -> 418");
    }

    @Test
    void refusesAnUndeclaredHeaderAndAMissingRequiredOne() {
        // given
        var validation = new OpenApiResponseValidation.Document(context);
        String good = "{\"error\":{\"code\":\"NOT_FOUND\",\"message\":\"No.\",\"details\":[]},"
                + "\"request_id\":\"r1\",\"timestamp\":\"2026-11-23T10:00:00.000Z\"}";
        MvcResult tagged = result("GET", "/api/v1/users/7", 404, good);
        tagged.getResponse().setHeader("ETag", "\"abc\"");
        MvcResult anonymous = result("GET", "/api/v1/users/7", 404, good);
        anonymous.getResponse().setHeader("X-Request-Id", null);

        // when / then
        assertThatThrownBy(() -> validation.handle(tagged)).hasMessageContaining("carries ETag, which it does not declare");
        assertThatThrownBy(() -> validation.handle(anonymous)).hasMessageContaining("lacks the required header X-Request-Id");
    }

    @Test
    void holdsRequestsToTheDocumentBothWays() {
        // given
        var validation = new OpenApiResponseValidation.Document(context);
        String invalid = "{\"error\":{\"code\":\"VALIDATION_ERROR\",\"message\":\"No.\",\"details\":"
                + "[{\"field\":\"limit\",\"message\":\"too big\"}]},\"request_id\":\"r1\",\"timestamp\":\"2026-11-23T10:00:00.000Z\"}";
        MvcResult acceptedOutOfBounds = result("GET", "/api/v1/users", 200, "{\"items\":[],\"_links\":{}}");
        acceptedOutOfBounds.getRequest().setParameter("limit", "500");
        MvcResult refusedWithinBounds = result("GET", "/api/v1/users", 400, invalid);
        refusedWithinBounds.getRequest().setParameter("limit", "50");
        MvcResult refusedCursor = result("GET", "/api/v1/users", 400, invalid.replace("limit", "after"));
        refusedCursor.getRequest().setParameter("after", "bm9wZQ");

        // when / then a request the document rules out must not succeed, one it allows must not be refused as invalid,
        // unless for a rule the operation lists as checked beyond its schema
        assertThatThrownBy(() -> validation.handle(acceptedOutOfBounds)).hasMessageContaining("accepted a request that breaks");
        assertThatThrownBy(() -> validation.handle(refusedWithinBounds)).hasMessageContaining("the document is looser");
        assertThatCode(() -> validation.handle(refusedCursor)).doesNotThrowAnyException();
    }

    private static MvcResult result(String method, String uri, int status, String body) {
        MockHttpServletRequest request = new MockHttpServletRequest(method, uri);
        MockHttpServletResponse response = new MockHttpServletResponse();
        response.setStatus(status);
        response.setHeader("X-Request-Id", "r1");
        response.setContentType("application/json");
        response.setCharacterEncoding("UTF-8");
        try {
            response.getOutputStream().write(body.getBytes(StandardCharsets.UTF_8));
        }
        catch (java.io.IOException ex) {
            throw new IllegalStateException(ex);
        }
        return new MvcResult() {
            public MockHttpServletRequest getRequest() { return request; }
            public MockHttpServletResponse getResponse() { return response; }
            public Object getHandler() { return null; }
            public HandlerInterceptor[] getInterceptors() { return null; }
            public ModelAndView getModelAndView() { return null; }
            public Exception getResolvedException() { return null; }
            public FlashMap getFlashMap() { return new FlashMap(); }
            public Object getAsyncResult() { return null; }
            public Object getAsyncResult(long timeToWait) { return null; }
        };
    }
}
