package org.roost.platform.apichain;

import io.swagger.v3.oas.annotations.Operation;
import org.junit.jupiter.api.Test;
import org.roost.platform.openapi.Outcomes;
import org.roost.support.ApiClient;
import org.roost.support.IntegrationTest;
import org.roost.support.Json;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AuthorizeHttpRequestsConfigurer;
import org.springframework.security.web.context.SecurityContextHolderFilter;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.filter.OncePerRequestFilter;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A feature added without editing a central list: its security rules, paths and filter reach the API chain through
 * an {@link ApiChainContribution} bean, and its OpenAPI outcomes through the annotations beside its controller.
 */
@IntegrationTest
class FeatureContributionsTest {

    static final String OPEN = "/api/v1/contribution-probe";
    static final String OUTSIDE_API = "/contribution-probe";

    @Autowired
    MockMvcTester mvc;

    @Test
    void aContributedRuleOpensADoorThatWouldNeedACredential() {
        // when called without any credential (under /api a credential is otherwise required)
        MvcTestResult open = mvc.post().uri(OPEN).exchange();

        // then the contribution's permitAll decided, and its filter ran on the API chain
        assertThat(open).hasStatus(202);
        assertThat(open.getResponse().getHeader("X-Contributed-Filter")).isEqualTo("applied");
    }

    @Test
    void aContributedCredentialEndpointAsksNoCsrfTokenOfASignedInBrowser() {
        // given a browser signed in with a session
        ApiClient.Login session = new ApiClient(mvc).newUser("csrf");

        // when it posts with its session cookie but no CSRF token, to the contributed endpoint and to another write
        MvcTestResult exempt = session.cookieOnly(mvc.post().uri(OPEN)).exchange();
        MvcTestResult other = session.cookieOnly(mvc.post().uri("/api/v1/users/" + session.userId() + "/posts")
                .contentType(MediaType.APPLICATION_JSON).content("{\"title\":\"t\",\"body\":\"b\"}")).exchange();

        // then only the contributed one goes through
        assertThat(exempt).hasStatus(202);
        assertThat(other).hasStatus(403);
    }

    @Test
    void aContributedPathOutsideTheApiIsGuardedByTheApiChain() {
        // when a path outside /api, which the public chain would let through, is called without a credential
        MvcTestResult guarded = mvc.post().uri(OUTSIDE_API).exchange();

        // then the API chain took it (the contribution named it) and asked for a credential, in the contract's body
        assertThat(guarded).hasStatus(401);
        assertThat(Json.of(guarded).at("/error/code").asString()).isEqualTo("UNAUTHENTICATED");
        assertThat(guarded.getResponse().getHeader("X-Contributed-Filter")).isEqualTo("applied");
    }

    @Test
    void theOperationsOutcomesComeFromBesideItsController() {
        // when
        JsonNode operation = Json.of(mvc.get().uri("/v3/api-docs").exchange()).at("/paths/~1api~1v1~1contribution-probe/post");

        // then its id, summary, success status, own refusal, openness and rule beyond the schema are documented
        assertThat(operation.get("operationId").asString()).isEqualTo("probeContribution");
        assertThat(operation.get("summary").asString()).isEqualTo("A feature added in a test");
        assertThat(operation.at("/responses/202/description").asString()).isEqualTo("Accepted");
        assertThat(operation.at("/responses/409/content/application~1json/schema/$ref").asString())
                .isEqualTo("#/components/schemas/ErrorBody");
        assertThat(operation.get("responses").has("200")).isFalse();
        assertThat(operation.get("security").isEmpty()).isTrue();
        assertThat(operation.at("/x-validated-beyond-schema/probe").asString()).isEqualTo("must be a probe");
    }

    @TestConfiguration(proxyBeanMethods = false)
    static class Probe {

        @Bean
        ProbeController probeController() {
            return new ProbeController();
        }

        @Bean
        ApiChainContribution probeRules() {
            return new ApiChainContribution() {

                @Override
                public java.util.List<String> paths() {
                    return java.util.List.of(OUTSIDE_API);
                }

                @Override
                public void authorize(
                        AuthorizeHttpRequestsConfigurer<HttpSecurity>.AuthorizationManagerRequestMatcherRegistry rules) {
                    rules.requestMatchers(HttpMethod.POST, OPEN).permitAll();
                }

                @Override
                public java.util.List<String> credentialEndpoints() {
                    return java.util.List.of(OPEN);
                }

                @Override
                public void configure(HttpSecurity http) {
                    http.addFilterAfter(new OncePerRequestFilter() {
                        @Override
                        protected void doFilterInternal(jakarta.servlet.http.HttpServletRequest request,
                                jakarta.servlet.http.HttpServletResponse response, jakarta.servlet.FilterChain chain)
                                throws jakarta.servlet.ServletException, java.io.IOException {
                            response.setHeader("X-Contributed-Filter", "applied");
                            chain.doFilter(request, response);
                        }
                    }, SecurityContextHolderFilter.class);
                }
            };
        }
    }

    @RestController
    static class ProbeController {

        @Operation(operationId = "probeContribution", summary = "A feature added in a test", tags = "users")
        @Outcomes(success = "202", errors = { "409" }, open = true,
                beyondSchema = @Outcomes.Rule(field = "probe", rule = "must be a probe"))
        @PostMapping({ OPEN, OUTSIDE_API })
        ResponseEntity<Void> probe() {
            return ResponseEntity.accepted().build();
        }
    }
}
