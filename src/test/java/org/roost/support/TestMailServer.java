package org.roost.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.GreenMailUtil;
import com.icegreen.greenmail.util.ServerSetup;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Multipart;
import jakarta.mail.internet.MimeMessage;

import org.springframework.test.context.DynamicPropertyRegistry;

import static org.awaitility.Awaitility.await;

/**
 * One real SMTP server (GreenMail) for the whole test run, on a free port. A test class points the service at it
 * with {@link #register}; each test mails addresses of its own and waits for what arrives there.
 * <p>
 * The service reaches it through a relay ({@link #port()}), so that a test can take the mail server away on the
 * shared services ({@link #away()}: connections are dropped as they arrive, as a server that is down or refusing
 * would) and bring it back ({@link #back()}) without a service of its own. Only the mail outbox's test does, and
 * brings it back after each test.
 */
public final class TestMailServer {

    /** A message as received: its subject, plain-text and HTML parts. */
    public record Mail(String to, String subject, String text, String html) {

        /** The first link to this service in the text part. */
        public String link() {
            Matcher link = Pattern.compile("https?://\\S+").matcher(text);
            if (!link.find()) {
                throw new AssertionError("No link in the message: " + text);
            }
            return link.group();
        }
    }

    private static final GreenMail SERVER = start();
    private static final Relay RELAY = new Relay(SERVER.getSmtp().getPort());

    private TestMailServer() {
    }

    private static GreenMail start() {
        GreenMail server = new GreenMail(ServerSetup.SMTP.dynamicPort());
        server.start();
        Runtime.getRuntime().addShutdownHook(new Thread(server::stop));
        return server;
    }

    /** The SMTP port the service is given: the relay's (starting the server with the first call). */
    public static int port() {
        return RELAY.port();
    }

    public static void register(DynamicPropertyRegistry registry) {
        registry.add("spring.mail.host", () -> "127.0.0.1");
        registry.add("spring.mail.port", TestMailServer::port);
    }

    /** From now on the mail server is away: connections are closed as they arrive, and open ones are cut. */
    public static void away() {
        RELAY.away(true);
    }

    /** The mail server is reachable again (it is, unless a test took it {@link #away()}). */
    public static void back() {
        RELAY.away(false);
    }

    /** Connections the relay dropped while the mail server was away (a positive sign that the service tried). */
    public static long dropped() {
        return RELAY.dropped.get();
    }

    /** A loopback port that forwards each connection to the mail server, or drops it while the server is away. */
    private static final class Relay {

        private final ServerSocket listening;
        private final int target;
        private final java.util.Set<Socket> open = java.util.concurrent.ConcurrentHashMap.newKeySet();
        private final java.util.concurrent.atomic.AtomicLong dropped = new java.util.concurrent.atomic.AtomicLong();
        private volatile boolean away;

        Relay(int target) {
            this.target = target;
            try {
                listening = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            }
            catch (IOException ex) {
                throw new UncheckedIOException(ex);
            }
            Thread.ofVirtual().name("test-mail-relay").start(this::accept);
        }

        int port() {
            return listening.getLocalPort();
        }

        void away(boolean away) {
            this.away = away;
            if (away) {
                open.forEach(Relay::close);
            }
        }

        private void accept() {
            while (!listening.isClosed()) {
                try {
                    Socket client = listening.accept();
                    if (away) {
                        dropped.incrementAndGet();
                        close(client);
                        continue;
                    }
                    Socket server = new Socket(InetAddress.getLoopbackAddress(), target);
                    open.add(client);
                    open.add(server);
                    Thread.ofVirtual().start(() -> pump(client, server));
                    Thread.ofVirtual().start(() -> pump(server, client));
                }
                catch (IOException ex) {
                    // a connection that failed on the way in: the client sees it closed, as from a server away
                }
            }
        }

        private void pump(Socket from, Socket to) {
            try {
                from.getInputStream().transferTo(to.getOutputStream());
            }
            catch (IOException ex) {
                // the other side closed, or the server was taken away
            }
            finally {
                close(from);
                close(to);
                open.remove(from);
                open.remove(to);
            }
        }

        private static void close(Socket socket) {
            try {
                socket.close();
            }
            catch (IOException ex) {
                // closing anyway
            }
        }
    }

    /**
     * The mailbox over HTTP on a loopback port, for browser scripts: {@code GET /?to=ADDRESS} answers the messages
     * received for that address as a JSON array of {@code {subject, text}}. Stopped with the returned server.
     */
    public static com.sun.net.httpserver.HttpServer serveMailbox() throws java.io.IOException {
        var server = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            String query = java.net.URLDecoder.decode(String.valueOf(exchange.getRequestURI().getRawQuery()),
                    java.nio.charset.StandardCharsets.UTF_8);
            String to = query.startsWith("to=") ? query.substring(3) : "";
            var messages = messagesTo(to).stream()
                    .map(mail -> java.util.Map.of("subject", mail.subject(), "text", mail.text())).toList();
            byte[] body = tools.jackson.databind.json.JsonMapper.builder().build().writeValueAsBytes(messages);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        return server;
    }

    /** A fresh address nobody else in the run uses. */
    public static String newAddress(String prefix) {
        return ApiClient.uniqueUsername(prefix) + "@example.com";
    }

    /** The messages received for {@code address} so far. */
    public static List<Mail> messagesTo(String address) {
        return Arrays.stream(SERVER.getReceivedMessages()).filter(message -> sentTo(message, address))
                .map(message -> read(message, address)).toList();
    }

    /** Waits until {@code count} messages for {@code address} have arrived, and returns the last. */
    public static Mail awaitMessage(String address, int count) {
        return await(count + " messages for " + address).atMost(Duration.ofSeconds(10))
                .pollInterval(Duration.ofMillis(50)).until(() -> messagesTo(address), received -> received.size() >= count)
                .get(count - 1);
    }

    private static boolean sentTo(MimeMessage message, String address) {
        try {
            return Arrays.stream(message.getRecipients(Message.RecipientType.TO))
                    .anyMatch(to -> to.toString().equalsIgnoreCase(address));
        }
        catch (MessagingException ex) {
            throw new IllegalStateException(ex);
        }
    }

    private static Mail read(MimeMessage message, String address) {
        try {
            String text = "";
            String html = "";
            if (message.getContent() instanceof Multipart multipart) {
                for (String part : partsOf(multipart)) {
                    if (part.startsWith("text/plain:")) {
                        text = part.substring("text/plain:".length());
                    }
                    else if (part.startsWith("text/html:")) {
                        html = part.substring("text/html:".length());
                    }
                }
            }
            else {
                text = GreenMailUtil.getBody(message);
            }
            return new Mail(address, message.getSubject(), text, html);
        }
        catch (Exception ex) {
            throw new IllegalStateException(ex);
        }
    }

    private static List<String> partsOf(Multipart multipart) throws Exception {
        List<String> parts = new java.util.ArrayList<>();
        for (int i = 0; i < multipart.getCount(); i++) {
            var part = multipart.getBodyPart(i);
            if (part.getContent() instanceof Multipart nested) {
                parts.addAll(partsOf(nested));
            }
            else if (part.isMimeType("text/plain")) {
                parts.add("text/plain:" + part.getContent());
            }
            else if (part.isMimeType("text/html")) {
                parts.add("text/html:" + part.getContent());
            }
        }
        return parts;
    }
}
