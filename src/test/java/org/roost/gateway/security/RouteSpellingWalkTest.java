package org.roost.gateway.security;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.HttpSession;
import org.roost.support.IntegrationTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.RequestMappingInfoHandlerMapping;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every route the service answers, each in its plain spelling and in spellings with one letter or digit
 * percent-encoded ({@code /%61pi/v1/users}, {@code /api/v1/users/%31}): the encoded one must meet the same guard as
 * the plain one or be refused with 400. Spring's firewall let {@code %61} through while Roost's filters compared the
 * raw URI, so encoded spellings once skipped rate limits, the client-secret throttle and step-up. The routes are
 * Spring MVC's own mappings (read from the running service, so a new controller is walked without editing this test)
 * and the endpoints the filters of Spring Security and the authorization server answer.
 */
@IntegrationTest
class RouteSpellingWalkTest {

    /** Endpoints answered by filters, not by {@code @RequestMapping}s (the security chains, the GraphQL router). */
    private static final List<String> FILTER_ROUTES = List.of("POST /login", "POST /logout", "GET /oauth2/authorize",
            "POST /oauth2/token", "POST /oauth2/introspect", "POST /oauth2/revoke", "POST /oauth2/device_authorization",
            "GET /oauth2/device_verification", "GET /oauth2/jwks", "POST /oauth2/par", "GET /userinfo",
            "POST /connect/register", "GET /connect/logout", "GET /.well-known/openid-configuration",
            "GET /.well-known/oauth-authorization-server", "POST /webauthn/register/options", "POST /webauthn/register",
            "POST /webauthn/authenticate/options", "POST /login/webauthn", "POST /graphql", "GET /graphql",
            "GET /actuator/health", "GET /v3/api-docs");

    /**
     * Every path variable: an id nobody has, so that the walk, which signs in as a user of its own, changes nothing
     * (a write to someone else's resource is refused) and never ends its own account or token.
     */
    private static final String NOBODY = "987654321";

    /** Routes that end the credential they are sent with: each request of theirs gets a token of its own. */
    private static final Set<String> ENDS_THE_TOKEN = Set.of("POST /auth/logout", "POST /logout", "POST /auth/token/revoke");

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    @Autowired
    MockMvcTester mvc;

    @Autowired
    ApplicationContext context;

    @LocalServerPort
    int port;

    @Test
    void everyEncodedSpellingOfEveryRouteIsRefusedOrMeetsTheSameGuard() throws Exception {
        ApiClient.Login me = new ApiClient(mvc).newUser("walker");
        HttpSession session = new HttpSession("http://localhost:" + port);
        String token = session.firstPartyToken(me.username(), ApiClient.PASSWORD);
        Set<String> routes = routes();
        assertThat(routes).as("routes read from the service").hasSizeGreaterThan(60)
                .contains("GET /api/v1/users/{userId}", "POST /webauthn/register/options");

        List<String> walkedAround = new ArrayList<>();
        List<String> serverErrors = new ArrayList<>();
        int spellings = 0;
        for (String route : routes) {
            String method = route.substring(0, route.indexOf(' '));
            String path = route.substring(route.indexOf(' ') + 1).replaceAll("\\{[^}]*}", NOBODY);
            boolean ends = ENDS_THE_TOKEN.contains(route);
            HttpResponse<String> plain = send(method, path, ends ? session.firstPartyToken(me.username(), ApiClient.PASSWORD) : token);
            if (plain.statusCode() >= 500 && plain.statusCode() != 501) { // 501: a door not built yet says so
                serverErrors.add("%s %s: %d %s".formatted(method, path, plain.statusCode(), plain.body()));
            }
            for (String encoded : spellings(path)) {
                spellings++;
                HttpResponse<String> response = send(method, encoded,
                        ends ? session.firstPartyToken(me.username(), ApiClient.PASSWORD) : token);
                boolean refused = response.statusCode() == 400 && response.body().contains("\"MALFORMED_REQUEST\"");
                boolean sameGuard = response.statusCode() == plain.statusCode()
                        && response.headers().firstValue("RateLimit-Policy").isPresent()
                                == plain.headers().firstValue("RateLimit-Policy").isPresent();
                if (!refused && !sameGuard) {
                    walkedAround.add("%s %s: %d (plain %s: %d)".formatted(method, encoded, response.statusCode(), path,
                            plain.statusCode()));
                }
            }
        }
        assertThat(spellings).isGreaterThan(200);
        assertThat(walkedAround).as("encoded spellings that met another guard than the plain path").isEmpty();
        assertThat(serverErrors).as("routes that failed on an empty or no body (the contract's 4xx is expected)").isEmpty();
    }

    private Set<String> routes() {
        Set<String> routes = new TreeSet<>(FILTER_ROUTES);
        for (RequestMappingInfoHandlerMapping mapping : context.getBeansOfType(RequestMappingInfoHandlerMapping.class)
                .values()) {
            for (RequestMappingInfo info : mapping.getHandlerMethods().keySet()) {
                Set<RequestMethod> methods = info.getMethodsCondition().getMethods();
                for (String pattern : info.getPatternValues()) {
                    if (pattern.contains("*")) {
                        continue;
                    }
                    for (RequestMethod method : methods.isEmpty() ? Set.of(RequestMethod.GET) : methods) {
                        routes.add(method.name() + " " + pattern);
                    }
                }
            }
        }
        return routes;
    }

    /** The path with one character encoded: the first letter of each literal segment, and each variable's digit. */
    static List<String> spellings(String path) {
        List<String> spellings = new ArrayList<>();
        int start = 1;
        while (start < path.length()) {
            int end = path.indexOf('/', start);
            end = end < 0 ? path.length() : end;
            for (int i = start; i < end; i++) {
                char c = path.charAt(i);
                if (Character.isLetterOrDigit(c) && c < 0x80) {
                    spellings.add(path.substring(0, i) + "%%%02X".formatted((int) c) + path.substring(i + 1));
                    break;
                }
            }
            start = end + 1;
        }
        return spellings;
    }

    private HttpResponse<String> send(String method, String path, String token) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .timeout(Duration.ofSeconds(10)).header("Authorization", "Bearer " + token);
        if (method.equals("GET") || method.equals("DELETE") || method.equals("HEAD") || method.equals("OPTIONS")) {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        }
        else {
            request.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString("{}"));
        }
        // No retry: every refusal here must leave its kept-alive connection usable for the next request.
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void spellingsEncodeOneCharacterPerSegment() {
        assertThat(spellings("/api/v1/users/42")).containsExactly("/%61pi/v1/users/42", "/api/%76" + "1/users/42",
                "/api/v1/%75sers/42", "/api/v1/users/%342");
    }
}
