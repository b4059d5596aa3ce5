package org.roost;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import graphql.schema.GraphQLFieldDefinition;
import graphql.schema.GraphQLNamedType;
import graphql.schema.GraphQLObjectType;
import graphql.schema.GraphQLSchema;
import graphql.schema.GraphQLTypeUtil;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.roost.ScopeTable.Need;
import org.roost.platform.shared.Scopes;
import org.roost.support.ApiClient;
import org.roost.support.IntegrationTest;
import org.roost.support.Json;
import org.roost.authorization.token.TokenProperties;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.graphql.execution.GraphQlSource;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockMultipartFile;
import org.springframework.security.oauth2.jwt.JwtEncoder;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 8's scope matrix: every REST operation of the OpenAPI document and every GraphQL root and nested
 * field of the schema, each run with a token of each single scope (and none), as a user's delegated token
 * and as a client acting for itself, against {@link ScopeTable}. Both doors must agree on the same data.
 * Mismatches are collected and reported together, one line per cell.
 */
@IntegrationTest
class ScopeMatrixTest {

    private static final String PNG_SIGNATURE = "\u0089PNG\r\n\u001A\n\u0000\u0000\u0000\rIHDR";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    enum Kind {
        /** A user's delegated token. */
        USER,
        /** A client-credentials token: the client acts for itself and owns nothing. */
        CLIENT
    }

    /** What a cell answered: {@code OK}, or an error code, with the GraphQL path it was raised at. */
    record Outcome(String code, String path) {

        static final Outcome OK = new Outcome("OK", "");

        @Override
        public String toString() {
            return path.isEmpty() ? code : code + " at " + path;
        }
    }

    /** One REST request: the user whose token sends it, and how it is sent with a given Authorization header. */
    record Call(long subject, Function<String, MvcTestResult> send) {
    }

    record RestCase(int success, Function<Fixture, Call> call) {
    }

    /** A way to reach objects of some type: the fields followed from the root, and the document around them. */
    record Route(String name, List<String> chain, Function<Fixture, String> document) {

        boolean mutation() {
            return chain.getFirst().startsWith("Mutation.");
        }
    }

    /** The actor (every user token's subject), another user with an avatar, and the actor's post. */
    record Fixture(ApiClient.Login actor, long other, long post, ApiClient api) {

        long freshPost() {
            return api.createPost(actor, "Doomed");
        }

        long freshUser() {
            return api.signUp(ApiClient.uniqueUsername("doomed"));
        }
    }

    @Autowired
    MockMvcTester mvc;

    @Autowired
    MockMvc mockMvc;

    @Autowired
    GraphQlSource graphQl;

    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    RequestMappingHandlerMapping mappings;

    @Autowired
    JwtEncoder encoder;

    @Autowired
    org.springframework.jdbc.core.simple.JdbcClient jdbc;

    @Autowired
    TokenProperties tokenProperties;

    ScopedTokens tokens;
    Fixture fixture;

    @BeforeEach
    void fixture() {
        tokens = new ScopedTokens(mvc, encoder, tokenProperties);
        ApiClient api = new ApiClient(mvc);
        ApiClient.Login actor = api.newUser("actor");
        ApiClient.Login other = api.newUser("other");
        assertThat(other.apply(mvc.post().uri("/api/v1/users/" + other.userId() + "/avatar")).multipart()
                .file(new MockMultipartFile("file", "a.png", "image/png", png())).exchange()).hasStatus(201);
        fixture = new Fixture(actor, other.userId(), api.createPost(actor, "Matrix @" + other.username()), api);
        // So the actor has a notification (a like by another, of a post): its fields are read, not an empty list.
        assertThat(other.apply(mvc.put().uri("/api/v1/users/%d/posts/%d/likes/%d".formatted(actor.userId(), fixture.post(),
                other.userId()))).exchange()).hasStatus(204);
    }

    // ---------------------------------------------------------------- the table covers the application

    @Test
    void tableNamesEveryRestOperationOfTheDocumentAndTheDocumentEveryMapping() {
        // given
        JsonNode document = Json.of(mvc.get().uri("/v3/api-docs").exchange());
        Set<String> documented = new TreeSet<>();
        Set<String> documentedRoutes = new TreeSet<>();
        document.get("paths").properties().forEach(path -> path.getValue().properties().forEach(operation -> {
            if (path.getKey().startsWith("/api/v1/")) {
                documented.add(operation.getValue().get("operationId").asString());
                documentedRoutes.add(operation.getKey().toUpperCase(java.util.Locale.ROOT) + " " + path.getKey());
            }
        }));

        // when: what the application really maps under /api/v1
        Set<String> mapped = new TreeSet<>();
        mappings.getHandlerMethods().keySet().forEach(info -> info.getPatternValues().stream()
                .filter(pattern -> pattern.startsWith("/api/v1/"))
                .forEach(pattern -> info.getMethodsCondition().getMethods()
                        .forEach(method -> mapped.add(method.name() + " " + pattern))));

        // then
        assertThat(documentedRoutes).as("every /api/v1 mapping is in the OpenAPI document").isEqualTo(mapped);
        assertThat(new TreeSet<>(ScopeTable.REST.keySet())).as("the scope table names every operation").isEqualTo(documented);
        assertThat(new TreeSet<>(restCases().keySet())).isEqualTo(documented);
    }

