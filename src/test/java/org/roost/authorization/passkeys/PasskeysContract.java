package org.roost.authorization.passkeys;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.roost.support.ApiClient;
import org.roost.support.Json;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.security.web.webauthn.api.AuthenticatorTransport;
import org.springframework.security.web.webauthn.api.Bytes;
import org.springframework.security.web.webauthn.api.CredentialRecord;
import org.springframework.security.web.webauthn.api.ImmutableCredentialRecord;
import org.springframework.security.web.webauthn.api.ImmutablePublicKeyCose;
import org.springframework.security.web.webauthn.api.ImmutablePublicKeyCredentialUserEntity;
import org.springframework.security.web.webauthn.api.PublicKeyCredentialType;
import org.springframework.security.web.webauthn.api.PublicKeyCredentialUserEntity;
import org.springframework.security.web.webauthn.management.PublicKeyCredentialUserEntityRepository;
import org.springframework.security.web.webauthn.management.UserCredentialRepository;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Passkeys in the framework's JDBC stores, the owner-only API over them, and the contract's errors on the WebAuthn
 * endpoints. The ceremonies themselves, with a real (virtual) authenticator, are in the browser test (PasskeysEndToEndTest).
 */
abstract class PasskeysContract {

    @Autowired
    MockMvcTester mvc;
    @Autowired
    PublicKeyCredentialUserEntityRepository userEntities;
    @Autowired
    UserCredentialRepository credentials;

    ApiClient api() {
        return new ApiClient(mvc);
    }

    /** What a registration stores: a user entity named by the username, and one credential of it. */
    CredentialRecord storedPasskey(ApiClient.Login owner, String label) {
        PublicKeyCredentialUserEntity entity = userEntities.findByUsername(owner.username());
        if (entity == null) {
            entity = ImmutablePublicKeyCredentialUserEntity.builder().id(Bytes.random()).name(owner.username())
                    .displayName(owner.username()).build();
            userEntities.save(entity);
        }
        CredentialRecord record = ImmutableCredentialRecord.builder().credentialId(Bytes.random())
                .userEntityUserId(entity.getId()).publicKey(new ImmutablePublicKeyCose(new byte[] { 1, 2, 3, (byte) 0xff }))
                .credentialType(PublicKeyCredentialType.PUBLIC_KEY).signatureCount(0).uvInitialized(true)
                .transports(Set.of(AuthenticatorTransport.INTERNAL)).backupEligible(false).backupState(false)
                .attestationObject(new Bytes(new byte[] { 9, 8, 7 })).attestationClientDataJSON(new Bytes(new byte[] { 6 }))
                .created(Instant.now().truncatedTo(ChronoUnit.MILLIS)).lastUsed(Instant.now().truncatedTo(ChronoUnit.MILLIS))
                .label(label).build();
        credentials.save(record);
        return record;
    }

    JsonNode passkeys(ApiClient.Login me) {
        MvcTestResult result = me.apply(mvc.get().uri("/api/v1/users/" + me.userId() + "/passkeys")).exchange();
        assertThat(result).hasStatus(200);
        return Json.of(result).path("items");
    }

    @Test
    void storesAPasskeyInTheFrameworksTablesAndReadsItBack() {
        ApiClient.Login owner = api().newUser("pkstore");
        CredentialRecord saved = storedPasskey(owner, "Laptop");

        CredentialRecord read = credentials.findByCredentialId(saved.getCredentialId());

        assertThat(read).isNotNull();
        assertThat(read.getPublicKey().getBytes()).containsExactly(1, 2, 3, 0xff);
        assertThat(read.getTransports()).containsExactly(AuthenticatorTransport.INTERNAL);
        assertThat(read.getLabel()).isEqualTo("Laptop");
        assertThat(read.getCreated()).isEqualTo(saved.getCreated());
        assertThat(userEntities.findById(read.getUserEntityUserId()).getName()).isEqualTo(owner.username());
    }

