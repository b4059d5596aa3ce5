package org.roost.platform.web.routing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Objects;
import java.util.Random;

import jakarta.servlet.http.HttpServletRequest;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockServletContext;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.support.GenericWebApplicationContext;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerExecutionChain;
import org.springframework.web.servlet.HandlerMapping;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import org.springframework.web.util.ServletRequestPathUtils;

/**
 * The filtered mapping answers every request exactly as Spring's own: the same method, path variables and best
 * pattern, or the same refusal (404, 405, 406, 415), on paths drawn at random from the mappings' own words, with
 * trailing slashes, doubled slashes, encoded characters, matrix parameters and other cases mixed in.
 */
@Timeout(60)
class PathIndexedHandlerMappingTest {

    static RequestMappingHandlerMapping spring;
    static RequestMappingHandlerMapping filtered;
    /** How often the filtered mapping left a lookup to Spring's, through every mapping. */
    static int everyMapping;

    @BeforeAll
    static void mappings() {
        GenericWebApplicationContext context = new GenericWebApplicationContext(new MockServletContext());
        context.registerBean(Routes.class);
        context.refresh();
        spring = new RequestMappingHandlerMapping();
        filtered = new PathIndexedHandlerMapping() {
            @Override
            HandlerMethod lookupInEveryMapping(String lookupPath, HttpServletRequest request) throws Exception {
                everyMapping++;
                return super.lookupInEveryMapping(lookupPath, request);
            }
        };
        for (RequestMappingHandlerMapping mapping : List.of(spring, filtered)) {
            mapping.setApplicationContext(context);
            mapping.afterPropertiesSet();
        }
    }

    @Test
    void answersAsSpringDoesOnRandomRequests() throws Exception {
        String[] words = { "api", "v1", "v2", "users", "me", "1", "posts", "2", "likes", "things", "files", "a.json",
                "static", "docs", "a", "b", "c", "x", "123", "pages", "p.html", "upper", "Case", "case", "error",
                "avatar", "USERS", "%61pi", "a;b=c", "" };
        String[] methods = { "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS" };
        String[] accepts = { null, "application/json", "text/plain", "image/png", "*/*" };
        String[] contentTypes = { null, "application/json", "application/merge-patch+json", "text/plain" };
        Random random = new Random(20261129);
        int handled = 0;
        for (int i = 0; i < 30_000; i++) {
            StringBuilder path = new StringBuilder();
            if (random.nextBoolean()) { // a mapping's own template, its variables filled with any word
                for (String part : TEMPLATES[random.nextInt(TEMPLATES.length)].substring(1).split("/")) {
                    String word = words[random.nextInt(words.length)];
                    path.append('/').append(part.startsWith("{") || part.equals("**") ? word : part.replace("*", word));
                }
            } else {
                int length = random.nextInt(7);
                for (int s = 0; s < length; s++) {
                    path.append('/').append(words[random.nextInt(words.length)]);
                }
            }
            if (path.isEmpty() || random.nextInt(20) == 0) {
                path.append('/');
            }
            String method = methods[random.nextInt(methods.length)];
            String accept = accepts[random.nextInt(accepts.length)];
            String contentType = contentTypes[random.nextInt(contentTypes.length)];
            boolean preflight = method.equals("OPTIONS") && random.nextBoolean();
            Outcome expected = outcome(spring, path.toString(), method, accept, contentType, preflight);
            int before = everyMapping;
            Outcome actual = outcome(filtered, path.toString(), method, accept, contentType, preflight);
            assertThat(actual).as("%s %s (Accept %s, Content-Type %s)", method, path, accept, contentType)
                    .isEqualTo(expected);
            if (expected.handler() != null) {
                handled++;
                if (!method.equals("OPTIONS") && PathShape.segments(path.toString()) != null) {
                    // found through the index, not by Spring's lookup through every mapping (which answers OPTIONS
                    // itself when no mapping declares it)
                    assertThat(everyMapping).as("%s %s", method, path).isEqualTo(before);
                }
            }
        }
        // the random paths must reach the handlers often, or the comparison says little
        assertThat(handled).isGreaterThan(3_000);
    }

    @Test
    void aShapeRulesOutOnlyWhatThePatternCannotMatch() {
        PathShape user = PathShape.of(List.of("/api/v1/users/{userId}", "/api/users/{userId}"));
        assertThat(user.admits(PathShape.segments("/api/v1/users/1"))).isTrue();
        assertThat(user.admits(PathShape.segments("/api/users/me"))).isTrue();
        assertThat(user.admits(PathShape.segments("/api/v1/users/1/posts"))).isFalse();
        assertThat(user.admits(PathShape.segments("/api/v1/users"))).isFalse();
        assertThat(user.admits(PathShape.segments("/api/v2/users/1"))).isFalse();
        PathShape rest = PathShape.of(List.of("/docs/{*rest}"));
        assertThat(rest.admits(PathShape.segments("/docs"))).isTrue();
        assertThat(rest.admits(PathShape.segments("/docs/a/b/c"))).isTrue();
        assertThat(rest.admits(PathShape.segments("/api/a"))).isFalse();
        PathShape regex = PathShape.of(List.of("/x/{id:\\d{3}}/y"));
        assertThat(regex.admits(PathShape.segments("/x/123/z"))).isTrue(); // left to Spring after the brace
        assertThat(PathShape.of(List.of()).admits(PathShape.segments("/anything"))).isTrue();
        assertThat(PathShape.segments("/a/")).isNull();
        assertThat(PathShape.segments("/a//b")).isNull();
        assertThat(PathShape.segments("/%61")).isNull();
        assertThat(PathShape.segments("/a;b=c")).isNull();
        assertThat(PathShape.segments("/")).isNull();
    }