    @Test
    void tableNamesEveryGraphQlFieldOfTheSchemaAndRoutesReachEveryType() {
        // given
        GraphQLSchema schema = graphQl.schema();

        // when
        Set<String> coordinates = new TreeSet<>();
        objectTypes(schema).forEach(type -> type.getFieldDefinitions()
                .forEach(field -> coordinates.add(type.getName() + "." + field.getName())));
        Set<String> roots = new TreeSet<>(coordinates.stream().filter(ScopeMatrixTest::isRoot).toList());
        Set<String> reached = new TreeSet<>(routes().stream().map(route -> endType(schema, route).getName()).toList());
        Set<String> objects = new TreeSet<>(objectTypes(schema).map(GraphQLObjectType::getName)
                .filter(name -> !isRoot(name + ".")).toList());

        // then
        assertThat(new TreeSet<>(ScopeTable.GRAPHQL.keySet())).as("the scope table names every field").isEqualTo(coordinates);
        assertThat(new TreeSet<>(rootDocuments().keySet())).as("every root field is run").isEqualTo(roots);
        assertThat(reached).as("every object type is reached by some route").isEqualTo(objects);
        assertThat(ScopeTable.MUTATION_ANSWERS.keySet()).containsExactlyInAnyOrderElementsOf(
                roots.stream().filter(root -> root.startsWith("Mutation.")).toList());
    }

    @Test
    void runsEveryScopeTheApiDeclaresAndEveryScopeOfFirstPartyCredentials() {
        // when
        JsonNode schemes = Json.of(mvc.get().uri("/v3/api-docs").exchange()).at("/components/securitySchemes");
        Set<String> declared = new TreeSet<>();
        schemes.forEach(scheme -> scheme.path("flows").forEach(flow -> declared.addAll(flow.path("scopes").propertyNames())));

        // then
        assertThat(declared).isNotEmpty();
        assertThat(ScopeTable.SCOPES).containsAll(declared).containsAll(Scopes.FIRST_PARTY).contains(ScopeTable.NO_SCOPE);
    }

    // ---------------------------------------------------------------- the application answers as the table says

    @Test
    void everyRestOperationAnswersEachSingleScopeTokenAsTheTableSays() {
        List<String> mismatches = new ArrayList<>();
        restCases().forEach((operation, restCase) -> forEachCell((kind, scope) -> {
            // given
            Need need = ScopeTable.REST.get(operation);
            Outcome expected = expected(need, kind, scope, "");

            // when
            MvcTestResult result = send(restCase.call().apply(fixture), kind, scope);
            Outcome actual = restOutcome(result, restCase.success());

            // then
            String cell = "%s with %s (%s)".formatted(operation, label(scope), kind);
            if (!actual.equals(expected)) {
                mismatches.add(cell + ": expected " + expected + ", got " + actual + " " + body(result));
            }
            else if (actual.equals(Outcome.OK) && !need.anyOf().isEmpty()) {
                leaks(result, scope).forEach(leak -> mismatches.add(cell + ": " + leak));
            }
            else if (actual.code().equals("INSUFFICIENT_SCOPE")) {
                if (!String.valueOf(result.getResponse().getHeader("WWW-Authenticate")).contains("insufficient_scope")) {
                    mismatches.add(cell + ": no WWW-Authenticate insufficient_scope challenge");
                }
            }
        }));
        assertThat(mismatches).as("REST cells that disagree with the scope table").isEmpty();
    }

    @Test
    void everyGraphQlRootFieldAnswersEachSingleScopeTokenAsTheTableSays() {
        List<String> mismatches = new ArrayList<>();
        rootDocuments().forEach((root, document) -> forEachCell((kind, scope) -> {
            // given
            Outcome expected = expected(ScopeTable.GRAPHQL.get(root), kind, scope, fieldName(root));

            // when
            boolean subscription = root.startsWith("Subscription.");
            Outcome actual = subscription ? subscriptionOutcome(kind, scope, document.apply(fixture), fieldName(root))
                    : graphQlOutcome(graphQl(kind, scope, document.apply(fixture)));

            // then
            if (!actual.equals(expected)) {
                mismatches.add("%s with %s (%s): expected %s, got %s".formatted(root, label(scope), kind, expected, actual));
            }
        }));
        assertThat(mismatches).as("GraphQL root fields that disagree with the scope table").isEmpty();
    }

    @Test
    void refusesASubscriptionReadingANestedFieldOutsideItsScopesAsItStarts() {
        // when a client with posts:read only subscribes to posts with their authors' names (users:read)
        Outcome refused = subscriptionOutcome(Kind.CLIENT, "posts:read",
                "subscription { postCreated { title author { name } } }", "postCreated");
        // and to posts with their authors' ids (no scope)
        Outcome allowed = subscriptionOutcome(Kind.CLIENT, "posts:read",
                "subscription { postCreated { title author { id } } }", "postCreated");

        // then the first is refused with the scope it lacks, at once, and the second delivers
        assertThat(refused).isEqualTo(new Outcome("INSUFFICIENT_SCOPE", "postCreated"));
        assertThat(allowed).isEqualTo(Outcome.OK);
    }

    @Test
    void everyNestedGraphQlFieldAnswersEachSingleScopeTokenAsTheTableSaysOnEveryRoute() {
        GraphQLSchema schema = graphQl.schema();
        List<String> mismatches = new ArrayList<>();
        for (Route route : routes()) {
            GraphQLObjectType type = endType(schema, route);
            for (GraphQLFieldDefinition field : type.getFieldDefinitions()) {
                String leaf = type.getName() + "." + field.getName();
                forEachCell((kind, scope) -> {
                    // given
                    Outcome expected = expected(route, leaf, kind, scope);

                    // when
                    Outcome actual = graphQlOutcome(graphQl(kind, scope, probe(route, field)));

                    // then
                    if (!actual.equals(expected)) {
                        mismatches.add("%s { %s } with %s (%s): expected %s, got %s".formatted(route.name(),
                                field.getName(), label(scope), kind, expected, actual));
                    }
                });
            }
        }
        assertThat(mismatches).as("nested GraphQL fields that disagree with the scope table").isEmpty();
    }