    @Test
    void listsRenamesAndRemovesOnesOwnPasskeys() {
        ApiClient.Login owner = api().newUser("pkowner");
        CredentialRecord laptop = storedPasskey(owner, "Laptop");
        String id = laptop.getCredentialId().toBase64UrlString();

        JsonNode listed = passkeys(owner);
        MvcTestResult renamed = owner.apply(mvc.patch().uri("/api/v1/users/" + owner.userId() + "/passkeys/" + id))
                .contentType(MediaType.APPLICATION_JSON).content("{\"label\":\"  Work laptop \"}").exchange();
        String labelAfterRename = passkeys(owner).get(0).path("label").asString();
        MvcTestResult removed = owner.apply(mvc.delete().uri("/api/v1/users/" + owner.userId() + "/passkeys/" + id)).exchange();

        assertThat(listed).hasSize(1);
        assertThat(listed.get(0).path("id").asString()).isEqualTo(id);
        assertThat(listed.get(0).path("label").asString()).isEqualTo("Laptop");
        assertThat(listed.get(0).path("created_at").asString()).isNotBlank();
        assertThat(renamed).hasStatus(200).bodyJson().extractingPath("$.label").isEqualTo("Work laptop");
        assertThat(labelAfterRename).isEqualTo("Work laptop");
        assertThat(removed).hasStatus(204);
        assertThat(passkeys(owner)).isEmpty();
        assertThat(credentials.findByCredentialId(laptop.getCredentialId())).isNull();
    }

    @Test
    void anotherUsersPasskeyIsNotFoundAndAnotherUsersListIsForbidden() {
        ApiClient.Login owner = api().newUser("pkvictim");
        ApiClient.Login stranger = api().newUser("pkstranger");
        String id = storedPasskey(owner, "Phone").getCredentialId().toBase64UrlString();

        MvcTestResult renameViaOwnPath = stranger.apply(mvc.patch().uri("/api/v1/users/" + stranger.userId() + "/passkeys/" + id))
                .contentType(MediaType.APPLICATION_JSON).content("{\"label\":\"mine now\"}").exchange();
        MvcTestResult removeViaOwnPath = stranger.apply(
                mvc.delete().uri("/api/v1/users/" + stranger.userId() + "/passkeys/" + id)).exchange();
        MvcTestResult listOthers = stranger.apply(mvc.get().uri("/api/v1/users/" + owner.userId() + "/passkeys")).exchange();
        MvcTestResult removeOthers = stranger.apply(
                mvc.delete().uri("/api/v1/users/" + owner.userId() + "/passkeys/" + id)).exchange();

        assertThat(renameViaOwnPath).hasStatus(404).bodyJson().extractingPath("$.error.code").isEqualTo("NOT_FOUND");
        assertThat(removeViaOwnPath).hasStatus(404).bodyJson().extractingPath("$.error.code").isEqualTo("NOT_FOUND");
        assertThat(listOthers).hasStatus(403).bodyJson().extractingPath("$.error.code").isEqualTo("FORBIDDEN");
        assertThat(removeOthers).hasStatus(403).bodyJson().extractingPath("$.error.code").isEqualTo("FORBIDDEN");
        assertThat(passkeys(owner)).hasSize(1);
        assertThat(passkeys(owner).get(0).path("label").asString()).isEqualTo("Phone");
    }

    @Test
    void refusesABlankOrOverlongLabel() {
        ApiClient.Login owner = api().newUser("pklabel");
        String id = storedPasskey(owner, "Key").getCredentialId().toBase64UrlString();

        MvcTestResult blank = owner.apply(mvc.patch().uri("/api/v1/users/" + owner.userId() + "/passkeys/" + id))
                .contentType(MediaType.APPLICATION_JSON).content("{\"label\":\"   \"}").exchange();
        MvcTestResult overlong = owner.apply(mvc.patch().uri("/api/v1/users/" + owner.userId() + "/passkeys/" + id))
                .contentType(MediaType.APPLICATION_JSON).content("{\"label\":\"%s\"}".formatted("x".repeat(65))).exchange();

        assertThat(blank).hasStatus(400).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("label");
        assertThat(overlong).hasStatus(400).bodyJson().extractingPath("$.error.code").isEqualTo("VALIDATION_ERROR");
        assertThat(passkeys(owner).get(0).path("label").asString()).isEqualTo("Key");
    }

    @Test
    void deletingTheAccountDeletesItsPasskeys() {
        ApiClient.Login owner = api().newUser("pkgone");
        CredentialRecord record = storedPasskey(owner, "Old key");

        assertThat(owner.apply(mvc.delete().uri("/api/v1/users/" + owner.userId())).exchange()).hasStatus(204);

        assertThat(credentials.findByCredentialId(record.getCredentialId())).isNull();
        assertThat(userEntities.findByUsername(owner.username())).isNull();
    }

