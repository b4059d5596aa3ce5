package org.roost.platform.ratelimits;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.roost.RoostApplication;
import org.roost.support.RequiresServices;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two instances on the same Redis, with a budget small enough to spend: 20 tokens an hour, 5 per
 * GraphQL operation, so an anonymous caller (its address) gets four operations in all, wherever they land.
 */
@ExtendWith(RequiresServices.class)
class RateLimitTest {

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @Test
    void twoInstancesShareOneBudgetAndAnswer429WithRetryAfterWhenItIsSpent() throws Exception {
        try (ConfigurableApplicationContext first = start(); ConfigurableApplicationContext second = start()) {
            // given a fresh budget for this address
            first.getBean(StringRedisTemplate.class).delete("roost:rate-limit:address:127.0.0.1");

            // when four operations alternate between the instances, then a fifth goes to either
            HttpResponse<String> one = graphql(first);
            HttpResponse<String> two = graphql(second);
            HttpResponse<String> three = graphql(first);
            HttpResponse<String> four = graphql(second);
            HttpResponse<String> fifth = graphql(first);

            // then every answer states the policy and what is left; the fifth is refused
            assertThat(one.statusCode()).isEqualTo(200);
            assertThat(one.headers().firstValue("RateLimit-Policy")).hasValue("\"default\";q=20;w=3600");
            assertThat(one.headers().firstValue("RateLimit")).hasValue("\"default\";r=15;t=0");
            assertThat(two.headers().firstValue("RateLimit")).hasValue("\"default\";r=10;t=0");
            assertThat(three.statusCode()).isEqualTo(200);
            assertThat(four.statusCode()).isEqualTo(200);
            assertThat(four.headers().firstValue("RateLimit")).hasValue("\"default\";r=0;t=0");
            assertThat(fifth.statusCode()).isEqualTo(429);
            assertThat(fifth.body()).contains("\"RATE_LIMITED\"");
            assertThat(Long.parseLong(fifth.headers().firstValue("Retry-After").orElseThrow())).isBetween(1L, 3600L);
            assertThat(graphql(second).statusCode()).isEqualTo(429);
            first.getBean(StringRedisTemplate.class).delete("roost:rate-limit:address:127.0.0.1");
        }
    }

    private static HttpResponse<String> graphql(ConfigurableApplicationContext instance) throws Exception {
        int port = ((WebServerApplicationContext) instance).getWebServer().getPort();
        String query = URLEncoder.encode("{ __typename }", StandardCharsets.UTF_8);
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/graphql?query=" + query)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static ConfigurableApplicationContext start() {
        // Arguments, not default properties: application.yml would otherwise win over them.
        return new SpringApplicationBuilder(RoostApplication.class).profiles("test", "postgres", "redis")
                .run("--server.port=0", "--spring.jmx.enabled=false", "--roost.rate-limits.capacity=20",
                        "--roost.rate-limits.window=1h", "--roost.rate-limits.graph-ql-cost=5");
    }
}