    @Test
    void bothDoorsAllowAndRefuseTheSameDataAlike() {
        GraphQLSchema schema = graphQl.schema();
        Map<String, RestCase> rest = restCases();
        Map<String, Function<Fixture, String>> roots = rootDocuments();
        Map<String, Route> routes = routes().stream().collect(Collectors.toMap(Route::name, Function.identity()));
        List<String> disagreements = new ArrayList<>();
        ScopeTable.SAME_DATA.forEach((operation, probe) -> forEachCell((kind, scope) -> {
            // given
            RestCase restCase = rest.get(operation);
            String document;
            if (roots.containsKey(probe)) {
                document = roots.get(probe).apply(fixture);
            }
            else {
                Route route = routes.get(probe.substring(0, probe.indexOf(' ')));
                document = probe(route, endType(schema, route).getFieldDefinition(probe.substring(probe.indexOf(' ') + 1)));
            }

            // when
            String overRest = restOutcome(send(restCase.call().apply(fixture), kind, scope), restCase.success()).code();
            String overGraphQl = graphQlOutcome(graphQl(kind, scope, document)).code();

            // then
            if (!overRest.equals(overGraphQl)) {
                disagreements.add("%s (%s) with %s (%s): REST %s, GraphQL %s".formatted(operation, probe, label(scope), kind,
                        overRest, overGraphQl));
            }
        }));
        assertThat(disagreements).as("REST and GraphQL disagree").isEmpty();
    }

    // ---------------------------------------------------------------- what is run

