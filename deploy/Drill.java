import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Load for deploy/drill.sh: RATE requests a second through the balancer, two reads for each write, until
 * the stop file appears (or MAX seconds pass); then reads every post back and counts what was lost.
 * Writes are not retried: a failed one is counted, and found later only if it committed anyway.
 *
 *   java deploy/Drill.java <base url> <rate> <stop file> <max seconds>
 */
public class Drill {

    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(3)).build();
    static final String PASSWORD = "a long enough password";
    static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*\"(\\d+)\"");

    public static void main(String[] args) throws Exception {
        String base = args[0];
        int rate = Integer.parseInt(args[1]);
        Path stop = Path.of(args[2]);
        long maxNanos = TimeUnit.SECONDS.toNanos(Long.parseLong(args[3]));
        String username = "drill" + Long.toString(System.nanoTime(), 36);
        String userId = field(send(post(base + "/api/v1/users", "{\"username\":\"" + username
                + "\",\"name\":\"Drill\",\"password\":\"" + PASSWORD + "\"}", null)).body(), "id");
        String token = field(send(post(base + "/auth/token", "{\"username\":\"" + username + "\",\"password\":\""
                + PASSWORD + "\"}", null)).body(), "access_token");

        AtomicInteger sent = new AtomicInteger();
        AtomicInteger reads = new AtomicInteger();
        AtomicInteger failedReads = new AtomicInteger();
        AtomicInteger writes = new AtomicInteger();
        AtomicInteger failedWrites = new AtomicInteger();
        Map<String, Boolean> acknowledged = new ConcurrentHashMap<>();
        Map<Integer, AtomicInteger> failures = new ConcurrentHashMap<>();
        long start = System.nanoTime();
        long interval = TimeUnit.SECONDS.toNanos(1) / rate;
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (long n = 0; !Files.exists(stop) && System.nanoTime() - start < maxNanos; n++) {
                long due = start + n * interval;
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    TimeUnit.NANOSECONDS.sleep(wait);
                }
                boolean write = n % 3 == 2;
                long number = n;
                sent.incrementAndGet();
                pool.submit(() -> {
                    int status;
                    String body = "";
                    try {
                        HttpRequest request = write
                                ? post(base + "/api/v1/users/" + userId + "/posts", "{\"title\":\"drill " + number + "\"}",
                                        token)
                                : HttpRequest.newBuilder(URI.create(base + "/api/v1/users/" + userId
                                        + (number % 2 == 0 ? "/posts?limit=5" : ""))).timeout(Duration.ofSeconds(10))
                                        .header("Authorization", "Bearer " + token).GET().build();
                        HttpResponse<String> response = send(request);
                        status = response.statusCode();
                        body = response.body();
                    }
                    catch (Exception ex) {
                        status = -1;
                    }
                    (write ? writes : reads).incrementAndGet();
                    boolean ok = write ? status == 201 : status == 200;
                    if (!ok) {
                        (write ? failedWrites : failedReads).incrementAndGet();
                        failures.computeIfAbsent(status, s -> new AtomicInteger()).incrementAndGet();
                    }
                    else if (write) {
                        acknowledged.put(field(body, "id"), true);
                    }
                });
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        Set<String> found = new HashSet<>();
        String next = "/api/v1/users/" + userId + "/posts?limit=100";
        while (next != null) {
            HttpResponse<String> page = send(HttpRequest.newBuilder(URI.create(base + next))
                    .header("Authorization", "Bearer " + token).GET().build());
            if (page.statusCode() != 200) {
                throw new IllegalStateException("Listing the posts answered " + page.statusCode());
            }
            Matcher m = ID.matcher(page.body());
            while (m.find()) {
                found.add(m.group(1));
            }
            Matcher link = Pattern.compile("\"next\"\\s*:\\s*\"([^\"]+)\"").matcher(page.body());
            next = link.find() ? link.group(1) : null;
        }
        long lost = acknowledged.keySet().stream().filter(id -> !found.contains(id)).count();
        System.out.printf("duration: %.0f s, rate: %.1f req/s%n", seconds, sent.get() / seconds);
        System.out.printf("requests sent: %d (reads %d, writes %d)%n", sent.get(), reads.get(), writes.get());
        System.out.printf("failed reads: %d%n", failedReads.get());
        System.out.printf("failed writes: %d%n", failedWrites.get());
        System.out.printf("failures by status (-1 = no answer): %s%n", failures);
        System.out.printf("acknowledged writes: %d%n", acknowledged.size());
        System.out.printf("rows found: %d (of which written but not acknowledged: %d)%n", found.size(),
                found.size() - found.stream().filter(acknowledged::containsKey).count());
        System.out.printf("lost writes: %d%n", lost);
    }

    static HttpRequest post(String uri, String json, String token) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(uri)).timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json));
        if (token != null) {
            builder.header("Authorization", "Bearer " + token).header("Idempotency-Key", UUID.randomUUID().toString());
        }
        return builder.build();
    }

    static HttpResponse<String> send(HttpRequest request) throws Exception {
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }

    static String field(String body, String name) {
        Matcher m = Pattern.compile("\"" + name + "\"\\s*:\\s*\"([^\"]+)\"").matcher(body);
        if (!m.find()) {
            throw new IllegalStateException("No " + name + " in " + body);
        }
        return m.group(1);
    }
}
