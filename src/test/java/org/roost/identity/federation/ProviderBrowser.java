package org.roost.identity.federation;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.roost.support.HttpSession;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A person's browser across both sites: Roost (an {@link HttpSession}, which holds Roost's cookies) and the test's
 * provider (its own cookies), following each redirect by hand as a browser would, and filling in the provider's
 * sign-in form.
 */
final class ProviderBrowser {

    private final HttpSession roost;
    private final String issuer;
    private final HttpClient client = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final Map<String, String> providerCookies = new LinkedHashMap<>();

    ProviderBrowser(HttpSession roost, String issuer) {
        this.roost = roost;
        this.issuer = issuer;
    }

    HttpSession roost() {
        return roost;
    }

    /**
     * Starts at Roost's {@code start} (a provider's sign-in start, or a link's location), signs in at the provider as
     * {@code login}, and answers what Roost's callback answered.
     */
    HttpResponse<String> signIn(String start, String login) {
        return roost.get(callbackAfterSigningIn(start, login).toString());
    }

    /** The same up to Roost's callback: where the provider sends the browser back, not yet followed. */
    URI callbackAfterSigningIn(String start, String login) {
        HttpResponse<String> toProvider = roost.get(start);
        assertThat(toProvider.statusCode()).as("Roost sends the browser to the provider: " + toProvider.body()).isEqualTo(302);
        URI at = URI.create(location(toProvider));
        assertThat(at.toString()).startsWith(issuer);
        HttpResponse<String> response = provider("GET", at, null);
        for (int hops = 0; hops < 10; hops++) {
            if (response.statusCode() == 200 && response.body().contains("name=\"login\"")) {
                Matcher action = Pattern.compile("action=\"([^\"]+)\"").matcher(response.body());
                assertThat(action.find()).as("the provider's sign-in form").isTrue();
                at = response.uri().resolve(action.group(1).replace("&amp;", "&"));
                response = provider("POST", at, "prompt=login&login=" + URLEncoder.encode(login, StandardCharsets.UTF_8)
                        + "&password=any");
                continue;
            }
            assertThat(response.statusCode()).as("a redirect at the provider: " + response.body()).isBetween(300, 399);
            URI next = response.uri().resolve(location(response));
            if (!next.toString().startsWith(issuer)) {
                return next;
            }
            response = provider("GET", next, null);
        }
        throw new AssertionError("the provider never sent the browser back");
    }

    static String location(HttpResponse<?> response) {
        return response.headers().firstValue("Location").orElseThrow(() -> new AssertionError("no Location"));
    }

    private HttpResponse<String> provider(String method, URI uri, String form) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri);
        if (form != null) {
            request.header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString(form));
        }
        else {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        }
        if (!providerCookies.isEmpty()) {
            request.header("Cookie", providerCookies.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                    .collect(Collectors.joining("; ")));
        }
        try {
            HttpResponse<String> response = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
            for (String setCookie : response.headers().allValues("Set-Cookie")) {
                String pair = setCookie.split(";", 2)[0];
                int eq = pair.indexOf('=');
                String value = pair.substring(eq + 1).strip();
                if (value.isEmpty() || setCookie.toLowerCase(java.util.Locale.ROOT).contains("expires=thu, 01 jan 1970")) {
                    providerCookies.remove(pair.substring(0, eq).strip());
                }
                else {
                    providerCookies.put(pair.substring(0, eq).strip(), value);
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
}