    private Map<String, RestCase> restCases() {
        String users = "/api/v1/users/";
        return Map.ofEntries(
                Map.entry("createUser", new RestCase(201, f -> new Call(f.actor().userId(), auth -> json(mvc.post()
                        .uri("/api/v1/users").header("Authorization", auth), "{\"username\":\"%s\",\"name\":\"New\",\"password\":\"%s\"}"
                        .formatted(ApiClient.uniqueUsername("new"), ApiClient.PASSWORD))))),
                Map.entry("listUsers", get("/api/v1/users")),
                Map.entry("getUser", get(users + fixture.other())),
                Map.entry("updateUser", new RestCase(200, f -> new Call(f.actor().userId(), auth -> json(mvc.patch()
                        .uri(users + f.actor().userId()).header("Authorization", auth), "{\"name\":\"Actor\"}")))),
                Map.entry("deleteUser", new RestCase(204, f -> {
                    long doomed = f.freshUser();
                    return new Call(doomed, auth -> mvc.delete().uri(users + doomed).header("Authorization", auth).exchange());
                })),
                Map.entry("uploadAvatar", new RestCase(201, f -> new Call(f.actor().userId(), auth -> mvc.post()
                        .uri(users + f.actor().userId() + "/avatar").header("Authorization", auth).multipart()
                        .file(new MockMultipartFile("file", "a.png", "image/png", png())).exchange()))),
                Map.entry("getAvatar", get(users + fixture.other() + "/avatar")),
                Map.entry("deleteAvatar", new RestCase(204, f -> new Call(f.actor().userId(), auth -> mvc.delete()
                        .uri(users + f.actor().userId() + "/avatar").header("Authorization", auth).exchange()))),
                Map.entry("listPosts", get(users + fixture.actor().userId() + "/posts")),
                Map.entry("createPost", new RestCase(201, f -> new Call(f.actor().userId(), auth -> json(mvc.post()
                        .uri(users + f.actor().userId() + "/posts").header("Authorization", auth), "{\"title\":\"Scoped\"}")))),
                Map.entry("getPost", get(users + fixture.actor().userId() + "/posts/" + fixture.post())),
                Map.entry("updatePost", new RestCase(200, f -> new Call(f.actor().userId(), auth -> json(mvc.patch()
                        .uri(users + f.actor().userId() + "/posts/" + f.post()).header("Authorization", auth),
                        "{\"title\":\"Rescoped\"}")))),
                Map.entry("deletePost", new RestCase(204, f -> {
                    long doomed = f.freshPost();
                    return new Call(f.actor().userId(), auth -> mvc.delete()
                            .uri(users + f.actor().userId() + "/posts/" + doomed).header("Authorization", auth).exchange());
                })),
                Map.entry("listFollowers", get(users + fixture.other() + "/followers")),
                Map.entry("listFollowing", get(users + fixture.other() + "/following")),
                Map.entry("addFollower", new RestCase(204, f -> new Call(f.actor().userId(), auth -> mvc.put()
                        .uri(users + f.other() + "/followers/" + f.actor().userId()).header("Authorization", auth).exchange()))),
                Map.entry("removeFollower", new RestCase(204, f -> new Call(f.actor().userId(), auth -> mvc.delete()
                        .uri(users + f.other() + "/followers/" + f.actor().userId()).header("Authorization", auth).exchange()))),
                Map.entry("listLikes", get(users + fixture.actor().userId() + "/posts/" + fixture.post() + "/likes")),
                Map.entry("addLike", new RestCase(204, f -> new Call(f.actor().userId(), auth -> mvc.put()
                        .uri(users + f.actor().userId() + "/posts/" + f.post() + "/likes/" + f.actor().userId())
                        .header("Authorization", auth).exchange()))),
                Map.entry("removeLike", new RestCase(204, f -> new Call(f.actor().userId(), auth -> mvc.delete()
                        .uri(users + f.actor().userId() + "/posts/" + f.post() + "/likes/" + f.actor().userId())
                        .header("Authorization", auth).exchange()))),
                Map.entry("getFeed", get("/api/v1/feed")),
                Map.entry("listRecentPosts", get("/api/v1/posts")),
                Map.entry("listReplies", get(users + fixture.actor().userId() + "/posts/" + fixture.post() + "/replies")),
                Map.entry("listAncestors", get(users + fixture.actor().userId() + "/posts/" + fixture.post() + "/ancestors")),
                Map.entry("listNotifications", get("/api/v1/notifications")),
                Map.entry("getUnreadNotificationCount", get("/api/v1/notifications/unread-count")),
                Map.entry("markNotificationsRead", new RestCase(200, f -> new Call(f.actor().userId(), auth -> json(mvc.post()
                        .uri("/api/v1/notifications/read").header("Authorization", auth), "{\"ids\":[]}")))),
                Map.entry("verifyEmail", new RestCase(204, f -> {
                    String email = ApiClient.uniqueUsername("verify") + "@example.com";
                    long user = freshUserWithEmail(email);
                    String secret = link("email_verifications", user, "email", email);
                    return new Call(user, auth -> json(mvc.post().uri("/api/v1/email-verifications").header("Authorization", auth),
                            "{\"token\":\"%s\"}".formatted(secret)));
                })),
                Map.entry("resendEmailVerification", new RestCase(202, f -> {
                    long user = freshUserWithEmail(ApiClient.uniqueUsername("resend") + "@example.com");
                    jdbc.sql("UPDATE email_verifications SET created_at = created_at - INTERVAL '1' HOUR WHERE user_id = :id")
                            .param("id", user).update();
                    return new Call(user, auth -> mvc.post().uri(users + user + "/email-verifications")
                            .header("Authorization", auth).exchange());
                })),
                Map.entry("requestPasswordReset", new RestCase(202, f -> new Call(f.actor().userId(), auth -> json(mvc.post()
                        .uri("/api/v1/password-resets").header("Authorization", auth).with(fromAnAddressOfItsOwn()),
                        "{\"login\":\"%s\"}".formatted(f.actor().username()))))),
                Map.entry("resetPassword", new RestCase(204, f -> {
                    long user = f.freshUser();
                    String secret = link("password_resets", user, null, null);
                    return new Call(user, auth -> json(mvc.post().uri("/api/v1/password-resets/complete")
                            .header("Authorization", auth), "{\"token\":\"%s\",\"password\":\"%s\"}"
                            .formatted(secret, ApiClient.PASSWORD)));
                })),
                Map.entry("getTwoFactor", new RestCase(200, f -> new Call(f.actor().userId(), auth -> mvc.get()
                        .uri(users + f.actor().userId() + "/two-factor").header("Authorization", auth).exchange()))),
                Map.entry("startTwoFactor", new RestCase(200, f -> new Call(f.actor().userId(), auth -> mvc.post()
                        .uri(users + f.actor().userId() + "/two-factor").header("Authorization", auth).exchange()))),
                Map.entry("confirmTwoFactor", twoFactorCase(200, false, "/confirm")),
                Map.entry("disableTwoFactor", twoFactorCase(204, true, "/disable")),
                Map.entry("listDevices", new RestCase(200, f -> new Call(f.actor().userId(), auth -> mvc.get()
                        .uri(users + f.actor().userId() + "/devices").header("Authorization", auth).exchange()))),
                Map.entry("signOutDevice", new RestCase(204, f -> {
                    long user = f.freshUser();
                    String device = java.util.UUID.randomUUID().toString();
                    var now = java.time.OffsetDateTime.now(java.time.ZoneOffset.UTC);
                    jdbc.sql("INSERT INTO devices (id, user_id, kind, created_at, last_used_at) VALUES (:id, :user, 'SESSION', :now, :now)")
                            .param("id", device).param("user", user).param("now", now).update();
                    return new Call(user, auth -> mvc.delete().uri(users + user + "/devices/" + device)
                            .header("Authorization", auth).exchange());
                })),
                Map.entry("listPasskeys", new RestCase(200, f -> new Call(f.actor().userId(), auth -> mvc.get()
                        .uri(users + f.actor().userId() + "/passkeys").header("Authorization", auth).exchange()))),
                Map.entry("renamePasskey", new RestCase(200, f -> {
                    long user = f.freshUser();
                    String passkey = passkeyOf(user);
                    return new Call(user, auth -> mvc.patch().uri(users + user + "/passkeys/" + passkey)
                            .header("Authorization", auth).contentType(MediaType.APPLICATION_JSON)
                            .content("{\"label\":\"Laptop\"}").exchange());
                })),
                Map.entry("removePasskey", new RestCase(204, f -> {
                    long user = f.freshUser();
                    String passkey = passkeyOf(user);
                    return new Call(user, auth -> mvc.delete().uri(users + user + "/passkeys/" + passkey)
                            .header("Authorization", auth).exchange());
                })),
                Map.entry("signOutOtherDevices", new RestCase(204, f -> {
                    long user = f.freshUser();
                    return new Call(user, auth -> mvc.post().uri(users + user + "/devices/sign-out-others")
                            .header("Authorization", auth).exchange());
                })),
                Map.entry("listIdentities", new RestCase(200, f -> new Call(f.actor().userId(), auth -> mvc.get()
                        .uri(users + f.actor().userId() + "/identities").header("Authorization", auth).exchange()))),
                // No provider is configured here: a call the scope allows gets as far as looking the provider up
                Map.entry("startIdentityLink", new RestCase(404, f -> new Call(f.actor().userId(), auth -> json(mvc.post()
                        .uri(users + f.actor().userId() + "/identities/link-requests").header("Authorization", auth),
                        "{\"provider\":\"none\"}")))),
                Map.entry("removeIdentity", new RestCase(204, f -> {
                    long user = f.freshUser();
                    var keys = new org.springframework.jdbc.support.GeneratedKeyHolder();
                    jdbc.sql("INSERT INTO federated_identities (user_id, registration_id, issuer, subject, linked_at) "
                            + "VALUES (:user, 'test', 'https://id.example', :subject, :now)").param("user", user)
                            .param("subject", "s-" + user).param("now", java.time.OffsetDateTime.now(java.time.ZoneOffset.UTC))
                            .update(keys, "id");
                    long identity = keys.getKeyAs(Long.class);
                    return new Call(user, auth -> mvc.delete().uri(users + user + "/identities/" + identity)
                            .header("Authorization", auth).exchange());
                })),
                Map.entry("registerApp", new RestCase(201, f -> new Call(f.actor().userId(), this::newApp))),
                Map.entry("listApps", get("/api/v1/apps")),
                Map.entry("getApp", new RestCase(200, f -> new Call(f.actor().userId(), auth -> mvc.get()
                        .uri("/api/v1/apps/" + appOf(auth)).header("Authorization", auth).exchange()))),
                Map.entry("rotateAppSecret", new RestCase(200, f -> new Call(f.actor().userId(), auth -> mvc.post()
                        .uri("/api/v1/apps/" + appOf(auth) + "/secret").header("Authorization", auth).exchange()))),
                Map.entry("deleteApp", new RestCase(204, f -> new Call(f.actor().userId(), auth -> mvc.delete()
                        .uri("/api/v1/apps/" + appOf(auth)).header("Authorization", auth).exchange()))),
                Map.entry("listConsents", get("/api/v1/consents")),
                Map.entry("revokeConsent", new RestCase(204, f -> new Call(f.actor().userId(), auth -> {
                    var client = clients.findByClientId("roost-demo-service");
                    consents.save(org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationConsent
                            .withId(client.getId(), Long.toString(f.actor().userId())).scope("users:read").build());
                    return mvc.delete().uri("/api/v1/consents/roost-demo-service").header("Authorization", auth).exchange();
                }))));
    }

