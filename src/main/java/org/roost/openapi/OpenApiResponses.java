package org.roost.openapi;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import io.swagger.v3.core.jackson.ModelResolver;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import org.roost.web.RequestIds;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;

/**
 * Completes what springdoc infers: snake_case property names (as the API writes them), the real
 * success status of each operation, a summary, and the error responses it can give, all with the one
 * error body ({@code ErrorBody}), and the response headers every answer carries ({@code X-Request-Id};
 * under /api the rate limit's {@code RateLimit} and {@code RateLimit-Policy}; {@code Retry-After} on 429
 * and 503). It runs first, so that other customizers (Idempotency-Key) add to the finished responses.
 */
@Configuration(proxyBeanMethods = false)
class OpenApiResponses {

    static final String ERROR_SCHEMA = "ErrorBody";

    private record Outcome(String summary, String status, List<String> errors) {
    }

    private static final List<String> READ = List.of("401", "403", "404");
    private static final List<String> WRITE = List.of("400", "401", "403", "404", "412", "413", "415");
    private static final List<String> DELETE = List.of("401", "403", "404", "412");

    private static final Map<String, Outcome> OUTCOMES = Map.ofEntries(
            Map.entry("listUsers", new Outcome("List users", "200", List.of("400", "401", "403"))),
            Map.entry("createUser", new Outcome("Sign up", "201", List.of("400", "409", "415"))),
            Map.entry("getUser", new Outcome("Get a user", "200", READ)),
            Map.entry("updateUser", new Outcome("Update a user (name, password, email address)", "200", WRITE)),
            Map.entry("deleteUser", new Outcome("Delete a user and their data", "204", DELETE)),
            Map.entry("getAvatar", new Outcome("Get a user's avatar image", "200", READ)),
            Map.entry("uploadAvatar", new Outcome("Upload a user's avatar", "201", WRITE)),
            Map.entry("deleteAvatar", new Outcome("Delete a user's avatar", "204", DELETE)),
            Map.entry("listPosts", new Outcome("List a user's posts", "200", READ)),
            Map.entry("createPost", new Outcome("Create a post", "201", WRITE)),
            Map.entry("getPost", new Outcome("Get a post", "200", READ)),
            Map.entry("updatePost", new Outcome("Update a post", "200", WRITE)),
            Map.entry("deletePost", new Outcome("Delete a post", "204", DELETE)),
            Map.entry("listFollowers", new Outcome("List a user's followers", "200", READ)),
            Map.entry("listFollowing", new Outcome("List whom a user follows", "200", READ)),
            Map.entry("addFollower", new Outcome("Follow a user", "204", List.of("400", "401", "403", "404"))),
            Map.entry("removeFollower", new Outcome("Unfollow a user", "204", READ)),
            Map.entry("listLikes", new Outcome("List who likes a post", "200", READ)),
            Map.entry("addLike", new Outcome("Like a post", "204", READ)),
            Map.entry("removeLike", new Outcome("Take back a like", "204", READ)),
            Map.entry("listReplies", new Outcome("List a post's replies, oldest first", "200", READ)),
            Map.entry("listAncestors", new Outcome("The chain of posts above a reply, root first", "200", READ)),
            Map.entry("listNotifications", new Outcome("List your notifications, newest activity first, with the unread count",
                    "200", List.of("400", "401", "403"))),
            Map.entry("getUnreadNotificationCount", new Outcome("How many of your notifications are unread", "200",
                    List.of("401", "403"))),
            Map.entry("markNotificationsRead", new Outcome("Mark your notifications read (some or all)", "200",
                    List.of("400", "401", "403", "413", "415"))),
            Map.entry("logIn", new Outcome("Log in with a session cookie (SECOND_FACTOR_REQUIRED: see /login/second-factor)",
                    "200", List.of("400", "401", "415", "429"))),
            Map.entry("logOut", new Outcome("End the session", "204", List.of("403"))),
            Map.entry("createToken", new Outcome("Get a first-party token pair (SECOND_FACTOR_REQUIRED: see /auth/token/second-factor)",
                    "200", List.of("400", "401", "415", "429"))),
            Map.entry("refreshToken", new Outcome("Rotate a refresh token", "200", List.of("400", "401", "415"))),
            Map.entry("revokeToken", new Outcome("Revoke the presented access token", "204", List.of("400", "401"))),
            Map.entry("verifyEmail", new Outcome("Follow a link that proves an email address", "204",
                    List.of("400", "409", "415"))),
            Map.entry("resendEmailVerification", new Outcome("Mail a new link to the user's unproven address", "202",
                    List.of("401", "403", "404", "409", "429"))),
            Map.entry("requestPasswordReset", new Outcome("Ask for a link to set a new password", "202",
                    List.of("400", "415", "429"))),
            Map.entry("resetPassword", new Outcome("Set a new password through a mailed link", "204",
                    List.of("400", "415"))),
            Map.entry("getTwoFactor", new Outcome("Whether two-factor sign-in is on", "200", READ)),
            Map.entry("startTwoFactor", new Outcome("Start enrolling an authenticator app (a new secret)", "200",
                    List.of("401", "403", "404", "409"))),
            Map.entry("confirmTwoFactor", new Outcome("Turn two-factor sign-in on with a first code; recovery codes",
                    "200", List.of("400", "401", "403", "404", "409", "429"))),
            Map.entry("disableTwoFactor", new Outcome("Turn two-factor sign-in off (password and a code)", "204",
                    List.of("400", "401", "403", "404", "409", "429"))),
            Map.entry("listDevices", new Outcome("Where the user is signed in (sessions and token families)", "200", READ)),
            Map.entry("signOutDevice", new Outcome("Sign one device out, on every instance", "204", DELETE)),
            Map.entry("listPasskeys", new Outcome("The user's passkeys", "200", READ)),
            Map.entry("renamePasskey", new Outcome("Rename a passkey", "200", WRITE)),
            Map.entry("removePasskey", new Outcome("Remove a passkey: it no longer signs in", "204", DELETE)),
            Map.entry("signOutOtherDevices", new Outcome("Sign out every device but this one", "204",
                    List.of("401", "403", "404"))),
            Map.entry("listProviders", new Outcome("The OpenID Connect providers one can sign in with", "200", List.of("429"))),
            Map.entry("listIdentities", new Outcome("The providers linked to the user's account", "200", READ)),
            Map.entry("startIdentityLink", new Outcome("Start linking a provider (the browser goes to the location)", "200",
                    List.of("400", "401", "403", "404", "415"))),
            Map.entry("removeIdentity", new Outcome("Remove a linked provider (not the last way to sign in)", "204",
                    List.of("401", "403", "404", "409"))),
            Map.entry("logInSecondFactor", new Outcome("Finish a session login with a second factor", "200",
                    List.of("400", "415", "429"))),
            Map.entry("createTokenSecondFactor", new Outcome("Finish a token login with a second factor", "200",
                    List.of("400", "415", "429"))),
            Map.entry("registerApp", new Outcome("Register an app (an OAuth client) of your own", "201",
                    List.of("400", "401", "403", "409", "413", "415"))),
            Map.entry("listApps", new Outcome("List your apps", "200", List.of("401", "403"))),
            Map.entry("getApp", new Outcome("Get one of your apps", "200", READ)),
            Map.entry("rotateAppSecret", new Outcome("Replace your app's secret", "200", List.of("401", "403", "404", "409"))),
            Map.entry("deleteApp", new Outcome("Delete your app and what it was granted", "204", List.of("401", "403", "404"))),
            Map.entry("listConsents", new Outcome("List the apps you allowed", "200", List.of("401", "403"))),
            Map.entry("reauthenticate", new Outcome("Confirm it is you (a sensitive change's REAUTHENTICATION_REQUIRED)",
                    "204", List.of("400", "401", "403", "415", "429"))),
            Map.entry("revokeConsent", new Outcome("Revoke an app's access (ends its tokens)", "204",
                    List.of("401", "403", "404"))));