    /** The paths of {@link Routes}, from which half the random paths are made. */
    static final String[] TEMPLATES = { "/api/v1/users", "/api/users", "/api/v1/users/{userId}", "/api/users/{userId}",
            "/api/v1/users/me", "/api/v1/users/{userId}/posts", "/api/v1/users/{userId}/posts/{postId}",
            "/api/v1/users/{userId}/posts/{postId}/likes", "/api/v1/users/{userId}/avatar", "/api/{version}/things",
            "/files/*.json", "/static/**", "/docs/**", "/a/{x}/b", "/a/c/{y}", "/x/{id}", "/pages/{name}.html",
            "/upper/Case", "/error" };

    private static Outcome outcome(RequestMappingHandlerMapping mapping, String path, String method, String accept,
            String contentType, boolean preflight) {
        MockHttpServletRequest request = new MockHttpServletRequest(method, path);
        if (accept != null) {
            request.addHeader("Accept", accept);
        }
        if (contentType != null) {
            request.setContentType(contentType);
        }
        if (preflight) {
            request.addHeader("Origin", "https://elsewhere.example");
            request.addHeader("Access-Control-Request-Method", "PATCH");
        }
        ServletRequestPathUtils.parseAndCache(request);
        try {
            HandlerExecutionChain chain = mapping.getHandler(request);
            Object handler = chain == null ? null : chain.getHandler();
            String handlerName = handler instanceof HandlerMethod method1 ? method1.getMethod().toString()
                    : Objects.toString(handler == null ? null : handler.getClass().getName());
            return new Outcome(handler == null ? null : handlerName,
                    Objects.toString(request.getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE)),
                    Objects.toString(request.getAttribute(HandlerMapping.URI_TEMPLATE_VARIABLES_ATTRIBUTE)), null);
        } catch (Exception refused) {
            return new Outcome(null, null, null, refused.getClass().getName() + ": " + refused.getMessage());
        }
    }

    record Outcome(String handler, String pattern, String variables, String refusal) {
    }

    @RestController
    @RequestMapping(produces = { "application/json", "application/problem+json" })
    static class Routes {
        @GetMapping({ "/api/v1/users", "/api/users" }) String users() { return ""; }
        @GetMapping(path = "/api/v1/users", params = "q") String search() { return ""; }
        @PostMapping(path = { "/api/v1/users", "/api/users" }, consumes = "application/json") String signUp() { return ""; }
        @GetMapping({ "/api/v1/users/{userId}", "/api/users/{userId}" }) String user() { return ""; }
        @GetMapping("/api/v1/users/me") String me() { return ""; }
        @PatchMapping(path = { "/api/v1/users/{userId}", "/api/users/{userId}" },
                consumes = { "application/json", "application/merge-patch+json" }) String update() { return ""; }
        @DeleteMapping({ "/api/v1/users/{userId}", "/api/users/{userId}" }) String delete() { return ""; }
        @GetMapping("/api/v1/users/{userId}/posts") String posts() { return ""; }
        @PostMapping(path = "/api/v1/users/{userId}/posts", consumes = "application/json") String post() { return ""; }
        @GetMapping("/api/v1/users/{userId}/posts/{postId}") String onePost() { return ""; }
        @PutMapping("/api/v1/users/{userId}/posts/{postId}/likes") String like() { return ""; }
        @DeleteMapping("/api/v1/users/{userId}/posts/{postId}/likes") String unlike() { return ""; }
        @GetMapping(path = "/api/v1/users/{userId}/avatar", produces = "image/png") String avatar() { return ""; }
        @GetMapping("/api/{version:v\\d+}/things") String things() { return ""; }
        @GetMapping("/files/*.json") String files() { return ""; }
        @GetMapping("/static/**") String statics() { return ""; }
        @GetMapping("/docs/{*rest}") String docs() { return ""; }
        @GetMapping("/a/{x}/b") String axb() { return ""; }
        @GetMapping("/a/c/{y}") String acy() { return ""; }
        @GetMapping("/x/{id:\\d{3}}") String x() { return ""; }
        @GetMapping("/pages/{name}.html") String pages() { return ""; }
        @GetMapping("/upper/Case") String upper() { return ""; }
        @RequestMapping("/error") String error() { return ""; }
        @GetMapping(path = "/api/v1/users/{userId}/posts", produces = MediaType.TEXT_PLAIN_VALUE) String text() { return ""; }
    }

}