    @Test
    void registrationOptionsNameTheRelyingPartyAndTheSignedInUser() {
        ApiClient.Login owner = api().newUser("pkoptions");

        MvcTestResult options = owner.apply(mvc.post().uri("/webauthn/register/options")).exchange();

        assertThat(options).hasStatus(200);
        JsonNode body = Json.of(options);
        assertThat(body.path("rp").path("id").asString()).isEqualTo("localhost");
        assertThat(body.path("user").path("name").asString()).isEqualTo(owner.username());
        assertThat(body.path("challenge").asString()).isNotBlank();
    }

    @Test
    void registeringNeedsASignedInSession() {
        MvcTestResult options = mvc.post().uri("/webauthn/register/options").exchange();
        MvcTestResult register = mvc.post().uri("/webauthn/register").contentType(MediaType.APPLICATION_JSON)
                .content("{}").exchange();

        assertThat(options).hasStatus(401).bodyJson().extractingPath("$.error.code").isEqualTo("UNAUTHENTICATED");
        assertThat(register).hasStatus(401).bodyJson().extractingPath("$.error.code").isEqualTo("UNAUTHENTICATED");
    }

    @Test
    void anUnreadableOrUnaskedRegistrationIsRefusedWithTheErrorBody() {
        ApiClient.Login owner = api().newUser("pkbadreg");

        MvcTestResult unreadable = owner.apply(mvc.post().uri("/webauthn/register")).contentType(MediaType.APPLICATION_JSON)
                .content("{\"publicKey\":42}").exchange();

        assertThat(unreadable).hasStatus(400).bodyJson().extractingPath("$.error.code").isEqualTo("MALFORMED_REQUEST");
        assertThat(passkeys(owner)).isEmpty();
    }

    @Test
    void aSignInWithoutAValidPasskeyIsRefusedWithTheErrorBody() {
        MvcTestResult options = mvc.post().uri("/webauthn/authenticate/options").exchange();
        MvcTestResult signIn = mvc.post().uri("/login/webauthn").contentType(MediaType.APPLICATION_JSON).content("""
                {"id":"AAAA","rawId":"AAAA","type":"public-key","response":{"authenticatorData":"AAAA",
                "clientDataJSON":"AAAA","signature":"AAAA","userHandle":"AAAA"},"clientExtensionResults":{}}""").exchange();

        assertThat(options).hasStatus(200);
        assertThat(Json.of(options).path("rpId").asString()).isEqualTo("localhost");
        assertThat(signIn).hasStatus(401).bodyJson().extractingPath("$.error.code").isEqualTo("INVALID_CREDENTIALS");
        assertThat(signIn.getResponse().getCookie("SESSION")).isNull();
    }

    @Test
    void theFrameworksUnauditedRemovalIsClosed() {
        ApiClient.Login owner = api().newUser("pkclosed");
        CredentialRecord record = storedPasskey(owner, "Kept");

        MvcTestResult removed = owner.apply(mvc.delete().uri("/webauthn/register/" + record.getCredentialId().toBase64UrlString()))
                .exchange();

        assertThat(removed).hasStatus(403).bodyJson().extractingPath("$.error.code").isEqualTo("FORBIDDEN");
        assertThat(credentials.findByCredentialId(record.getCredentialId())).isNotNull();
    }

    /** The service's own origin, which passkeys accept when roost.passkeys.allowed-origins is unset (PasskeyOrigins). */
    @org.springframework.boot.test.web.server.LocalServerPort
    int port;

    String origin() {
        return "http://localhost:" + port;
    }

    /** Asks for creation options with the owner's session and answers them with {@code key}. */
    MvcTestResult register(ApiClient.Login owner, SoftAuthenticator key, String origin, String rpId, String label) {
        MvcTestResult options = owner.apply(mvc.post().uri("/webauthn/register/options")).exchange();
        assertThat(options).hasStatus(200);
        return owner.apply(mvc.post().uri("/webauthn/register")).contentType(MediaType.APPLICATION_JSON)
                .content(key.register(Json.of(options), origin, rpId, label)).exchange();
    }

    /** As a signed-out browser: options (which start a session), then the signed answer in that session. */
    MvcTestResult signIn(SoftAuthenticator key, String origin, String rpId) {
        MvcTestResult options = mvc.post().uri("/webauthn/authenticate/options").exchange();
        assertThat(options).hasStatus(200);
        jakarta.servlet.http.Cookie session = options.getResponse().getCookie("SESSION");
        assertThat(session).isNotNull();
        return mvc.post().uri("/login/webauthn").cookie(new jakarta.servlet.http.Cookie("SESSION", session.getValue()))
                .contentType(MediaType.APPLICATION_JSON).content(key.signIn(Json.of(options), origin, rpId)).exchange();
    }