    private static final String NFC = "at most maxLength characters once in Unicode normalisation form C (NFC), as stored";
    private static final String NAME_RULES = NFC + "; no invisible characters beyond the Basic Multilingual Plane";
    private static final String BALANCED = NFC + "; every bidirectional embedding, override or isolate it opens closed";
    private static final Map<String, String> POST_RULES = Map.of("title", BALANCED, "body", BALANCED);
    private static final Map<String, String> NEW_POST_RULES = Map.of("title", BALANCED, "body", BALANCED,
            "in_reply_to", "must be the id of an existing post");

    /** A cursor is opaque: only one this API gave is valid, which no schema can say. */
    private static final Map<String, String> CURSOR = Map.of("after", "must be a cursor from a page this API gave");

    /**
     * Rules a request must meet that no schema can express, by operation: a {@code VALIDATION_ERROR} naming one of
     * these fields can answer a request that matches the schema ({@code x-validated-beyond-schema}).
     */
    static final Map<String, Map<String, String>> BEYOND_SCHEMA = Map.ofEntries(
            Map.entry("listUsers", CURSOR), Map.entry("listPosts", CURSOR), Map.entry("listFollowers", CURSOR),
            Map.entry("listLikes", CURSOR), Map.entry("listReplies", CURSOR), Map.entry("listNotifications", CURSOR),
            Map.entry("markNotificationsRead", Map.of("ids", "must be notification ids")),
            Map.entry("listFollowing", CURSOR), Map.entry("getFeed", CURSOR),
            Map.entry("addFollower", Map.of("follower_id", "must not be the followed user themself")),
            Map.entry("createUser", Map.of("name", NAME_RULES, "email", NFC)),
            Map.entry("updateUser", Map.of("current_password",
                    "must be the user's current password, when the password or email address changes", "name", NAME_RULES,
                    "email", NFC)),
            Map.entry("verifyEmail", Map.of("token", "must be an unused, unexpired link's token, to the user's current address")),
            Map.entry("resetPassword", Map.of("token", "must be an unused, unexpired reset link's token")),
            Map.entry("confirmTwoFactor", Map.of("code", "must be the authenticator's current code, not used before",
                    "current_password", "must be the user's current password")),
            Map.entry("disableTwoFactor", Map.of("code", "must be the authenticator's current code or an unused recovery code",
                    "current_password", "must be the user's current password")),
            Map.entry("logInSecondFactor", Map.of("code", "must be the authenticator's current code or an unused recovery code",
                    "step_token", "must be a live step token from the first step")),
            Map.entry("createTokenSecondFactor", Map.of("code", "must be the authenticator's current code or an unused recovery code",
                    "step_token", "must be a live step token from the first step")),
            Map.entry("reauthenticate", Map.of("password", "must be the user's current password",
                    "code", "needed when two-factor sign-in is on: the authenticator's current code or an unused recovery code")),
            Map.entry("createPost", NEW_POST_RULES), Map.entry("updatePost", POST_RULES),
            Map.entry("registerApp", Map.of("redirect_uris", "each https, or http on a loopback address; no fragment, "
                    + "wildcard or user information (docs/api.md, \"Client registration\")",
                    "scopes", "some of the scopes an app may have", "name", "1 to 100 characters",
                    "type", "public or confidential")));

