package org.roost.platform.operations;

import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.IntegrationTest;
import org.roost.support.Json;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

import static org.assertj.core.api.Assertions.assertThat;

/** Prometheus metrics and health details for operators (loopback by default), and neither for anyone else. */
@IntegrationTest
class OperationsEndpointsTest {

    @Autowired
    MockMvcTester mvc;

    @Test
    void exposesDomainMetersAlongsideHttpJvmAndPoolMeters() {
        // given a sign-up, a good and a bad login, a token, a logout, a post and a GraphQL request
        ApiClient api = new ApiClient(mvc);
        ApiClient.Login author = api.newUser("mo");
        assertThat(mvc.post().uri("/login").contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"%s\",\"password\":\"not it at all\"}".formatted(author.username()))).hasStatus(401);
        String token = Json.of(mvc.post().uri("/auth/token").contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"%s\",\"password\":\"%s\"}".formatted(author.username(), ApiClient.PASSWORD))
                .exchange()).get("access_token").asString();
        assertThat(mvc.post().uri("/auth/logout").header("Authorization", "Bearer " + token)).hasStatus(204);
        api.createPost(author, "counted");
        assertThat(author.apply(mvc.post().uri("/graphql")).contentType(MediaType.APPLICATION_JSON)
                .content("{\"query\":\"{ me { username } }\"}")).hasStatus(200);

        // when
        var scrape = mvc.get().uri("/actuator/prometheus").exchange();

        // then
        assertThat(scrape).hasStatus(200);
        assertThat(scrape).bodyText()
                .contains("roost_logins_total{outcome=\"success\"}")
                .contains("roost_logins_total{outcome=\"failure\"}")
                .contains("roost_tokens_issued_total{kind=\"first_party\"}")
                .contains("roost_tokens_revoked_total{reason=\"revoked\"}")
                .contains("roost_events_published_total{type=\"post_created\"}")
                .contains("roost_events_published_total{type=\"follower_added\"}")
                .contains("roost_logins_throttled_total")
                .contains("roost_tokens_revoked_total{reason=\"replay\"}")
                .contains("roost_graphql_subscriptions_active")
                .contains("roost_security_events_total{event=\"signed_up\"}")
                .contains("http_server_requests_seconds_count")
                .contains("jvm_memory_used_bytes")
                .contains("hikaricp_connections_active")
                .contains("roost_database_queue_waiting")
                .contains("graphql_request_seconds_count");
    }

    @Test
    void refusesMetricsToOtherAddresses() {
        // when
        var scrape = mvc.get().uri("/actuator/prometheus").with(request -> {
            request.setRemoteAddr("203.0.113.9");
            return request;
        }).exchange();

        // then
        assertThat(scrape).hasStatus(403);
        assertThat(Json.of(scrape).at("/error/code").asString()).isEqualTo("FORBIDDEN");
    }

    @Test
    void showsHealthDetailsToOperatorsOnly() {
        // when
        var operator = mvc.get().uri("/actuator/health").exchange();
        var stranger = mvc.get().uri("/actuator/health").with(request -> {
            request.setRemoteAddr("203.0.113.9");
            return request;
        }).exchange();

        // then
        assertThat(operator).hasStatus(200);
        assertThat(Json.of(operator).at("/components/db/status").asString()).isEqualTo("UP");
        assertThat(Json.of(operator).at("/components/redis/status").asString()).isEqualTo("UP");
        assertThat(stranger).hasStatus(200);
        assertThat(Json.of(stranger).has("components")).isFalse();
        assertThat(Json.of(stranger).at("/status").asString()).isEqualTo("UP");
    }
}
