package org.roost.platform.web.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.roost.support.ApiClient;
import org.roost.support.Json;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

/** The users, posts and credentials the tries use; {@code {me}}-style placeholders for the corpus. */
record FuzzIdentity(ApiClient.Login login, String bearer, long other, long post, long otherPost) {

    /**
     * Users and posts through MockMvc; the token over the real port, because its issuer is the origin it was
     * obtained at ({@code http://localhost:<port>}, where the tries go), not MockMvc's {@code http://localhost}.
     */
    static FuzzIdentity create(MockMvcTester mvc, int port) {
        ApiClient api = new ApiClient(mvc);
        ApiClient.Login login = api.newUser("fuzz");
        ApiClient.Login other = api.newUser("fuzzother");
        String body = "{\"username\":\"%s\",\"password\":\"%s\"}".formatted(login.username(), ApiClient.PASSWORD);
        RawHttp.Response token = send(port, new RawHttp.Request("POST", "/auth/token",
                List.of(Map.entry("Content-Type", "application/json")), body.getBytes(StandardCharsets.UTF_8)));
        return new FuzzIdentity(login, Json.of(token.body()).get("access_token").asString(), other.userId(),
                api.createPost(login, "fuzz"), api.createPost(other, "other"));
    }

    /** Whether both credentials still work (a try may have deleted the user or changed the password). */
    boolean stillValid(int port) {
        String path = "/api/v1/users/" + login.userId();
        return send(port, new RawHttp.Request("GET", path, List.of(Map.entry("Authorization", "Bearer " + bearer)),
                new byte[0])).status() == 200
                && send(port, new RawHttp.Request("GET", path, List.of(Map.entry("Cookie", "SESSION="
                        + login.session().getValue())), new byte[0])).status() == 200;
    }

    private static RawHttp.Response send(int port, RawHttp.Request request) {
        try {
            return new RawHttp(port, Duration.ofSeconds(10)).send(request, 0);
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    Map<String, String> placeholders() {
        return Map.of("{me}", String.valueOf(login.userId()), "{other}", String.valueOf(other), "{post}",
                String.valueOf(post), "{otherPost}", String.valueOf(otherPost), "{session}", login.session().getValue(),
                "{xsrf}", login.xsrf(), "{bearer}", bearer, "{username}", login.username());
    }

    Map<String, String> ids() {
        return Map.of("me", String.valueOf(login.userId()), "other", String.valueOf(other), "post", String.valueOf(post),
                "otherPost", String.valueOf(otherPost));
    }

    String idFor(String variable, HostileValues values) {
        return variable.toLowerCase(Locale.ROOT).contains("post")
                ? String.valueOf(values.chance(0.8) ? post : otherPost)
                : String.valueOf(values.chance(0.7) ? login.userId() : other);
    }

    /** Mostly a valid credential (both styles), sometimes none, a broken one, or a cookie without its CSRF token. */
    List<Map.Entry<String, String>> credential(HostileValues values) {
        String cookies = "SESSION=" + login.session().getValue() + "; XSRF-TOKEN=" + login.xsrf();
        return switch (values.below(10)) {
            case 0, 1, 2 -> List.of(Map.entry("Authorization", "Bearer " + bearer));
            case 3, 4, 5 -> List.of(Map.entry("Cookie", cookies), Map.entry("X-XSRF-TOKEN", login.xsrf()));
            case 6 -> List.of(Map.entry("Cookie", cookies));
            case 7 -> List.of(Map.entry("Authorization", values.oneOf(List.of("Bearer ", "Bearer " + values.headerValue(),
                    "Bearer " + bearer + "x", "Basic " + values.headerValue(), "Basic Og==", "Bearer a.b.c",
                    "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.", "bearer " + bearer, "Bearer " + "a".repeat(7_000),
                    values.headerValue()))));
            case 8 -> List.of(Map.entry("Cookie", "SESSION=" + values.oneOf(List.of("", "x", "%", login.session().getValue()
                    + "x", "\"\"", "a".repeat(5_000)))));
            default -> List.of();
        };
    }
}
