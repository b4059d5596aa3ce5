package org.roost.platform.openapi;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.roost.support.IntegrationTest;
import org.roost.support.Json;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** The OpenAPI document lists the public API once, with ids and tags by resource and no internal parameter. */
@IntegrationTest
class OpenApiShapeTest {

    @Autowired
    MockMvcTester mvc;

    @Test
    void listsEachPublicOperationOnceWithoutInternalParametersOrFrameworkPaths() {
        // when
        JsonNode document = Json.of(mvc.get().uri("/v3/api-docs").exchange());

        // then
        assertThat(document.get("openapi").asString()).startsWith("3.1");
        List<String> paths = new ArrayList<>(document.get("paths").propertyNames());
        assertThat(paths).contains("/api/v1/users", "/api/v1/users/{userId}/posts", "/login", "/auth/token")
                .noneMatch(path -> path.startsWith("/api/users") || path.equals("/error") || path.startsWith("/signin")
                        || path.startsWith("/consent") || path.startsWith("/graphiql"));
        assertThat(document.at("/info/description").asString()).contains("`/api`");
        List<JsonNode> operations = operations(document);
        assertThat(operations).allSatisfy(operation -> {
            assertThat(operation.get("operationId").asString()).matches("[a-z][A-Za-z]+").doesNotContain("_");
            assertThat(operation.get("tags").get(0).asString()).isIn("users", "posts", "followers", "likes", "notifications", "auth", "feed", "graphql",
                    "accounts", "apps", "consents");
            assertThat(operation.path("parameters").toString()).doesNotContain("\"caller\"")
                    .doesNotContain("clientId");
        });
        assertThat(operations).extracting(operation -> operation.get("operationId").asString())
                .contains("listUsers", "createUser", "createPost", "listFollowers", "createToken").doesNotHaveDuplicates();
    }

    @Test
    void isAsStrictAsTheCodeWhereTheFuzzerFoundItLooser() {
        // when
        JsonNode document = Json.of(mvc.get().uri("/v3/api-docs").exchange());
        JsonNode schemas = document.at("/components/schemas");

        // then: registering an app, every member required, from its lists, within its limits
        JsonNode app = schemas.get("NewApp");
        assertThat(app.get("required").toString()).contains("name", "redirect_uris", "type", "scopes");
        assertThat(app.at("/properties/type/enum").toString()).isEqualTo("[\"public\",\"confidential\"]");
        assertThat(app.at("/properties/scopes/items/enum").toString()).contains("posts:write").doesNotContain("admin");
        assertThat(app.at("/properties/name/maxLength").asInt()).isEqualTo(100);
        assertThat(app.at("/properties/redirect_uris/maxItems").asInt()).isEqualTo(10);
        // a bodiless operation lists the 406 the code answers to an Accept without JSON
        assertThat(document.at("/paths/~1api~1v1~1users~1{userId}~1posts~1{postId}/delete/responses/406").isMissingNode())
                .isFalse();
        // null where the code takes null (an optional member, one a merge patch removes), nowhere else
        assertThat(schemas.at("/CreatePost/properties/body/type").toString()).contains("null");
        assertThat(schemas.at("/UpdatePost/properties/body/type").toString()).contains("null");
        assertThat(schemas.at("/UpdatePost/properties/title/type").toString()).doesNotContain("null");
        assertThat(schemas.at("/UpdateUser/properties/email/type").toString()).contains("null");
        assertThat(schemas.at("/UpdateUser/properties/name/type").toString()).doesNotContain("null");
        assertThat(schemas.at("/LoginRequest/properties/remember_me/type").toString()).contains("null");
        // marking notifications read takes no ids (all) or a list of ids, never a null among them
        assertThat(schemas.at("/MarkRead/properties/ids/type").toString()).as(schemas.get("MarkRead").toString()).contains("null");
        assertThat(schemas.at("/MarkRead/properties/ids/items").toString()).as(schemas.get("MarkRead").toString())
                .contains("string").doesNotContain("null");
        // GraphQL's request reads past other members: the document does not promise a refusal
        assertThat(schemas.at("/GraphQlRequest/additionalProperties").asBoolean(false)).isTrue();
        // fixed success bodies have their members, not a free-form object
        for (String path : List.of("/paths/~1api~1v1~1users~1{userId}~1two-factor/get/responses/200",
                "/paths/~1api~1v1~1users~1{userId}~1avatar/post/responses/201",
                "/paths/~1api~1v1~1password-resets/post/responses/202")) {
            assertThat(document.at(path + "/content/application~1json/schema/$ref").asString("")).as(path)
                    .startsWith("#/components/schemas/");
        }
    }

