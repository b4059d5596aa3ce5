package org.roost.graphql;

import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

@GraphQlTightened
class GraphQlSwitchesTest {

    @Autowired
    MockMvcTester mvc;

    @Test
    void refusesIntrospectionWhenSwitchedOff() {
        // given
        ApiClient.Login kim = new ApiClient(mvc).newUser("introspect");

        // when
        var result = new GraphQlClient(mvc).post(kim, "{ __schema { queryType { name } } me { username } }");

        // then
        JsonNode body = GraphQlClient.body(result);
        assertThat(result).hasStatus(200);
        assertThat(body.get("errors").get(0).get("extensions").get("code").asString()).isEqualTo("FORBIDDEN");
        assertThat(body.toString()).doesNotContain("queryType\":{");
    }
}
