package org.roost.social.activitypub.signatures;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * HTTP Signatures as the fediverse uses them: draft-cavage-http-signatures-12 with {@code rsa-sha256}, the signed
 * headers {@code (request-target) host date digest} (what Mastodon signs and requires) and a {@code Digest} of the
 * body ({@code SHA-256=}, RFC 3230). Written on {@code java.security} rather than a library: the one maintained
 * for this draft in Maven Central (tomitribe-http-signatures) has had no release since 1.8, and checks only the
 * signature itself; the Digest, the Date window and the key's owner, which are most of what the inbox verifies,
 * would be ours anyway. What is left is a header parser, a signing string and {@code SHA256withRSA}.
 */
public final class HttpSignatures {

    /** The headers a signature of ours covers, and the ones a signature we accept must cover. */
    public static final List<String> REQUIRED = List.of("(request-target)", "host", "date", "digest");

    /**
     * RFC 9110's IMF-fixdate, as {@code Date} is written: a two-digit day, which Java's RFC 1123 formatter leaves
     * out and strict readers (Ruby's {@code Time.httpdate}, Mastodon's) require.
     */
    private static final DateTimeFormatter IMF_FIXDATE = DateTimeFormatter
            .ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.ENGLISH).withZone(ZoneOffset.UTC);

    private static final Pattern PARAMETER = Pattern.compile("\\s*([A-Za-z]+)\\s*=\\s*\"([^\"]*)\"\\s*(?:,|$)");

    private HttpSignatures() {
    }

    /**
     * A {@code Signature} header's parameters ({@code keyId}, {@code algorithm}, {@code headers},
     * {@code signature}), or empty when it is not one (a parameter not quoted, text between them).
     */
    public static Optional<Parsed> parse(@Nullable String header) {
        if (header == null || header.isBlank() || header.length() > 8192) {
            return Optional.empty();
        }
        Map<String, String> parameters = new LinkedHashMap<>();
        Matcher matcher = PARAMETER.matcher(header);
        int end = 0;
        while (matcher.find() && matcher.start() == end) {
            parameters.putIfAbsent(matcher.group(1), matcher.group(2));
            end = matcher.end();
        }
        String keyId = parameters.get("keyId");
        String signature = parameters.get("signature");
        if (end != header.length() || keyId == null || keyId.isBlank() || signature == null) {
            return Optional.empty();
        }
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(signature);
        }
        catch (IllegalArgumentException notBase64) {
            return Optional.empty();
        }
        // draft-cavage: without a headers parameter only Date is signed, which we never accept
        List<String> headers = List.of(parameters.getOrDefault("headers", "date").toLowerCase(Locale.ROOT).trim().split("\\s+"));
        return Optional.of(new Parsed(keyId, parameters.getOrDefault("algorithm", "hs2019"), headers, bytes));
    }

    /**
     * The signing string: each named header as {@code name: value}, in the signature's order, joined by newlines;
     * {@code (request-target)} is the method in lower case and the path (with its query). Empty when a named header
     * is missing from the request.
     */
    public static Optional<String> signingString(List<String> headers, String method, String target,
            Function<String, @Nullable String> header) {
        StringBuilder text = new StringBuilder();
        for (String name : headers) {
            String value = name.equals("(request-target)") ? method.toLowerCase(Locale.ROOT) + " " + target : header.apply(name);
            if (value == null) {
                return Optional.empty();
            }
            if (!text.isEmpty()) {
                text.append('\n');
            }
            text.append(name).append(": ").append(value.strip());
        }
        return Optional.of(text.toString());
    }

    public static boolean verify(PublicKey key, String signingString, byte[] signature) {
        try {
            Signature verifier = Signature.getInstance("SHA256withRSA");
            verifier.initVerify(key);
            verifier.update(signingString.getBytes(StandardCharsets.UTF_8));
            return verifier.verify(signature);
        }
        catch (GeneralSecurityException notAnRsaKeyOrBroken) {
            return false;
        }
    }

    public static String sign(PrivateKey key, String signingString) {
        try {
            Signature signer = Signature.getInstance("SHA256withRSA");
            signer.initSign(key);
            signer.update(signingString.getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(signer.sign());
        }
        catch (GeneralSecurityException ex) {
            throw new IllegalStateException("An RSA key of ours could not sign", ex);
        }
    }

    /** The {@code Digest} header's value for {@code body}. */
    public static String digest(byte[] body) {
        try {
            return "SHA-256=" + Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256").digest(body));
        }
        catch (GeneralSecurityException ex) {
            throw new IllegalStateException("Every Java runtime has SHA-256", ex);
        }
    }

    /**
     * Whether a {@code Digest} header holds the body's SHA-256 (it may list other algorithms beside it, comma
     * separated; those are not checked, and without SHA-256 it does not match).
     */
    public static boolean digestMatches(@Nullable String header, byte[] body) {
        if (header == null) {
            return false;
        }
        String expected = digest(body);
        for (String part : header.split(",")) {
            String value = part.strip();
            int equals = value.indexOf('=');
            if (equals > 0 && value.substring(0, equals).equalsIgnoreCase("SHA-256")) {
                byte[] given = ("SHA-256" + value.substring(equals)).getBytes(StandardCharsets.US_ASCII);
                return MessageDigest.isEqual(given, expected.getBytes(StandardCharsets.US_ASCII));
            }
        }
        return false;
    }

    public static String httpDate(Instant instant) {
        return IMF_FIXDATE.format(instant);
    }

    public static Optional<Instant> parseHttpDate(@Nullable String header) {
        if (header == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Instant.from(DateTimeFormatter.RFC_1123_DATE_TIME.parse(header.strip())));
        }
        catch (RuntimeException notADate) {
            return Optional.empty();
        }
    }

    public static PublicKey publicKey(String pem) throws GeneralSecurityException {
        return KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(der(pem)));
    }

    public static PrivateKey privateKey(String pem) throws GeneralSecurityException {
        return KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(der(pem)));
    }

    private static byte[] der(String pem) throws GeneralSecurityException {
        try {
            return Base64.getMimeDecoder().decode(pem.replaceAll("-----(BEGIN|END) [A-Z ]+-----", ""));
        }
        catch (IllegalArgumentException notBase64) {
            throw new GeneralSecurityException("Not a PEM", notBase64);
        }
    }

    /** A parsed {@code Signature} header. */
    public record Parsed(String keyId, String algorithm, List<String> headers, byte[] signature) {
    }
}
