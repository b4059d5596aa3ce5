package org.roost.support;

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

    private TestMailServer() {
    }

    private static GreenMail start() {
        GreenMail server = new GreenMail(ServerSetup.SMTP.dynamicPort());
        server.start();
        Runtime.getRuntime().addShutdownHook(new Thread(server::stop));
        return server;
    }

    /** The server's SMTP port (starting it with the first call). */
    public static int port() {
        return SERVER.getSmtp().getPort();
    }

    public static void register(DynamicPropertyRegistry registry) {
        registry.add("spring.mail.host", () -> "127.0.0.1");
        registry.add("spring.mail.port", () -> SERVER.getSmtp().getPort());
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
