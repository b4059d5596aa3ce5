package org.roost.authorization.token;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One verifier for every door, kept so: outside the {@code token} package, which builds the service's decoder and
 * {@link AccessTokenVerifier}, no production class decodes a token itself (a door-specific decoder once let a
 * DPoP-bound token through the WebSocket): none asks for the access-token decoder ({@code JwtDecoder}) as a field
 * or parameter.
 * Spring Security's resource server gets that same decoder as a bean. (A client's own signed assertions, verified
 * with the client's keys, are another matter and not access tokens.)
 */
class OneVerifierTest {

    /** The access-token decoder as a field, a constructor or method parameter, or an injected provider. */
    private static final java.util.regex.Pattern ASKS_FOR_THE_DECODER = java.util.regex.Pattern.compile(
            "ObjectProvider<JwtDecoder>|[(,]\\s*JwtDecoder\\s+\\w+|\\b(private|final)\\s+JwtDecoder\\s");

    @Test
    void onlyTheTokenPackageDecodesTokens() throws IOException {
        Path sources = Path.of("src/main/java/org/roost");
        List<String> decoding;
        try (Stream<Path> files = Files.walk(sources)) {
            decoding = files.filter(file -> file.toString().endsWith(".java"))
                    .filter(file -> !file.startsWith(sources.resolve("authorization/token")))
                    .filter(file -> ASKS_FOR_THE_DECODER.matcher(read(file)).find())
                    .map(Path::toString).toList();
        }
        assertThat(decoding).isEmpty();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        }
        catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
