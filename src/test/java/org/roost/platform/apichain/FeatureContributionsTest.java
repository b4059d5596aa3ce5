package org.roost.platform.apichain;

import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.IntegrationTestVariant;
import org.roost.support.TestEndpoints;
import org.roost.support.Json;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A feature added without editing a central list: its security rules, paths and filter reach the API chain through
 * an {@link ApiChainContribution} bean, and its OpenAPI outcomes through the annotations beside its controller
 * (the feature is {@link TestEndpoints.Probe}, part of {@link IntegrationTestVariant}).
 */
@IntegrationTestVariant
class FeatureContributionsTest {

    static final String OPEN = TestEndpoints.OPEN;
    static final String OUTSIDE_API = TestEndpoints.OUTSIDE_API;

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
}
