// Slow-header drill (bench/slow-clients.sh runs it): SLOW connections from one local address that each send a
// request line and then one header byte a second, reopened when the server closes them, while a normal client on
// another address times GET /actuator/health/liveness (a new connection each time) before and during.
// Loopback only; every loop is bounded in time and count. Prints a markdown table.
//
//   java bench/SlowClients.java PORT SLOW SECONDS [SLOW_ADDRESS] [NORMAL_ADDRESS] [REOPEN: true|false]
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

public class SlowClients {

    static final long BASELINE_NANOS = 5_000_000_000L;
    static final ByteBuffer START = ByteBuffer.wrap(
            "GET /actuator/health/liveness HTTP/1.1\r\nHost: localhost\r\nX-Slow: ".getBytes(StandardCharsets.US_ASCII));

    record Slow(SocketChannel channel, long opened, long[] nextByte) {
    }

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        int target = Math.min(Integer.parseInt(args[1]), 30_000);
        long seconds = Math.min(Long.parseLong(args[2]), 120);
        InetAddress slowFrom = InetAddress.getByName(args.length > 3 ? args[3] : "127.0.0.2");
        InetAddress normalFrom = InetAddress.getByName(args.length > 4 ? args[4] : "127.0.0.1");
        boolean reopen = args.length <= 5 || Boolean.parseBoolean(args[5]);
        InetAddress server = InetAddress.getLoopbackAddress();
        if (!slowFrom.isLoopbackAddress() || !normalFrom.isLoopbackAddress()) {
            throw new IllegalArgumentException("loopback only");
        }

        List<Long> before = new ArrayList<>();
        int[] beforeFailures = { 0 };
        long end = System.nanoTime() + BASELINE_NANOS;
        while (System.nanoTime() < end) {
            probe(normalFrom, server, port, before, beforeFailures);
        }

        List<Long> during = Collections.synchronizedList(new ArrayList<>());
        int[] duringFailures = { 0 };
        long attackEnd = System.nanoTime() + seconds * 1_000_000_000L;
        Thread normal = Thread.ofPlatform().start(() -> {
            while (System.nanoTime() < attackEnd) {
                probe(normalFrom, server, port, during, duringFailures);
            }
        });

        List<Slow> open = new ArrayList<>();
        List<Long> lifetimes = new ArrayList<>();
        long attempts = 0, openFailures = 0, neverConnected = 0, maxOpen = 0, slowestPass = 0;
        long maxAttempts = reopen ? 20L * target : target;
        try (Selector selector = Selector.open()) {
            while (System.nanoTime() < attackEnd) {
                long now = System.nanoTime();
                // Open up to 2,000 a tick until SLOW are open (again, after the server closed some).
                for (int i = 0; i < 2_000 && open.size() < target && attempts < maxAttempts; i++, attempts++) {
                    try {
                        SocketChannel channel = SocketChannel.open();
                        channel.configureBlocking(false);
                        channel.bind(new InetSocketAddress(slowFrom, 0));
                        Slow slow = new Slow(channel, now, new long[] { 0 });
                        if (channel.connect(new InetSocketAddress(server, port))) {
                            channel.write(START.duplicate()); // connected at once: no finishConnect to come
                            slow.nextByte()[0] = now + 1_000_000_000L;
                        }
                        channel.register(selector, SelectionKey.OP_CONNECT, slow);
                        open.add(slow);
                    } catch (IOException e) {
                        openFailures++;
                        break; // out of descriptors or ports: try again next tick
                    }
                }
                maxOpen = Math.max(maxOpen, open.size());
                selector.selectNow();
                selector.selectedKeys().clear();
                for (var it = open.iterator(); it.hasNext();) {
                    Slow slow = it.next();
                    if (!live(slow, now)) {
                        if (slow.nextByte()[0] == 0) {
                            neverConnected++; // refused, or still pending after 30 s: not a lifetime on the server
                        } else {
                            lifetimes.add((now - slow.opened()) / 1_000_000);
                        }
                        slow.channel().close();
                        it.remove();
                    }
                }
                slowestPass = Math.max(slowestPass, (System.nanoTime() - now) / 1_000_000);
                Thread.sleep(100);
            }
            for (Slow slow : open) {
                slow.channel().close();
            }
        }
        normal.join(10_000);
        Collections.sort(lifetimes);

