package org.roost.support;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A minimal browser over real HTTP: keeps cookies (also {@code Secure} ones on http://localhost,
 * as browsers do for loopback), follows no redirects so that tests see each hop.
 */
public final class HttpSession {

    private final HttpClient client = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final Map<String, String> cookies = new LinkedHashMap<>();
    private final String base;

    public HttpSession(String base) {
        this.base = base;
    }

    public HttpResponse<String> get(String uri, String... headers) {
        return send(HttpRequest.newBuilder(resolve(uri)).GET(), "", headers);
    }

    public HttpResponse<String> postForm(String uri, List<Map.Entry<String, String>> fields, String... headers) {
        String body = fields.stream().map(e -> encode(e.getKey()) + "=" + encode(e.getValue()))
                .collect(Collectors.joining("&"));
        String[] all = concat(headers, "Content-Type", "application/x-www-form-urlencoded");
        return send(HttpRequest.newBuilder(resolve(uri)).POST(HttpRequest.BodyPublishers.ofString(body)), body, all);
    }

    public HttpResponse<String> postJson(String uri, String json, String... headers) {
        String[] all = concat(headers, "Content-Type", "application/json");
        return send(HttpRequest.newBuilder(resolve(uri)).POST(HttpRequest.BodyPublishers.ofString(json)), json, all);
    }

    /** Any method with a JSON body (PATCH, PUT). */
    public HttpResponse<String> send(String method, String uri, String json, String... headers) {
        String[] all = concat(headers, "Content-Type", "application/json");
        return send(HttpRequest.newBuilder(resolve(uri)).method(method, HttpRequest.BodyPublishers.ofString(json)), json, all);
    }

    /** A first-party access token for the user ({@code POST /auth/token}); fails the test unless it is issued. */
    public String firstPartyToken(String username, String password) {
        HttpResponse<String> response = postJson("/auth/token",
                "{\"username\":\"%s\",\"password\":\"%s\"}".formatted(username, password));
        if (response.statusCode() != 200) {
            throw new AssertionError("POST /auth/token answered " + response.statusCode() + ": " + response.body());
        }
        return Json.of(response.body()).get("access_token").asString();
    }

    public URI resolve(String uri) {
        return URI.create(base).resolve(uri);
    }

    public Map<String, String> cookies() {
        return cookies;
    }

    /** Sends the request, keeps its cookies, and holds the exchange to the OpenAPI document the server serves. */
    private HttpResponse<String> send(HttpRequest.Builder request, String body, String... headers) {
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        if (!cookies.isEmpty()) {
            request.header("Cookie", cookies.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                    .collect(Collectors.joining("; ")));
        }
        try {
            HttpRequest built = request.build();
            HttpResponse<String> response = client.send(built, HttpResponse.BodyHandlers.ofString());
            URI target = built.uri();
            OpenApiResponseValidation.check(target.getScheme() + "://" + target.getAuthority(),
                    Exchange.of(built, body.getBytes(java.nio.charset.StandardCharsets.UTF_8), response));
            for (String setCookie : response.headers().allValues("Set-Cookie")) {
                String pair = setCookie.split(";", 2)[0];
                int eq = pair.indexOf('=');
                String name = pair.substring(0, eq).strip();
                String value = pair.substring(eq + 1).strip();
                if (value.isEmpty() || setCookie.contains("Max-Age=0")) {
                    cookies.remove(name);
                }
                else {
                    cookies.put(name, value);
                }
            }
            return response;
        }
        catch (IOException ex) {
            throw new IllegalStateException(ex);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(ex);
        }
    }

    private static String[] concat(String[] headers, String name, String value) {
        String[] all = java.util.Arrays.copyOf(headers, headers.length + 2);
        all[headers.length] = name;
        all[headers.length + 1] = value;
        return all;
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