    @Test
    void statesTheRulesTheCodeEnforces() {
        // when
        JsonNode document = Json.of(mvc.get().uri("/v3/api-docs").exchange());

        // then patterns match whole values, as Bean Validation's do, and blank is no name or title
        JsonNode signUp = document.at("/components/schemas/SignUp");
        assertThat(signUp.at("/properties/username/pattern").asString()).startsWith("^").endsWith("$");
        assertThat(signUp.at("/properties/name/minLength").asInt()).isEqualTo(1);
        assertThat(signUp.at("/additionalProperties").asBoolean(true)).isFalse();
        assertThat(document.at("/components/schemas/CreatePost/properties/title/minLength").asInt()).isEqualTo(1);
        // the paging bounds, the real error codes, required response fields, GraphQL over HTTP
        JsonNode limit = document.at("/paths/~1api~1v1~1users/get/parameters/0/schema");
        assertThat(limit.get("minimum").asInt()).isEqualTo(1);
        assertThat(limit.get("maximum").asInt()).isEqualTo(100);
        assertThat(document.at("/components/schemas/ErrorBody/properties/error/properties/code/enum").toString())
                .contains("VALIDATION_ERROR").doesNotContain("VALIDATION_FAILED");
        assertThat(document.at("/components/schemas/UserRepresentation/required").toString()).contains("id", "username");
        assertThat(document.at("/paths/~1api~1v1~1users/post/responses/201/headers/Location").isMissingNode()).isFalse();
        assertThat(document.at("/paths/~1api~1v1~1users~1{userId}/get/responses/401/headers/RateLimit").isMissingNode())
                .isTrue();
        assertThat(document.at("/paths/~1api~1v1~1users~1{userId}~1avatar/get/responses/200/content").propertyNames())
                .contains("image/png", "image/jpeg", "image/webp");
        assertThat(document.at("/paths/~1graphql/post/operationId").asString()).isEqualTo("graphQlPost");
        assertThat(document.at("/paths/~1graphql/get/operationId").asString()).isEqualTo("graphQlGet");
    }

    @Test
    void marksThePublicOperationsAsNeedingNoCredential() {
        // when
        JsonNode document = Json.of(mvc.get().uri("/v3/api-docs").exchange());

        // then
        assertThat(document.at("/paths/~1api~1v1~1users/post/security").isEmpty()).isTrue();
        assertThat(document.at("/paths/~1api~1v1~1users/post/security").isArray()).isTrue();
        // a read a visitor may make (roost.public-reading, on by default): a credential or none ({}); the feed needs one
        assertThat(document.at("/paths/~1api~1v1~1users/get/security").toString()).contains("{}", "sessionCookie", "bearerJwt");
        assertThat(document.at("/paths/~1api~1v1~1feed/get/security").isMissingNode()).isTrue();
    }

    @Test
    void declaresTheHeadersOfRateLimitsIdempotencyAndRequestIdsAndTheFeed() {
        // when
        JsonNode document = Json.of(mvc.get().uri("/v3/api-docs").exchange());

        // then every response says which headers it carries
        assertThat(document.at("/components/headers").propertyNames())
                .contains("X-Request-Id", "RateLimit", "RateLimit-Policy", "Retry-After");
        JsonNode createPost = document.at("/paths/~1api~1v1~1users~1{userId}~1posts/post");
        assertThat(createPost.at("/responses/201/headers").propertyNames())
                .contains("X-Request-Id", "RateLimit", "RateLimit-Policy", "Idempotent-Replayed");
        assertThat(createPost.at("/responses/429/headers").propertyNames()).contains("Retry-After", "RateLimit");
        assertThat(createPost.at("/responses/503/headers").propertyNames()).contains("Retry-After");
        assertThat(createPost.at("/responses/409/headers").propertyNames()).contains("Retry-After");
        assertThat(createPost.get("parameters").toString()).contains("\"Idempotency-Key\"");
        // a method or transfer coding the server does not implement is refused on every path, before any filter
        assertThat(createPost.at("/responses/501/headers").propertyNames()).contains("X-Request-Id")
                .doesNotContain("RateLimit");
        assertThat(document.at("/paths/~1api~1v1~1feed/get/responses/501").isMissingNode()).isFalse();
        assertThat(document.at("/paths/~1graphql/post/responses/501").isMissingNode()).isFalse();
        for (String status : List.of("413", "415", "429", "501", "503")) {
            assertThat(createPost.at("/responses/" + status + "/content/application~1json/schema/$ref").asString())
                    .as(status).endsWith("/ErrorBody");
        }
        assertThat(document.at("/paths/~1api~1v1~1feed/get/responses/200/headers").propertyNames()).contains("RateLimit");
        assertThat(document.at("/paths/~1login/post/responses/200/headers").propertyNames()).contains("X-Request-Id")
                .doesNotContain("RateLimit");
    }

    private static List<JsonNode> operations(JsonNode document) {
        List<JsonNode> operations = new ArrayList<>();
        document.get("paths").forEach(item -> item.properties().forEach(entry -> {
            if (List.of("get", "put", "post", "delete", "patch").contains(entry.getKey())) {
                operations.add(entry.getValue());
            }
        }));
        return operations;
    }
}