    @Test
    void registersAPasskeyAndSignsInWithItAloneIntoASessionLikeAPasswords() {
        // given a passkey registered from a signed-in session
        ApiClient.Login owner = api().newUser("pkceremony");
        SoftAuthenticator key = new SoftAuthenticator();
        MvcTestResult registered = register(owner, key, origin(), "localhost", "Laptop");

        // when a signed-out browser signs in with it
        MvcTestResult signedIn = signIn(key, origin(), "localhost");

        // then it is the owner, in a new session that the API accepts, listed among the devices
        assertThat(registered).hasStatus(200).bodyJson().extractingPath("$.success").isEqualTo(true);
        assertThat(signedIn).hasStatus(200).bodyJson().extractingPath("$.username").isEqualTo(owner.username());
        ApiClient.Login byPasskey = new ApiClient.Login(owner.userId(), owner.username(),
                new jakarta.servlet.http.Cookie("SESSION", signedIn.getResponse().getCookie("SESSION").getValue()),
                signedIn.getResponse().getCookie("XSRF-TOKEN").getValue());
        JsonNode listed = passkeys(byPasskey);
        assertThat(listed).hasSize(1);
        assertThat(listed.get(0).path("id").asString()).isEqualTo(key.id());
        assertThat(listed.get(0).path("label").asString()).isEqualTo("Laptop");
        assertThat(listed.get(0).path("last_used_at").asString()).isNotBlank();
        MvcTestResult devices = byPasskey.apply(mvc.get().uri("/api/v1/users/" + owner.userId() + "/devices")).exchange();
        assertThat(Json.of(devices).path("items")).hasSize(2);
    }

    @Test
    void refusesAPasskeyMadeForAnotherSite() {
        // given a user, and passkeys made on another site's page or for another site's domain
        ApiClient.Login owner = api().newUser("pkphish");
        MvcTestResult otherOrigin = register(owner, new SoftAuthenticator(), "https://evil.example", "localhost", "Phished");
        MvcTestResult otherDomain = register(owner, new SoftAuthenticator(), origin(), "evil.example", "Phished");
        SoftAuthenticator key = new SoftAuthenticator();
        assertThat(register(owner, key, origin(), "localhost", "Real")).hasStatus(200);

        // when the real passkey signs a sign-in on another site's page, or for another domain
        MvcTestResult signInElsewhere = signIn(key, "https://evil.example", "localhost");
        MvcTestResult signInForOtherDomain = signIn(key, origin(), "evil.example");

        // then each is refused in the contract's body, and only the real one is stored
        assertThat(otherOrigin).hasStatus(400).bodyJson().extractingPath("$.error.details[0].field").isEqualTo("credential");
        assertThat(otherDomain).hasStatus(400).bodyJson().extractingPath("$.error.code").isEqualTo("VALIDATION_ERROR");
        assertThat(signInElsewhere).hasStatus(401).bodyJson().extractingPath("$.error.code").isEqualTo("INVALID_CREDENTIALS");
        assertThat(signInForOtherDomain).hasStatus(401).bodyJson().extractingPath("$.error.code").isEqualTo("INVALID_CREDENTIALS");
        assertThat(signInElsewhere.getResponse().getCookie("XSRF-TOKEN")).isNull();
        assertThat(passkeys(owner)).extracting(item -> item.path("label").asString()).containsExactly("Real");
    }

    @Test
    void aRegistrationAnswersOneRequestOnly() {
        // given a registration that was accepted
        ApiClient.Login owner = api().newUser("pkreplay");
        SoftAuthenticator key = new SoftAuthenticator();
        MvcTestResult options = owner.apply(mvc.post().uri("/webauthn/register/options")).exchange();
        String body = key.register(Json.of(options), origin(), "localhost", "Once");
        assertThat(owner.apply(mvc.post().uri("/webauthn/register")).contentType(MediaType.APPLICATION_JSON).content(body)
                .exchange()).hasStatus(200);

        // when it is sent again
        MvcTestResult replayed = owner.apply(mvc.post().uri("/webauthn/register")).contentType(MediaType.APPLICATION_JSON)
                .content(body).exchange();

        // then it is refused: its options were spent
        assertThat(replayed).hasStatus(400).bodyJson().extractingPath("$.error.code").isEqualTo("MALFORMED_REQUEST");
        assertThat(passkeys(owner)).hasSize(1);
    }