    /** A fresh user with an authenticator enrolled (and confirmed when {@code enabled}), sending its current code. */
    private RestCase twoFactorCase(int success, boolean enabled, String path) {
        return new RestCase(success, f -> {
            long user = f.freshUser();
            String secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
            jdbc.sql("INSERT INTO two_factor (user_id, secret, enabled_at) VALUES (:id, :secret, :enabled)")
                    .param("id", user).param("secret", secret)
                    .param("enabled", enabled ? java.time.OffsetDateTime.now(java.time.ZoneOffset.UTC) : null, java.sql.Types.TIMESTAMP_WITH_TIMEZONE)
                    .update();
            return new Call(user, auth -> json(mvc.post().uri("/api/v1/users/" + user + "/two-factor" + path)
                    .header("Authorization", auth), "{\"current_password\":\"%s\",\"code\":\"%s\"}"
                    .formatted(ApiClient.PASSWORD, currentCode(secret))));
        });
    }

    private static String currentCode(String secret) {
        try {
            var totp = new com.eatthepath.otp.TimeBasedOneTimePasswordGenerator(java.time.Duration.ofSeconds(30));
            return "%06d".formatted(totp.generateOneTimePassword(new javax.crypto.spec.SecretKeySpec(
                    new org.apache.commons.codec.binary.Base32().decode(secret), totp.getAlgorithm()), java.time.Instant.now()));
        }
        catch (java.security.InvalidKeyException ex) {
            throw new IllegalStateException(ex);
        }
    }

    /** A user signed up with an address (its verification link goes to the log: this context has no mail host). */
    private long freshUserWithEmail(String email) {
        String username = ApiClient.uniqueUsername("mailed");
        return Long.parseLong(Json.field(json(mvc.post().uri("/api/v1/users"),
                "{\"username\":\"%s\",\"name\":\"M\",\"password\":\"%s\",\"email\":\"%s\"}"
                        .formatted(username, ApiClient.PASSWORD, email)), "id"));
    }

    /** A mailed link's row, as if mailed: its secret, stored by hash in {@code table}. */
    private String link(String table, long user, @org.jspecify.annotations.Nullable String column,
            @org.jspecify.annotations.Nullable String value) {
        String secret = org.roost.platform.shared.RandomSecrets.newSecret();
        var now = java.time.OffsetDateTime.now(java.time.ZoneOffset.UTC);
        jdbc.sql("INSERT INTO " + table + " (token_hash, user_id, created_at, expires_at" + (column == null ? "" : ", " + column)
                        + ") VALUES (:hash, :user, :now, :expires" + (column == null ? "" : ", :value") + ")")
                .param("hash", org.roost.platform.shared.RandomSecrets.hash(secret)).param("user", user).param("now", now)
                .param("expires", now.plusMinutes(10)).param("value", value).update();
        return secret;
    }

    /** Reset requests are limited per client address: each cell asks from an address of its own. */
    private static org.springframework.test.web.servlet.request.RequestPostProcessor fromAnAddressOfItsOwn() {
        String address = "10.%d.%d.%d".formatted(java.util.concurrent.ThreadLocalRandom.current().nextInt(250),
                java.util.concurrent.ThreadLocalRandom.current().nextInt(250), java.util.concurrent.ThreadLocalRandom.current().nextInt(250));
        return request -> {
            request.setRemoteAddr(address);
            return request;
        };
    }

    private MvcTestResult newApp(String auth) {
        return json(mvc.post().uri("/api/v1/apps").header("Authorization", auth),
                "{\"name\":\"Scoped\",\"redirect_uris\":[\"https://scoped.example/cb\"],\"type\":\"confidential\",\"scopes\":[\"users:read\"]}");
    }

    /** An app of the caller's, registered with the same credential (or a name of none, when it may not register). */
    private String appOf(String auth) {
        MvcTestResult created = newApp(auth);
        return created.getResponse().getStatus() == 201 ? Json.field(created, "client_id") : "app-none";
    }