    private static final Map<String, String> REASONS = Map.ofEntries(
            Map.entry("400", "Malformed request or invalid fields"),
            Map.entry("401", "No valid credential"),
            Map.entry("403", "Not allowed (or CSRF token missing)"),
            Map.entry("404", "No such resource"),
            Map.entry("409", "Conflict"),
            Map.entry("412", "If-Match does not match the current ETag"),
            Map.entry("413", "Body too large"),
            Map.entry("406", "The Accept header allows none of this operation's representations"),
            Map.entry("415", "Unsupported media type"),
            Map.entry("429", "Too many requests; see Retry-After"),
            Map.entry("503", "A dependency is unavailable; see Retry-After"));

    /** Property names as the API writes them (spring.jackson: snake_case); springdoc's mapper is its own. */
    @Bean
    ModelResolver snakeCaseModels() {
        return new ModelResolver(Json.mapper().copy().setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE));
    }

    @Bean
    @Order(Ordered.HIGHEST_PRECEDENCE)
    OpenApiCustomizer responsesAndErrorBody() {
        return openApi -> {
            openApi.getComponents().addSchemas(ERROR_SCHEMA, errorBody());
            HEADERS.forEach(openApi.getComponents()::addHeaders);
            openApi.setServers(List.of(new io.swagger.v3.oas.models.servers.Server().url("/")
                    .description("This service (the origin you reach it at)")));
            openApi.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, operation) -> {
                if (operation.getTags() != null && operation.getTags().contains("graphql")) {
                    return; // GraphQL's operations describe their own responses (graphqltransport.GraphQlOpenApi)
                }
                complete(operation);
                operation.getResponses().forEach((status, response) -> addHeaders(path, method.name(), status, response));
            }));
        };
    }

    private static final Map<String, Header> HEADERS = Map.of(
            RequestIds.HEADER, new Header().required(true).description("The id of this request, as logged and as"
                    + " error bodies report it: the client's own when it sent a safe one (letters, digits, '.', '_', '-',"
                    + " up to 64).").schema(new StringSchema().example("3f2c9a8e-1b7d-4c55-9b0e-6f1a2d3c4b5a")),
            HttpHeaders.LOCATION, new Header().required(true).description("Where the created resource is.")
                    .schema(new StringSchema().example("/api/v1/users/42")),
            HttpHeaders.ETAG, new Header().required(true).description("The representation's strong tag: send it back in"
                    + " If-None-Match (304 when unchanged) or If-Match (a write that must not overwrite a change).")
                    .schema(new StringSchema().example("\"0a1b2c3d4e5f\"")),
            "RateLimit-Policy", new Header().description("The caller's rate limit (IETF httpapi RateLimit headers draft):"
                    + " q tokens per w seconds; a read costs 1, a write 5. Absent when rate limits are off.")
                    .schema(new StringSchema().example("\"default\";q=1200;w=60")),
            "RateLimit", new Header().description("What is left of it: r tokens, full again after t seconds"
                    + " (0 while tokens remain).").schema(new StringSchema().example("\"default\";r=1195;t=0")),
            "Retry-After", new Header().description("Seconds to wait before trying again.")
                    .schema(new IntegerSchema().example(5)));

    private static void addHeaders(String path, String method, String status, ApiResponse response) {
        add(response, RequestIds.HEADER);
        // The rate limit is charged after authentication: a 401 never reached it
        if (path.startsWith("/api/") && !status.equals("401")) {
            add(response, "RateLimit-Policy");
            add(response, "RateLimit");
        }
        if (status.equals("429") || status.equals("503")) {
            add(response, "Retry-After");
        }
        if (status.equals("201")) {
            add(response, HttpHeaders.LOCATION);
        }
        if (status.equals("200") && method.equals("GET")) {
            add(response, HttpHeaders.ETAG); // every representation a GET answers with is tagged (RepresentationTags)
        }
    }

    /** A header of {@code components/headers}, by reference. */
    private static void add(ApiResponse response, String header) {
        response.addHeaderObject(header, new Header().$ref("#/components/headers/" + header));
    }

    /**
     * What any operation may answer: 400 for a request HTTP itself finds malformed (an undecodable query, a header
     * the firewall refuses), 401 for a broken bearer token (checked even where none is needed), a rate limit, a
     * dependency that is down.
     */
    private static final List<String> ANYWHERE = List.of("400", "401", "429", "503");

    private static void complete(Operation operation) {
        // An operation added without an entry here still gets a summary and the usual errors.
        Outcome outcome = OUTCOMES.getOrDefault(operation.getOperationId(), new Outcome(
                operation.getSummary() != null ? operation.getSummary() : words(operation.getOperationId()),
                successOf(operation), List.of("400", "401", "403", "404")));
        operation.setSummary(outcome.summary());
        Map<String, String> beyond = BEYOND_SCHEMA.get(operation.getOperationId());
        if (beyond != null) {
            operation.addExtension("x-validated-beyond-schema", new java.util.TreeMap<>(beyond));
        }
        ApiResponses responses = operation.getResponses();
        ApiResponse generated = responses.remove("200");
        ApiResponse success = generated == null ? new ApiResponse() : generated;
        success.setDescription(switch (outcome.status()) {
            case "201" -> "Created";
            case "204" -> "No content";
            case "202" -> "Accepted";
            default -> "OK";
        });
        if ("204".equals(outcome.status())) {
            success.setContent(null);
        }
        if ("getAvatar".equals(operation.getOperationId())) {
            Content images = new Content();
            for (String type : List.of("image/png", "image/jpeg", "image/webp")) {
                images.addMediaType(type, new MediaType().schema(new StringSchema().format("binary")));
            }
            success.setContent(images);
        }
        responses.addApiResponse(outcome.status(), success);
        List<String> refusals = new java.util.ArrayList<>(ANYWHERE);
        // An Accept header that rules out JSON is refused before anything is done, on a bodiless operation too:
        // its refusal would be JSON (the error body), and nothing is changed on a request that cannot read it.
        refusals.add("406");
        if (operation.getRequestBody() != null) {
            refusals.addAll(List.of("413", "415")); // a body too large, or of a type the operation does not read
        }
        for (String status : java.util.stream.Stream.concat(outcome.errors().stream(), refusals.stream()).distinct().toList()) {
            responses.addApiResponse(status, new ApiResponse().description(REASONS.get(status))
                    .content(new Content().addMediaType("application/json", new MediaType()
                            .schema(new Schema<>().$ref("#/components/schemas/" + ERROR_SCHEMA)))));
        }
    }

    private static String successOf(Operation operation) {
        return operation.getResponses() == null ? "200" : operation.getResponses().keySet().stream()
                .filter(status -> status.startsWith("2")).findFirst().orElse("200");
    }

    /** {@code listFeed} reads "List feed". */
    private static String words(String operationId) {
        String spaced = operationId.replaceAll("([A-Z])", " $1").toLowerCase(java.util.Locale.ROOT);
        return Character.toUpperCase(spaced.charAt(0)) + spaced.substring(1);
    }

    private static Schema<?> codes() {
        StringSchema codes = new StringSchema();
        java.util.Arrays.stream(org.roost.shared.ErrorCode.values()).forEach(code -> codes.addEnumItem(code.name()));
        return codes.example(org.roost.shared.ErrorCode.VALIDATION_ERROR.name());
    }

    private static Schema<?> errorBody() {
        Schema<?> violation = new ObjectSchema().addProperty("field", new StringSchema())
                .addProperty("message", new StringSchema()).required(List.of("field", "message"));
        Schema<?> error = new ObjectSchema()
                .addProperty("code", codes())
                .addProperty("message", new StringSchema().example("The request has invalid fields."))
                .addProperty("details", new ArraySchema().items(violation))
                .required(List.of("code", "message", "details"));
        return new ObjectSchema().description("The one error body of every failure")
                .addProperty("error", error)
                .addProperty("request_id", new StringSchema().example("3f2c9a8e-1b7d-4c55-9b0e-6f1a2d3c4b5a"))
                .addProperty("timestamp", new StringSchema().format("date-time"))
                .addProperty("second_factor", new ObjectSchema().description("Only with SECOND_FACTOR_REQUIRED: send"
                        + " step_token and a code to the endpoint's /second-factor (docs/api.md, \"Two-factor sign-in\")")
                        .addProperty("step_token", new StringSchema())
                        .addProperty("expires_in", new io.swagger.v3.oas.models.media.IntegerSchema().example(300))
                        .addProperty("methods", new ArraySchema().items(new StringSchema().example("totp")))
                        .required(List.of("step_token", "expires_in", "methods")))
                .required(List.of("error", "request_id", "timestamp"));
    }
}
