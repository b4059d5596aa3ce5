package org.roost.social.activitypub.signatures;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The draft-cavage pieces the inbox relies on, without Spring: the header's grammar, Digest and Date. */
class HttpSignaturesTest {

    @Test
    void aMastodonSignatureHeaderParsesAndOddOnesDoNot() {
        var parsed = HttpSignatures.parse("keyId=\"https://m.example/users/ana#main-key\",algorithm=\"rsa-sha256\","
                + "headers=\"(request-target) host date digest content-type\",signature=\"AAEC\"").orElseThrow();

        assertThat(parsed.keyId()).isEqualTo("https://m.example/users/ana#main-key");
        assertThat(parsed.algorithm()).isEqualTo("rsa-sha256");
        assertThat(parsed.headers()).containsExactly("(request-target)", "host", "date", "digest", "content-type");
        assertThat(parsed.signature()).containsExactly(0, 1, 2);
        assertThat(HttpSignatures.parse(null)).isEmpty();
        assertThat(HttpSignatures.parse("keyId=\"k\"")).as("no signature").isEmpty();
        assertThat(HttpSignatures.parse("keyId=k,signature=\"AAEC\"")).as("unquoted").isEmpty();
        assertThat(HttpSignatures.parse("keyId=\"k\",signature=\"not base64!\"")).isEmpty();
        assertThat(HttpSignatures.parse("keyId=\"k\" junk signature=\"AAEC\"")).as("text between").isEmpty();
        assertThat(HttpSignatures.parse("keyId=\"k\",signature=\"AAEC\"").orElseThrow().headers())
                .as("no headers parameter: Date alone").containsExactly("date");
    }

    @Test
    void theSigningStringFollowsTheSignaturesOrderAndNeedsEveryHeader() {
        Map<String, String> headers = Map.of("host", "roost.example", "date", "Tue, 08 Dec 2026 01:04:41 GMT", "digest", "SHA-256=x");

        assertThat(HttpSignatures.signingString(HttpSignatures.REQUIRED, "POST", "/ap/inbox", headers::get)).contains(
                "(request-target): post /ap/inbox\nhost: roost.example\ndate: Tue, 08 Dec 2026 01:04:41 GMT\ndigest: SHA-256=x");
        assertThat(HttpSignatures.signingString(java.util.List.of("(request-target)", "content-type"), "POST", "/ap/inbox",
                headers::get)).isEmpty();
    }

    @Test
    void theDigestIsTheBodysSha256AndTheDateIsAnHttpDate() {
        byte[] body = "{\"hello\": \"world\"}".getBytes(StandardCharsets.UTF_8);

        // draft-cavage-12's own example
        assertThat(HttpSignatures.digest(body)).isEqualTo("SHA-256=X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=");
        assertThat(HttpSignatures.digestMatches("SHA-256=X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=", body)).isTrue();
        assertThat(HttpSignatures.digestMatches("sha-256=X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=", body)).isTrue();
        assertThat(HttpSignatures.digestMatches("SHA-256=X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=", new byte[0])).isFalse();
        assertThat(HttpSignatures.digestMatches("MD5=abc", body)).isFalse();
        assertThat(HttpSignatures.digestMatches(null, body)).isFalse();
        Instant when = Instant.parse("2026-12-08T01:04:41Z");
        assertThat(HttpSignatures.httpDate(when)).as("IMF-fixdate: two-digit day").isEqualTo("Tue, 08 Dec 2026 01:04:41 GMT");
        assertThat(HttpSignatures.parseHttpDate("Tue, 08 Dec 2026 01:04:41 GMT")).contains(when);
        assertThat(HttpSignatures.parseHttpDate("yesterday")).isEmpty();
    }
}
