package org.roost.graphql;

import java.util.Map;

import org.roost.support.ApiClient;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Sends GraphQL operations through MockMvc as a browser with a session would. */
public final class GraphQlClient {

    public static final JsonMapper JSON = JsonMapper.builder().build();

    private final MockMvcTester mvc;

    public GraphQlClient(MockMvcTester mvc) {
        this.mvc = mvc;
    }

    public MvcTestResult post(ApiClient.Login login, String query, Map<String, Object> variables) {
        var request = mvc.post().uri("/graphql").contentType(MediaType.APPLICATION_JSON)
                .content(JSON.writeValueAsString(Map.of("query", query, "variables", variables)));
        return (login == null ? request : login.apply(request)).exchange();
    }

    public MvcTestResult post(ApiClient.Login login, String query) {
        return post(login, query, Map.of());
    }

    public static JsonNode body(MvcTestResult result) {
        try {
            return JSON.readTree(result.getResponse().getContentAsString());
        }
        catch (java.io.UnsupportedEncodingException ex) {
            throw new IllegalStateException(ex);
        }
    }
}