    @Test
    void aPasskeySignInSatisfiesTwoFactorSignIn() throws Exception {
        // given a user with a passkey who then turns two-factor sign-in on
        ApiClient.Login owner = api().newUser("pktwofactor");
        SoftAuthenticator key = new SoftAuthenticator();
        assertThat(register(owner, key, origin(), "localhost", "Phone")).hasStatus(200);
        String base = "/api/v1/users/" + owner.userId() + "/two-factor";
        String secret = Json.of(owner.apply(mvc.post().uri(base)).exchange()).path("secret").asString();
        var totp = new com.eatthepath.otp.TimeBasedOneTimePasswordGenerator(java.time.Duration.ofSeconds(30));
        String code = "%06d".formatted(totp.generateOneTimePassword(new javax.crypto.spec.SecretKeySpec(
                new org.apache.commons.codec.binary.Base32().decode(secret), totp.getAlgorithm()), Instant.now()));
        assertThat(owner.apply(mvc.post().uri(base + "/confirm")).contentType(MediaType.APPLICATION_JSON)
                .content("{\"current_password\":\"%s\",\"code\":\"%s\"}".formatted(ApiClient.PASSWORD, code)).exchange())
                .hasStatus(200);

        // when they sign in with the password, and then with the passkey
        MvcTestResult password = mvc.post().uri("/login").contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"%s\",\"password\":\"%s\"}".formatted(owner.username(), ApiClient.PASSWORD)).exchange();
        MvcTestResult passkey = signIn(key, origin(), "localhost");

        // then the password alone needs a code; the passkey alone signs in
        assertThat(password).hasStatus(401).bodyJson().extractingPath("$.error.code").isEqualTo("SECOND_FACTOR_REQUIRED");
        assertThat(passkey).hasStatus(200);
        assertThat(Json.field(passkey, "id")).isEqualTo(Long.toString(owner.userId()));
    }

    @Test
    void theOAuthSignInPageSignsInWithAPasskeyAndNoPassword() throws Exception {
        // given a registered passkey, and a signed-out browser on the OAuth sign-in page
        ApiClient.Login owner = api().newUser("pkoauth");
        SoftAuthenticator key = new SoftAuthenticator();
        assertThat(register(owner, key, origin(), "localhost", "Laptop")).hasStatus(200);
        MvcTestResult page = mvc.get().uri("/signin").accept(MediaType.TEXT_HTML).exchange();
        jakarta.servlet.http.Cookie session = new jakarta.servlet.http.Cookie("ROOST_SIGNIN",
                page.getResponse().getCookie("ROOST_SIGNIN").getValue());
        String html = page.getResponse().getContentAsString(java.nio.charset.StandardCharsets.UTF_8);
        java.util.regex.Matcher csrf = java.util.regex.Pattern
                .compile("data-csrf-header=\"([^\"]+)\" data-csrf=\"([^\"]+)\"").matcher(html);
        assertThat(csrf.find()).as("the page hands its script the CSRF token").isTrue();

        // when its script asks for options and posts the passkey's answer
        MvcTestResult options = mvc.post().uri("/signin/passkey/options").cookie(session).header(csrf.group(1), csrf.group(2))
                .exchange();
        MvcTestResult signedIn = mvc.post().uri("/signin/passkey").cookie(session).header(csrf.group(1), csrf.group(2))
                .contentType(MediaType.APPLICATION_JSON).content(key.signIn(Json.of(options), origin(), "localhost")).exchange();
        MvcTestResult withoutCsrf = mvc.post().uri("/signin/passkey").cookie(session)
                .contentType(MediaType.APPLICATION_JSON).content("{}").exchange();

        // then the person is signed in to the authorization server (the page says so), and told where to go on
        assertThat(signedIn).hasStatus(200).bodyJson().extractingPath("$.redirect_url").isEqualTo("/signin");
        jakarta.servlet.http.Cookie after = new jakarta.servlet.http.Cookie("ROOST_SIGNIN",
                signedIn.getResponse().getCookie("ROOST_SIGNIN") == null ? session.getValue()
                        : signedIn.getResponse().getCookie("ROOST_SIGNIN").getValue());
        assertThat(mvc.get().uri("/signin").cookie(after).accept(MediaType.TEXT_HTML).exchange().getResponse()
                .getContentAsString(java.nio.charset.StandardCharsets.UTF_8)).contains("You are signed in to Roost");
        assertThat(withoutCsrf).hasStatus(403);
    }
}
