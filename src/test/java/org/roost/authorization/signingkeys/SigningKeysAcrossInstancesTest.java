package org.roost.authorization.signingkeys;

import java.net.http.HttpResponse;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.roost.support.ApiClient;
import org.roost.support.HttpSession;
import org.roost.support.Instances;
import org.roost.support.Json;
import org.roost.support.RequiresServices;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/** Instances agree on the signing keys however they start, so a token from one verifies on every other at once. */
@ExtendWith(RequiresServices.class)
class SigningKeysAcrossInstancesTest {

    @Test
    void twoInstancesStartedTogetherOnAnEmptyDatabaseAcceptEachOthersTokensAtOnce() throws Exception {
        // given two instances started at the same moment on an empty database
        List<ConfigurableApplicationContext> both = Instances.startTogether(2, Instances.onEmptySchema("keys"));
        try (ConfigurableApplicationContext first = both.get(0); ConfigurableApplicationContext second = both.get(1)) {
            HttpSession a = new HttpSession(Instances.base(first));
            HttpSession b = new HttpSession(Instances.base(second));
            String username = ApiClient.uniqueUsername("kim");
            String userId = Json.of(a.postJson("/api/v1/users", "{\"username\":\"%s\",\"name\":\"Kim\",\"password\":\"%s\"}"
                    .formatted(username, ApiClient.PASSWORD)).body()).get("id").asString();

            // when each issues a token
            String fromA = a.firstPartyToken(username, ApiClient.PASSWORD);
            String fromB = b.firstPartyToken(username, ApiClient.PASSWORD);

            // then each accepts the other's straight away, and there is one key
            assertThat(get(b, userId, fromA).statusCode()).isEqualTo(200);
            assertThat(get(a, userId, fromB).statusCode()).isEqualTo(200);
            assertThat(first.getBean(JdbcClient.class).sql("SELECT count(*) FROM signing_keys").query(Long.class).single())
                    .isEqualTo(1L);
        }
    }

    @Test
    void aTokenSignedWithAKeyAnotherInstanceJustCreatedIsAcceptedAtOnce() throws Exception {
        // given two running instances; the first signs with a new key as soon as it exists
        String[] schema = Instances.onEmptySchema("rotation");
        try (ConfigurableApplicationContext first = Instances.start(concat(schema, "--roost.tokens.key-publication=0s"));
                ConfigurableApplicationContext second = Instances.start(schema)) {
            HttpSession a = new HttpSession(Instances.base(first));
            HttpSession b = new HttpSession(Instances.base(second));
            String username = ApiClient.uniqueUsername("lee");
            String userId = Json.of(a.postJson("/api/v1/users", "{\"username\":\"%s\",\"name\":\"Lee\",\"password\":\"%s\"}"
                    .formatted(username, ApiClient.PASSWORD)).body()).get("id").asString();

            // when the first rotates its key (the second has not re-read the key set) and issues a token
            first.getBean(SigningKeys.class).rotate();
            String token = a.firstPartyToken(username, ApiClient.PASSWORD);

            // then the second, seeing an unknown kid, re-reads the keys and accepts it
            assertThat(get(b, userId, token).statusCode()).isEqualTo(200);
        }
    }

    private static String[] concat(String[] first, String... more) {
        return java.util.stream.Stream.concat(java.util.Arrays.stream(first), java.util.Arrays.stream(more))
                .toArray(String[]::new);
    }


    private static HttpResponse<String> get(HttpSession session, String userId, String token) {
        return session.get("/api/v1/users/" + userId, "Authorization", "Bearer " + token);
    }
}
