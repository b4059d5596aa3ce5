package org.roost.platform.web.fuzz;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

/**
 * The fuzz corpus: {@code src/test/resources/fuzz/*.http}, one raw request per file, replayed on every
 * run. Lines starting with {@code #} at the top are comments; then the request line, headers, a blank
 * line and the body (its last line break dropped). {@code {me}}, {@code {other}}, {@code {post}},
 * {@code {otherPost}}, {@code {session}}, {@code {xsrf}}, {@code {bearer}} and {@code {username}} are
 * replaced with the run's own values; {@code \r} and {@code \n} written out in a header line stand for
 * those characters. Content-Length is added unless the file gives one (or Transfer-Encoding).
 */
final class FuzzCorpus {

    record Seed(String name, String text) {

        RawHttp.Request request(Map<String, String> placeholders) {
            String filled = text;
            for (var placeholder : placeholders.entrySet()) {
                filled = filled.replace(placeholder.getKey(), placeholder.getValue());
            }
            List<String> lines = new ArrayList<>(Arrays.asList(filled.split("\n", -1)));
            while (lines.getFirst().startsWith("#")) {
                lines.removeFirst();
            }
            String[] requestLine = lines.removeFirst().split(" ", 2);
            List<Map.Entry<String, String>> headers = new ArrayList<>();
            while (!lines.isEmpty() && !lines.getFirst().isEmpty()) {
                String line = lines.removeFirst();
                int colon = line.indexOf(':');
                headers.add(Map.entry(line.substring(0, colon), unescape(line.substring(colon + 1).strip())));
            }
            String body = lines.isEmpty() ? "" : String.join("\n", lines.subList(1, lines.size()));
            if (body.endsWith("\n")) {
                body = body.substring(0, body.length() - 1);
            }
            return new RawHttp.Request(requestLine[0], requestLine[1], headers, body.getBytes(StandardCharsets.UTF_8));
        }

        private static String unescape(String value) {
            return value.replace("\\r", "\r").replace("\\n", "\n").replace("\\0", "\u0000");
        }
    }

    private FuzzCorpus() {
    }

    static List<Seed> load() throws IOException {
        Resource[] files = new PathMatchingResourcePatternResolver().getResources("classpath:fuzz/*.http");
        List<Seed> seeds = new ArrayList<>();
        for (Resource file : files) {
            seeds.add(new Seed(file.getFilename(), file.getContentAsString(StandardCharsets.UTF_8)));
        }
        seeds.sort(Comparator.comparing(Seed::name));
        return seeds;
    }
}
