package org.roost.platform.web.fuzz;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * HTTP/1.1 over a plain socket, one request per connection. {@link java.net.http.HttpClient} refuses
 * exactly the inputs a fuzzer wants to send (control characters in header values, restricted headers,
 * malformed targets), and MockMvc skips Tomcat's own parsing; this sends the bytes as they are.
 * Each request may come from its own loopback address (127.x.y.z), so the per-address login throttle
 * that other tests in the same context rely on is not spent by the fuzzer.
 */
final class RawHttp {

    /** What the fuzzer sends: the body goes out as is, with a Content-Length unless a header names one. */
    record Request(String method, String target, List<Map.Entry<String, String>> headers, byte[] body) {

        String describe() {
            StringBuilder text = new StringBuilder(method).append(' ').append(target).append(" HTTP/1.1\n");
            headers.forEach(h -> text.append(h.getKey()).append(": ").append(abbreviate(h.getValue(), 300)).append('\n'));
            return text.append('\n').append(abbreviate(new String(body, StandardCharsets.UTF_8), 2_000)).toString();
        }

        boolean hasHeader(String name) {
            return headers.stream().anyMatch(h -> h.getKey().equalsIgnoreCase(name));
        }
    }

    record Response(int status, Map<String, List<String>> headers, String body, Duration took) {

        Optional<String> header(String name) {
            List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
            return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.getFirst());
        }
    }

    /** Thrown when no complete answer came within the bound: the fuzzer's "hang". */
    static final class Hang extends IOException {
        Hang(String message) {
            super(message);
        }
    }

    private final int port;
    private final Duration bound;

    RawHttp(int port, Duration bound) {
        this.port = port;
        this.bound = bound;
    }

    Response send(Request request, int clientAddress) throws IOException {
        long start = System.nanoTime();
        try (Socket socket = new Socket()) {
            socket.bind(new InetSocketAddress(loopback(clientAddress), 0));
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), (int) bound.toMillis());
            socket.setSoTimeout((int) bound.toMillis());
            try {
                write(socket.getOutputStream(), request);
            }
            catch (IOException ex) {
                // The server may answer (413, 400) and close before the body is all sent: read that answer.
            }
            return read(socket.getInputStream(), start, request.method());
        }
        catch (SocketTimeoutException ex) {
            throw new Hang("no answer within " + bound);
        }
    }

    private void write(OutputStream out, Request request) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        head.writeBytes((request.method() + " " + request.target() + " HTTP/1.1\r\n").getBytes(StandardCharsets.UTF_8));
        head.writeBytes(("Host: localhost:" + port + "\r\nConnection: close\r\n").getBytes(StandardCharsets.ISO_8859_1));
        for (Map.Entry<String, String> header : request.headers()) {
            head.writeBytes((header.getKey() + ": " + header.getValue() + "\r\n").getBytes(StandardCharsets.UTF_8));
        }
        if (!request.hasHeader("Content-Length") && !request.hasHeader("Transfer-Encoding")
                && (request.body().length > 0 || !List.of("GET", "HEAD", "OPTIONS", "DELETE").contains(request.method()))) {
            head.writeBytes(("Content-Length: " + request.body().length + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
        }
        head.writeBytes("\r\n".getBytes(StandardCharsets.ISO_8859_1));
        out.write(head.toByteArray());
        out.write(request.body());
        out.flush();
    }

    private Response read(InputStream in, long start, String method) throws IOException {
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        byte[] buffer = new byte[16_384];
        int headEnd = -1;
        Map<String, List<String>> headers = Map.of();
        int status = 0;
        while (true) {
            if (System.nanoTime() - start > bound.toNanos()) {
                throw new Hang("answer not complete within " + bound);
            }
            int n = in.read(buffer);
            if (n < 0) {
                break;
            }
            received.write(buffer, 0, n);
            if (headEnd < 0) {
                headEnd = indexOf(received.toByteArray(), "\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
                if (headEnd >= 0) {
                    String head = new String(received.toByteArray(), 0, headEnd, StandardCharsets.ISO_8859_1);
                    status = Integer.parseInt(head.substring(9, 12));
                    headers = headers(head);
                    if (headers.getOrDefault("content-type", List.of("")).getFirst().startsWith("text/event-stream")) {
                        break; // a stream: its status and headers are the whole answer here
                    }
                }
            }
        }
        if (headEnd < 0) {
            throw new IOException("connection closed without a complete status line and headers: "
                    + abbreviate(received.toString(StandardCharsets.ISO_8859_1), 300));
        }
        byte[] all = received.toByteArray();
        byte[] body = java.util.Arrays.copyOfRange(all, headEnd + 4, all.length);
        if (headers.getOrDefault("transfer-encoding", List.of("")).getFirst().equalsIgnoreCase("chunked")) {
            body = dechunk(body);
        }
        return new Response(status, headers, "HEAD".equals(method) ? "" : new String(body, StandardCharsets.UTF_8),
                Duration.ofNanos(System.nanoTime() - start));
    }

    private static Map<String, List<String>> headers(String head) {
        Map<String, List<String>> headers = new java.util.HashMap<>();
        for (String line : head.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0) {
                headers.computeIfAbsent(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                        .add(line.substring(colon + 1).trim());
            }
        }
        return headers;
    }

    private static byte[] dechunk(byte[] chunked) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int at = 0;
        while (at < chunked.length) {
            int lineEnd = indexOf(chunked, "\r\n".getBytes(StandardCharsets.ISO_8859_1), at);
            if (lineEnd < 0) {
                break;
            }
            String sizeText = new String(chunked, at, lineEnd - at, StandardCharsets.ISO_8859_1).split(";")[0].trim();
            int size = Integer.parseInt(sizeText, 16);
            if (size == 0) {
                break;
            }
            out.write(chunked, lineEnd + 2, Math.min(size, chunked.length - lineEnd - 2));
            at = lineEnd + 2 + size + 2;
        }
        return out.toByteArray();
    }

    private static int indexOf(byte[] data, byte[] pattern) {
        return indexOf(data, pattern, 0);
    }

    private static int indexOf(byte[] data, byte[] pattern, int from) {
        outer:
        for (int i = from; i <= data.length - pattern.length; i++) {
            for (int j = 0; j < pattern.length; j++) {
                if (data[i + j] != pattern[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private static InetAddress loopback(int n) throws IOException {
        int spread = Math.floorMod(n, 250 * 250);
        return InetAddress.getByAddress(new byte[] { 127, 42, (byte) (1 + spread / 250), (byte) (1 + spread % 250) });
    }

    static String abbreviate(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max) + "…(" + text.length() + " chars)";
    }
}