    @Autowired
    org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository clients;

    @Autowired
    org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationConsentService consents;

    private RestCase get(String path) {
        return new RestCase(200, f -> new Call(f.actor().userId(), auth -> mvc.get().uri(path).header("Authorization", auth).exchange()));
    }

    private static MvcTestResult json(MockMvcTester.MockMvcRequestBuilder request, String body) {
        return request.contentType(MediaType.APPLICATION_JSON).content(body).exchange();
    }

    /** Each root field run alone; objects answer their id (free), so the root's own rule decides. */
    private static Map<String, Function<Fixture, String>> rootDocuments() {
        return Map.ofEntries(
                Map.entry("Query.me", f -> "{ me { id } }"),
                Map.entry("Query.user", f -> "{ user(id: \"%d\") { id } }".formatted(f.other())),
                Map.entry("Query.userByUsername", f -> "{ userByUsername(username: \"%s\") { id } }".formatted(f.actor().username())),
                Map.entry("Query.usersById", f -> "{ usersById(ids: [\"%d\"]) { id } }".formatted(f.other())),
                Map.entry("Query.users", f -> "{ users(first: 2) { id } }"),
                Map.entry("Query.post", f -> "{ post(id: \"%d\") { id } }".formatted(f.post())),
                Map.entry("Query.postsById", f -> "{ postsById(ids: [\"%d\"]) { id } }".formatted(f.post())),
                Map.entry("Query.feed", f -> "{ feed(first: 2) { id } }"),
                Map.entry("Mutation.createPost", f -> "mutation { createPost(input: {title: \"Scoped\"}) { id } }"),
                Map.entry("Mutation.updatePost", f -> "mutation { updatePost(id: \"%d\", input: {title: \"Rescoped\"}) { id } }"
                        .formatted(f.post())),
                Map.entry("Mutation.deletePost", f -> "mutation { deletePost(id: \"%d\") }".formatted(f.freshPost())),
                Map.entry("Mutation.follow", f -> "mutation { follow(userId: \"%d\") { id } }".formatted(f.other())),
                Map.entry("Mutation.unfollow", f -> "mutation { unfollow(userId: \"%d\") { id } }".formatted(f.other())),
                Map.entry("Mutation.updateMe", f -> "mutation { updateMe(input: {name: \"Actor\"}) { id } }"),
                Map.entry("Mutation.likePost", f -> "mutation { likePost(postId: \"%d\") { id } }".formatted(f.post())),
                Map.entry("Mutation.unlikePost", f -> "mutation { unlikePost(postId: \"%d\") { id } }".formatted(f.post())),
                Map.entry("Subscription.postCreated", f -> "subscription { postCreated { id } }"),
                Map.entry("Subscription.feedPostCreated", f -> "subscription { feedPostCreated { id } }"),
                Map.entry("Subscription.followerAdded", f -> "subscription { followerAdded { id } }"),
                Map.entry("Query.notifications", f -> "{ notifications(first: 2) { id } }"),
                Map.entry("Query.unreadNotificationCount", f -> "{ unreadNotificationCount }"),
                Map.entry("Mutation.markNotificationsRead", f -> "mutation { markNotificationsRead(ids: []) }"),
                Map.entry("Subscription.notificationAdded", f -> "subscription { notificationAdded { id } }"));
    }

    /** Reads and writes that hand out users and posts; {@code FIELD} is where the field under test goes. */
    private static List<Route> routes() {
        return List.of(
                new Route("user", List.of("Query.user"), f -> "{ user(id: \"%d\") { FIELD } }".formatted(f.other())),
                new Route("post.author", List.of("Query.post", "Post.author"),
                        f -> "{ post(id: \"%d\") { author { FIELD } } }".formatted(f.post())),
                new Route("updateMe", List.of("Mutation.updateMe"), f -> "mutation { updateMe(input: {name: \"Actor\"}) { FIELD } }"),
                new Route("follow", List.of("Mutation.follow"),
                        f -> "mutation { follow(userId: \"%d\") { FIELD } }".formatted(f.other())),
                new Route("createPost.author", List.of("Mutation.createPost", "Post.author"),
                        f -> "mutation { createPost(input: {title: \"Scoped\"}) { author { FIELD } } }"),
                new Route("post", List.of("Query.post"), f -> "{ post(id: \"%d\") { FIELD } }".formatted(f.post())),
                new Route("user.posts", List.of("Query.user", "User.posts"),
                        f -> "{ user(id: \"%d\") { posts(first: 1) { FIELD } } }".formatted(f.actor().userId())),
                new Route("feed", List.of("Query.feed"), f -> "{ feed(first: 1) { FIELD } }"),
                new Route("notifications", List.of("Query.notifications"), f -> "{ notifications(first: 1) { FIELD } }"),
                new Route("notifications.post", List.of("Query.notifications", "Notification.post"),
                        f -> "{ notifications(first: 1) { post { FIELD } } }"),
                new Route("notifications.actors", List.of("Query.notifications", "Notification.actors"),
                        f -> "{ notifications(first: 1) { actors { FIELD } } }"),
                new Route("post.mentions", List.of("Query.post", "Post.mentions"),
                        f -> "{ post(id: \"%d\") { mentions { FIELD } } }".formatted(f.post())),
                // Anyone's post: posts:write likes it, but reads no more of it than its id.
                new Route("likePost", List.of("Mutation.likePost"),
                        f -> "mutation { likePost(postId: \"%d\") { FIELD } }".formatted(f.post())),
                new Route("createPost", List.of("Mutation.createPost"), f -> "mutation { createPost(input: {title: \"Scoped\"}) { FIELD } }"),
                new Route("updatePost", List.of("Mutation.updatePost"),
                        f -> "mutation { updatePost(id: \"%d\", input: {title: \"Rescoped\"}) { FIELD } }".formatted(f.post())),
                new Route("updateMe.posts", List.of("Mutation.updateMe", "User.posts"),
                        f -> "mutation { updateMe(input: {name: \"Actor\"}) { posts(first: 1) { FIELD } } }"));
    }

