import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Revocation propagation between two instances: a token is logged out (or its user's password changed)
 * on instance A, then instance B is asked with it as fast as one connection allows. The delay of a round
 * is from A's answer to the first B request that was refused (0 when B refused the very first one).
 * A itself must refuse at once. Loopback only; bounded by the round count and a 2 s limit per round.
 *
 *   java bench/Revocation.java http://127.0.0.1:17401 http://127.0.0.1:17402 [rounds]
 */
public class Revocation {

    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    static final String PASSWORD = "a long enough password";

    public static void main(String[] args) throws Exception {
        String a = args[0];
        String b = args[1];
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 200;
        String username = "rev" + Long.toString(System.nanoTime(), 36);
        String userId = field(send(post(a + "/api/v1/users", "{\"username\":\"" + username
                + "\",\"name\":\"Bench\",\"password\":\"" + PASSWORD + "\"}")), "id");
        List<Double> logoutDelays = new ArrayList<>();
        List<Double> passwordDelays = new ArrayList<>();
        int notAtOnceOnA = 0;
        int neverRefused = 0;
        String password = PASSWORD;
        for (int round = 0; round < rounds; round++) {
            boolean passwordRound = round % 10 == 9;
            String token = field(send(post(a + "/auth/token", "{\"username\":\"" + username + "\",\"password\":\""
                    + password + "\"}")), "access_token");
            // B has verified this token once: any cache it has is warm.
            expect(send(get(b + "/api/v1/users/" + userId, token)), 200);
            if (passwordRound) {
                String next = PASSWORD + round;
                expect(send(HttpRequest.newBuilder(URI.create(a + "/api/v1/users/" + userId))
                        .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                        .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"password\":\"" + next
                                + "\",\"current_password\":\"" + password + "\"}")).build()), 200);
                password = next;
            }
            else {
                expect(send(post(a + "/auth/logout", "{}", "Authorization", "Bearer " + token)), 204);
            }
            long answered = System.nanoTime();
            if (send(get(a + "/api/v1/users/" + userId, token)).statusCode() != 401) {
                notAtOnceOnA++;
            }
            long deadline = answered + Duration.ofSeconds(2).toNanos();
            Double delay = null;
            boolean first = true;
            while (System.nanoTime() < deadline) {
                long sent = System.nanoTime();
                if (send(get(b + "/api/v1/users/" + userId, token)).statusCode() == 401) {
                    delay = first ? 0.0 : (sent - answered) / 1e6;
                    break;
                }
                first = false;
            }
            if (delay == null) {
                neverRefused++;
            }
            else {
                (passwordRound ? passwordDelays : logoutDelays).add(delay);
            }
        }
        report("logout", logoutDelays);
        report("password change", passwordDelays);
        System.out.printf("rounds: %d, not refused at once by the instance that revoked: %d, not refused by the other"
                + " within 2 s: %d%n", rounds, notAtOnceOnA, neverRefused);
    }

    static void report(String what, List<Double> delays) {
        if (delays.isEmpty()) {
            return;
        }
        List<Double> sorted = new ArrayList<>(delays);
        Collections.sort(sorted);
        long atOnce = sorted.stream().filter(d -> d == 0.0).count();
        System.out.printf("%s: %d rounds, refused by the other instance on the first request after the answer: %d;"
                + " propagation delay ms p50 %.1f p99 %.1f max %.1f%n", what, sorted.size(), atOnce,
                pct(sorted, 50), pct(sorted, 99), sorted.getLast());
    }

    static double pct(List<Double> sorted, int p) {
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
    }

    static HttpRequest post(String uri, String json, String... headers) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(uri)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json));
        for (int i = 0; i < headers.length; i += 2) {
            builder.header(headers[i], headers[i + 1]);
        }
        return builder.build();
    }

    static HttpRequest get(String uri, String token) {
        return HttpRequest.newBuilder(URI.create(uri)).header("Authorization", "Bearer " + token).GET().build();
    }

    static HttpResponse<String> send(HttpRequest request) throws Exception {
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }

    static void expect(HttpResponse<String> response, int status) {
        if (response.statusCode() != status) {
            throw new IllegalStateException(response.request().uri() + " answered " + response.statusCode() + ": "
                    + response.body());
        }
    }

    static String field(HttpResponse<String> response, String name) {
        Matcher m = Pattern.compile("\"" + name + "\"\\s*:\\s*\"([^\"]+)\"").matcher(response.body());
        if (!m.find()) {
            throw new IllegalStateException("No " + name + " in " + response.statusCode() + " " + response.body());
        }
        return m.group(1);
    }
}