        System.out.println("| measure | value |");
        System.out.println("|---|---|");
        System.out.printf("| slow connections wanted open (from %s), reopened when closed | %d, %s |%n",
                slowFrom.getHostAddress(), target, reopen ? "yes" : "no");
        System.out.printf("| connection attempts / open failures (client side) | %d / %d |%n", attempts, openFailures);
        System.out.printf("| connects never completed (refused, or pending 30 s: the accept queue was full) | %d |%n",
                neverConnected);
        System.out.printf("| most open at once (client's count) | %d |%n", maxOpen);
        // Over 5 s, the server's connection-timeout (silence between reads) closes connections, not the deadline.
        System.out.printf("| slowest pass over them (a byte each a second is the aim) | %d ms |%n", slowestPass);
        System.out.printf("| closed by the server (after connecting) | %d |%n", lifetimes.size());
        System.out.printf("| lifetime of those closed, p50 / max | %s / %s ms |%n", pick(lifetimes, 0.5), pick(lifetimes, 1.0));
        System.out.printf("| still open at the end | %d |%n", open.size());
        System.out.printf("| liveness before (%s), p50 / p99 / max | %s |%n", normalFrom.getHostAddress(), stats(before, beforeFailures[0]));
        System.out.printf("| liveness during, p50 / p99 / max | %s |%n", stats(new ArrayList<>(during), duringFailures[0]));
    }

    /** Drives one slow connection; false once the server has closed it (or it could not connect). */
    static boolean live(Slow slow, long now) {
        SocketChannel channel = slow.channel();
        try {
            if (channel.isConnectionPending()) {
                if (!channel.finishConnect()) {
                    return now - slow.opened() < 30_000_000_000L;
                }
                channel.write(START.duplicate());
                slow.nextByte()[0] = now + 1_000_000_000L;
            }
            // Anything from the server (a response or end of stream) means it is done with us.
            if (channel.read(ByteBuffer.allocate(256)) != 0) {
                return false;
            }
            if (now >= slow.nextByte()[0]) {
                channel.write(ByteBuffer.wrap(new byte[] { 'a' }));
                slow.nextByte()[0] = now + 1_000_000_000L;
            }
            return true;
        } catch (IOException closed) {
            return false;
        }
    }

    static void probe(InetAddress from, InetAddress server, int port, List<Long> millis, int[] failures) {
        long start = System.nanoTime();
        try (Socket socket = new Socket()) {
            socket.bind(new InetSocketAddress(from, 0));
            socket.connect(new InetSocketAddress(server, port), 5_000);
            socket.setSoTimeout(5_000);
            socket.getOutputStream().write(("GET /actuator/health/liveness HTTP/1.1\r\nHost: localhost\r\n"
                    + "Connection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            InputStream in = socket.getInputStream();
            String head = new String(in.readNBytes(12), StandardCharsets.US_ASCII);
            in.readAllBytes();
            if (!head.endsWith("200")) {
                throw new IOException(head);
            }
            millis.add((System.nanoTime() - start) / 1_000_000);
        } catch (IOException e) {
            synchronized (failures) {
                failures[0]++;
            }
        }
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static String pick(List<Long> sorted, double quantile) {
        return sorted.isEmpty() ? "-" : String.valueOf(sorted.get((int) Math.min(sorted.size() - 1, Math.floor(quantile * sorted.size()))));
    }

    static String stats(List<Long> millis, int failures) {
        Collections.sort(millis);
        return "%s / %s / %s ms (%d requests, %d failed)".formatted(pick(millis, 0.5), pick(millis, 0.99),
                pick(millis, 1.0), millis.size(), failures);
    }
}