    /** Every kind of token with every scope it can carry: a client cannot ask for first-party {@code users:write}. */
    private static Map<Kind, List<String>> cellsByKind() {
        return Map.of(Kind.USER, ScopeTable.SCOPES,
                Kind.CLIENT, ScopeTable.SCOPES.stream().filter(scope -> !scope.equals(Scopes.USERS_WRITE)).toList());
    }

    private static void forEachCell(BiConsumer<Kind, String> action) {
        cellsByKind().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(entry -> entry.getValue().forEach(scope -> action.accept(entry.getKey(), scope)));
    }

    // ---------------------------------------------------------------- expectations

    private static Outcome expected(Need need, Kind kind, String scope, String path) {
        if (!need.coveredBy(scope)) {
            return new Outcome("INSUFFICIENT_SCOPE", path);
        }
        if (need.asUser() && kind == Kind.CLIENT) {
            return new Outcome("FORBIDDEN", path);
        }
        return Outcome.OK;
    }

    /** The first field along the route that the token may not read decides; a mutation's answer is covered by its scope. */
    private static Outcome expected(Route route, String leaf, Kind kind, String scope) {
        List<String> chain = Stream.concat(route.chain().stream(), Stream.of(leaf)).toList();
        String root = chain.getFirst();
        for (int i = 0; i < chain.size(); i++) {
            String coordinate = chain.get(i);
            Need need = ScopeTable.GRAPHQL.get(coordinate);
            assertThat(need).as("scope table entry for %s", coordinate).isNotNull();
            boolean answerOfTheWrite = i == 1 && route.mutation() && ScopeTable.MUTATION_ANSWERS.get(root).contains(coordinate)
                    && ScopeTable.GRAPHQL.get(root).coveredBy(scope);
            Need effective = answerOfTheWrite ? Need.free() : need;
            Outcome outcome = expected(effective, kind, scope,
                    chain.subList(0, i + 1).stream().map(ScopeMatrixTest::fieldName).collect(Collectors.joining(".")));
            if (!outcome.equals(Outcome.OK)) {
                return outcome;
            }
        }
        return Outcome.OK;
    }

    // ---------------------------------------------------------------- running and reading cells

    private MvcTestResult send(Call call, Kind kind, String scope) {
        String token = kind == Kind.USER ? tokens.user(call.subject(), scope) : tokens.client(scope);
        return call.send().apply("Bearer " + token);
    }

    private MvcTestResult graphQl(Kind kind, String scope, String document) {
        String token = kind == Kind.USER ? tokens.user(fixture.actor().userId(), scope) : tokens.client(scope);
        return mvc.post().uri("/graphql").header("Authorization", "Bearer " + token).contentType(MediaType.APPLICATION_JSON)
                .content(JSON.writeValueAsString(Map.of("query", document))).exchange();
    }

    private static Outcome restOutcome(MvcTestResult result, int success) {
        int status = result.getResponse().getStatus();
        if (status == success) {
            return Outcome.OK;
        }
        String code = status >= 400 ? Json.of(result).at("/error/code").asString("?") : "?";
        return status == 403 ? new Outcome(code, "") : new Outcome("HTTP " + status + " " + code, "");
    }

    /** One error means the field at its path was refused; none, that everything selected was answered. */
    private static Outcome graphQlOutcome(MvcTestResult result) {
        return graphQlOutcome(Json.of(result));
    }

    private static Outcome graphQlOutcome(JsonNode body) {
        JsonNode errors = body.path("errors");
        if (errors.isEmpty()) {
            return body.path("data").isObject() ? Outcome.OK : new Outcome("NO DATA " + body, "");
        }
        if (errors.size() > 1) {
            return new Outcome("ERRORS " + errors, "");
        }
        JsonNode error = errors.get(0);
        List<String> path = new ArrayList<>();
        error.path("path").forEach(step -> {
            if (step.isString()) {
                path.add(step.asString());
            }
        });
        return new Outcome(error.at("/extensions/code").asString("?"), String.join(".", path));
    }

    /**
     * A subscription over Server-Sent Events: a refused one ends with its error at once; an allowed one stays open,
     * so events are made (a post by the actor, a new follower of the actor) until its first result arrives.
     */
    private Outcome subscriptionOutcome(Kind kind, String scope, String document, String field) {
        String token = kind == Kind.USER ? tokens.user(fixture.actor().userId(), scope) : tokens.client(scope);
        MvcResult started;
        try {
            started = mockMvc.perform(MockMvcRequestBuilders.post("/graphql").header("Authorization", "Bearer " + token)
                    .contentType(MediaType.APPLICATION_JSON).accept(MediaType.TEXT_EVENT_STREAM)
                    .content(JSON.writeValueAsString(Map.of("query", document)))).andReturn();
        }
        catch (Exception ex) {
            throw new IllegalStateException(ex);
        }
        java.util.concurrent.atomic.AtomicInteger attempt = new java.util.concurrent.atomic.AtomicInteger();
        try {
            String data = await().atMost(Duration.ofSeconds(5)).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(100))
                    .until(() -> {
                        String stream = started.getResponse().getContentAsString();
                        int next = stream.indexOf("event:next\ndata:");
                        // the data line only once it is whole: the stream is read while the server still writes it
                        if (next >= 0 && stream.indexOf('\n', next + "event:next\ndata:".length()) >= 0) {
                            String line = stream.substring(next + "event:next\ndata:".length());
                            return line.substring(0, line.indexOf('\n'));
                        }
                        if (attempt.getAndIncrement() % 5 == 1) { // events for an allowed subscription to deliver
                            ApiClient.Login follower = fixture.api().newUser("follower");
                            assertThat(follower.apply(mvc.put().uri("/api/v1/users/%d/followers/%d"
                                    .formatted(fixture.actor().userId(), follower.userId()))).exchange()).hasStatus(204);
                            fixture.api().createPost(fixture.actor(), "Live");
                        }
                        return null;
                    }, java.util.Objects::nonNull);
            Outcome outcome = graphQlOutcome(Json.of(data));
            // A stream refused as it starts has no field to point at: its error is the subscription's.
            return outcome.equals(Outcome.OK) || !outcome.path().isEmpty() ? outcome : new Outcome(outcome.code(), field);
        }
        catch (ConditionTimeoutException none) {
            return new Outcome("NO EVENT", "");
        }
        finally {
            if (started.getRequest().isAsyncStarted()) {
                started.getRequest().getAsyncContext().complete();
            }
        }
    }

    /** User profiles and post contents in a REST answer that the token's scope does not cover. */
    private static List<String> leaks(MvcTestResult result, String scope) {
        if (!String.valueOf(result.getResponse().getContentType()).startsWith("application/json")) {
            return List.of();
        }
        Set<String> names = new TreeSet<>();
        collectNames(Json.of(result), names);
        List<String> leaks = new ArrayList<>();
        if (names.contains("username") && !Set.of("users:read", "users:write").contains(scope)) {
            leaks.add("answers a user's profile (username) without users:read " + body(result));
        }
        if (names.contains("title") && !Set.of("posts:read", "posts:write").contains(scope)) {
            leaks.add("answers a post (title) without posts:read " + body(result));
        }
        return leaks;
    }

    /**
     * The names of the answer's non-null properties (a null username tells nothing). A post's {@code mentions} are
     * left out: each is an {@code @username} the post's own text holds, which posts:read reads anyway.
     */
    private static void collectNames(JsonNode node, Set<String> names) {
        node.properties().forEach(entry -> {
            if (entry.getValue().isNull() || entry.getKey().equals("mentions")) {
                return;
            }
            names.add(entry.getKey());
            collectNames(entry.getValue(), names);
        });
        if (node.isArray()) {
            node.forEach(element -> collectNames(element, names));
        }
    }

    /** The route's document reading one field at its end (an object field answers its free id). */
    private String probe(Route route, GraphQLFieldDefinition field) {
        boolean object = GraphQLTypeUtil.unwrapAll(field.getType()) instanceof GraphQLObjectType;
        return route.document().apply(fixture).replace("FIELD", field.getName() + (object ? " { id }" : ""));
    }

    // ---------------------------------------------------------------- schema walking

    private static Stream<GraphQLObjectType> objectTypes(GraphQLSchema schema) {
        return schema.getAllTypesAsList().stream().filter(type -> type instanceof GraphQLObjectType)
                .map(GraphQLObjectType.class::cast).filter(type -> !type.getName().startsWith("__"));
    }

    private static GraphQLObjectType endType(GraphQLSchema schema, Route route) {
        GraphQLObjectType type = null;
        for (String coordinate : route.chain()) {
            String[] parts = coordinate.split("\\.");
            GraphQLObjectType parent = type == null ? (GraphQLObjectType) schema.getType(parts[0]) : type;
            GraphQLNamedType next = (GraphQLNamedType) GraphQLTypeUtil.unwrapAll(parent.getFieldDefinition(parts[1]).getType());
            type = (GraphQLObjectType) next;
        }
        return type;
    }

    private static boolean isRoot(String coordinate) {
        return coordinate.startsWith("Query.") || coordinate.startsWith("Mutation.") || coordinate.startsWith("Subscription.");
    }

    private static String fieldName(String coordinate) {
        return coordinate.substring(coordinate.indexOf('.') + 1);
    }

    private static String label(String scope) {
        return scope.isEmpty() ? "no scope" : scope;
    }

    private static String body(MvcTestResult result) {
        try {
            String body = result.getResponse().getContentAsString();
            return body.length() > 300 ? body.substring(0, 300) + "…" : body;
        }
        catch (java.io.UnsupportedEncodingException ex) {
            throw new IllegalStateException(ex);
        }
    }

    private static byte[] png() {
        return PNG_SIGNATURE.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    /** A passkey of the user, written where Spring Security's JDBC store reads it (as a registration would). */
    private String passkeyOf(long user) {
        String username = jdbc.sql("SELECT username FROM users WHERE id = :id").param("id", user).query(String.class).single();
        String entity = java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(("entity-" + user).getBytes());
        String credential = java.util.Base64.getUrlEncoder().withoutPadding()
                .encodeToString(java.util.UUID.randomUUID().toString().getBytes());
        jdbc.sql("INSERT INTO user_entities (id, name, display_name) VALUES (:id, :name, :name)")
                .param("id", entity).param("name", username).update();
        jdbc.sql("""
                INSERT INTO user_credentials (credential_id, user_entity_user_id, public_key, signature_count, uv_initialized,
                    backup_eligible, authenticator_transports, public_key_credential_type, backup_state, created, last_used, label)
                VALUES (:credential, :entity, :key, 0, TRUE, FALSE, 'internal', 'public-key', FALSE, :now, :now, 'Passkey')""")
                .param("credential", credential).param("entity", entity).param("key", new byte[] { 1, 2, 3 })
                .param("now", java.sql.Timestamp.from(java.time.Instant.now())).update();
        return credential;
    }
}
