package org.roost.social.activitypub;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.security.KeyFactory;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.roost.platform.origin.PublicOrigin;
import org.roost.support.ApiClient;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * ActivityPub's read side through the service's own chain (no credential anywhere): WebFinger and its refusals,
 * NodeInfo, actors, notes and collections in both JSON-LD types, a browser sent to the app, the key made once even
 * when first reads race. Run on PostgreSQL ({@link ActivityPubOnPostgresTest}) and H2 ({@link ActivityPubOnH2Test}).
 */
abstract class ActivityPubContract {

    static final String ACTIVITY = "application/activity+json";
    static final String LD = "application/ld+json; profile=\"https://www.w3.org/ns/activitystreams\"";
    static final ObjectMapper JSON = new ObjectMapper();

    @Autowired
    MockMvcTester mvc;

    @Autowired
    PublicOrigin origin;

    @Autowired
    JdbcClient jdbc;

    ApiClient api() {
        return new ApiClient(mvc);
    }

    String host() {
        return origin.url().replaceFirst("^https?://", "");
    }

    MvcTestResult get(String url, String accept) {
        return mvc.get().uri(url).header("Accept", accept).exchange();
    }

    static JsonNode body(MvcTestResult result) throws Exception {
        return JSON.readTree(result.getResponse().getContentAsString());
    }

    @Test
    void webFingerFindsAPersonByAccountAndByActorUrl() throws Exception {
        var pat = api().newUser("pat");
        String actor = origin.link("/ap/users/" + pat.userId());

        MvcTestResult byAccount = mvc.get().uri("/.well-known/webfinger")
                .param("resource", "acct:" + pat.username() + "@" + host()).exchange();
        MvcTestResult byUrl = mvc.get().uri("/.well-known/webfinger").param("resource", actor).exchange();

        assertThat(byAccount).hasStatus(200);
        assertThat(byAccount.getResponse().getContentType()).startsWith("application/jrd+json");
        JsonNode jrd = body(byAccount);
        assertThat(jrd.get("subject").asString()).isEqualTo("acct:" + pat.username() + "@" + host());
        JsonNode self = jrd.get("links").get(0);
        assertThat(self.get("rel").asString()).isEqualTo("self");
        assertThat(self.get("type").asString()).isEqualTo(ACTIVITY);
        assertThat(self.get("href").asString()).isEqualTo(actor);
        assertThat(jrd.get("links").get(1).get("href").asString()).isEqualTo(origin.link("/u/" + pat.username()));
        assertThat(byUrl).hasStatus(200);
        assertThat(body(byUrl).get("subject").asString()).isEqualTo("acct:" + pat.username() + "@" + host());
    }

    @Test
    void webFingerAnswersNotFoundForNobodyOrAnotherHostAndBadRequestForNoResource() {
        var pat = api().newUser("pat");

        var nobody = mvc.get().uri("/.well-known/webfinger").param("resource", "acct:nobody-here-at-all@" + host()).exchange();
        var otherHost = mvc.get().uri("/.well-known/webfinger")
                .param("resource", "acct:" + pat.username() + "@example.org").exchange();
        var otherUrl = mvc.get().uri("/.well-known/webfinger").param("resource", "https://example.org/users/1").exchange();
        var missing = mvc.get().uri("/.well-known/webfinger").exchange();
        var malformed = mvc.get().uri("/.well-known/webfinger").param("resource", "acct:no-at-sign").exchange();
        var otherScheme = mvc.get().uri("/.well-known/webfinger").param("resource", "mailto:pat@example.org").exchange();

        for (var notFound : List.of(nobody, otherHost, otherUrl)) {
            assertThat(notFound).hasStatus(404).bodyJson().extractingPath("$.error.code").isEqualTo("NOT_FOUND");
        }
        for (var invalid : List.of(missing, malformed, otherScheme)) {
            assertThat(invalid).hasStatus(400).bodyJson().extractingPath("$.error.code").isEqualTo("VALIDATION_ERROR");
        }
    }

    @Test
    void nodeInfoLinksItsDocumentWithTheSoftwareAndCounts() throws Exception {
        var pat = api().newUser("nodeinfo");
        api().createPost(pat, "Counted");

        MvcTestResult discovery = get("/.well-known/nodeinfo", "application/json");
        MvcTestResult document = get("/nodeinfo/2.1", "application/json");

        assertThat(discovery).hasStatus(200);
        JsonNode link = body(discovery).get("links").get(0);
        assertThat(link.get("rel").asString()).isEqualTo("http://nodeinfo.diaspora.software/ns/schema/2.1");
        assertThat(link.get("href").asString()).isEqualTo(origin.link("/nodeinfo/2.1"));
        assertThat(document).hasStatus(200);
        assertThat(document.getResponse().getContentType()).contains("nodeinfo.diaspora.software/ns/schema/2.1");
        JsonNode info = body(document);
        assertThat(info.get("version").asString()).isEqualTo("2.1");
        assertThat(info.get("software").get("name").asString()).isEqualTo("roost");
        assertThat(info.get("software").get("version").asString()).isNotBlank();
        assertThat(info.get("protocols").toString()).isEqualTo("[\"activitypub\"]");
        assertThat(info.get("openRegistrations").asBoolean()).isTrue();
        assertThat(info.get("usage").get("users").get("total").asLong()).isPositive();
        assertThat(info.get("usage").get("localPosts").asLong()).isPositive();
    }

    @Test
    void anActorIsAPersonWithOneKeyKeptAcrossReads() throws Exception {
        var pat = api().newUser("actor");
        assertThat(pat.apply(mvc.patch().uri("/api/v1/users/" + pat.userId())).contentType(MediaType.APPLICATION_JSON)
                .content("{\"bio\":\"Birds <script>alert(1)</script> & bread\"}").exchange()).hasStatus(200);
        String id = origin.link("/ap/users/" + pat.userId());

        MvcTestResult first = get("/ap/users/" + pat.userId(), ACTIVITY);
        MvcTestResult second = get("/ap/users/" + pat.userId(), LD);

        assertThat(first).hasStatus(200);
        assertThat(first.getResponse().getContentType()).isEqualTo(ACTIVITY);
        assertThat(MediaType.parseMediaType(second.getResponse().getContentType())).isEqualTo(MediaType.parseMediaType(LD));
        JsonNode person = body(first);
        assertThat(person.get("@context").toString())
                .isEqualTo("[\"https://www.w3.org/ns/activitystreams\",\"https://w3id.org/security/v1\"]");
        assertThat(person.get("id").asString()).isEqualTo(id);
        assertThat(person.get("type").asString()).isEqualTo("Person");
        assertThat(person.get("preferredUsername").asString()).isEqualTo(pat.username());
        assertThat(person.get("summary").asString()).isEqualTo("<p>Birds &lt;script&gt;alert(1)&lt;/script&gt; &amp; bread</p>");
        assertThat(person.get("url").asString()).isEqualTo(origin.link("/u/" + pat.username()));
        assertThat(person.get("inbox").asString()).isEqualTo(id + "/inbox");
        assertThat(person.get("outbox").asString()).isEqualTo(id + "/outbox");
        assertThat(person.get("followers").asString()).isEqualTo(id + "/followers");
        assertThat(person.get("following").asString()).isEqualTo(id + "/following");
        assertThat(person.get("endpoints").get("sharedInbox").asString()).isEqualTo(origin.link("/ap/inbox"));
        assertThat(person.has("icon")).as("no avatar, no icon").isFalse();
        JsonNode key = person.get("publicKey");
        assertThat(key.get("id").asString()).isEqualTo(id + "#main-key");
        assertThat(key.get("owner").asString()).isEqualTo(id);
        String pem = key.get("publicKeyPem").asString();
        assertThat(body(second).get("publicKey").get("publicKeyPem").asString()).as("the same key on every read").isEqualTo(pem);
        RSAPublicKey published = (RSAPublicKey) KeyFactory.getInstance("RSA")
                .generatePublic(new X509EncodedKeySpec(der(pem, "PUBLIC KEY")));
        assertThat(published.getModulus().bitLength()).isEqualTo(2048);
        String privatePem = jdbc.sql("SELECT private_key_pem FROM activitypub_keys WHERE user_id = :id")
                .param("id", pat.userId()).query(String.class).single();
        RSAPrivateCrtKey kept = (RSAPrivateCrtKey) KeyFactory.getInstance("RSA")
                .generatePrivate(new PKCS8EncodedKeySpec(der(privatePem, "PRIVATE KEY")));
        assertThat(kept.getModulus()).as("the kept private key is the published key's pair").isEqualTo(published.getModulus());
        assertThat(kept.getPublicExponent()).isEqualTo(BigInteger.valueOf(65537));
    }

    @Test
    void firstReadsRacingAllAnswerTheOneKeyThatIsKept() throws Exception {
        var pat = api().newUser("race");
        ExecutorService readers = Executors.newFixedThreadPool(4);
        try {
            List<Future<String>> reads = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                reads.add(readers.submit(() -> body(get("/ap/users/" + pat.userId(), ACTIVITY))
                        .get("publicKey").get("publicKeyPem").asString()));
            }
            Set<String> keys = new HashSet<>();
            for (Future<String> read : reads) {
                keys.add(read.get(60, TimeUnit.SECONDS));
            }

            assertThat(keys).hasSize(1);
            assertThat(jdbc.sql("SELECT public_key_pem FROM activitypub_keys WHERE user_id = :id")
                    .param("id", pat.userId()).query(String.class).single()).isEqualTo(keys.iterator().next());
        }
        finally {
            readers.shutdownNow();
        }
    }

    @Test
    void aBrowserIsSentToTheAppsPagesAndNoKeyIsMadeForIt() {
        var pat = api().newUser("browser");
        long post = api().createPost(pat, "Seen in a browser");
        String browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

        var actor = get("/ap/users/" + pat.userId(), browser);
        var note = get("/ap/posts/" + post, browser);

        assertThat(actor).hasStatus(302).hasHeader("Location", origin.link("/u/" + pat.username()));
        assertThat(actor).hasHeader("Vary", "Accept");
        assertThat(note).hasStatus(302).hasHeader("Location", origin.link("/u/" + pat.username() + "/posts/" + post));
        assertThat(jdbc.sql("SELECT COUNT(*) FROM activitypub_keys WHERE user_id = :id").param("id", pat.userId())
                .query(Long.class).single()).isZero();
        assertThat(get("/ap/users/" + pat.userId(), "*/*").getResponse().getContentType()).isEqualTo(ACTIVITY);
    }

    @Test
    void aReplyIsANoteWithItsParentItsMentionAndEscapedContent() throws Exception {
        var pat = api().newUser("author");
        var sam = api().newUser("mentioned");
        long parent = api().createPost(sam, "First");
        var created = pat.apply(mvc.post().uri("/api/v1/users/" + pat.userId() + "/posts"))
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"title\":\"Tea & <cake>\",\"body\":\"Agreed, @%s!\\nSecond line\",\"in_reply_to\":\"%d\"}"
                        .formatted(sam.username(), parent))
                .exchange();
        assertThat(created).hasStatus(201);
        long reply = body(created).get("id").asLong();

        MvcTestResult result = get("/ap/posts/" + reply, LD);

        assertThat(result).hasStatus(200);
        assertThat(MediaType.parseMediaType(result.getResponse().getContentType())).isEqualTo(MediaType.parseMediaType(LD));
        JsonNode note = body(result);
        assertThat(note.get("id").asString()).isEqualTo(origin.link("/ap/posts/" + reply));
        assertThat(note.get("type").asString()).isEqualTo("Note");
        assertThat(note.get("attributedTo").asString()).isEqualTo(origin.link("/ap/users/" + pat.userId()));
        assertThat(note.get("content").asString()).isEqualTo("<p><strong>Tea &amp; &lt;cake&gt;</strong></p><p>Agreed, @"
                + sam.username() + "!<br>Second line</p>");
        assertThat(note.get("inReplyTo").asString()).isEqualTo(origin.link("/ap/posts/" + parent));
        assertThat(note.get("to").toString()).isEqualTo("[\"https://www.w3.org/ns/activitystreams#Public\"]");
        assertThat(note.get("cc").get(0).asString()).isEqualTo(origin.link("/ap/users/" + pat.userId() + "/followers"));
        JsonNode mention = note.get("tag").get(0);
        assertThat(mention.get("type").asString()).isEqualTo("Mention");
        assertThat(mention.get("href").asString()).isEqualTo(origin.link("/ap/users/" + sam.userId()));
        assertThat(mention.get("name").asString()).isEqualTo("@" + sam.username() + "@" + host());
        assertThat(note.get("published").asString()).isNotBlank();
        assertThat(note.has("updated")).as("never edited").isFalse();
    }

    @Test
    void outboxAndFollowersArePagedOrderedCollections() throws Exception {
        var pat = api().newUser("outbox");
        var fan = api().newUser("fan");
        long older = api().createPost(pat, "Older");
        for (int i = 0; i < 20; i++) {
            api().createPost(pat, "Filler " + i);
        }
        long newer = api().createPost(pat, "Newer");
        assertThat(fan.apply(mvc.put().uri("/api/v1/users/" + pat.userId() + "/followers/" + fan.userId())).exchange())
                .hasStatus(204);
        String outbox = origin.link("/ap/users/" + pat.userId() + "/outbox");

        JsonNode collection = body(get("/ap/users/" + pat.userId() + "/outbox", ACTIVITY));
        JsonNode page = body(get("/ap/users/" + pat.userId() + "/outbox?page=true", ACTIVITY));
        JsonNode followers = body(get("/ap/users/" + pat.userId() + "/followers?page=true", ACTIVITY));
        JsonNode following = body(get("/ap/users/" + fan.userId() + "/following", ACTIVITY));

        assertThat(collection.get("type").asString()).isEqualTo("OrderedCollection");
        assertThat(collection.get("totalItems").asLong()).isEqualTo(22);
        assertThat(collection.get("first").asString()).isEqualTo(outbox + "?page=true");
        assertThat(page.get("type").asString()).isEqualTo("OrderedCollectionPage");
        assertThat(page.get("partOf").asString()).isEqualTo(outbox);
        JsonNode items = page.get("orderedItems");
        assertThat(items.size()).as("a page's worth").isEqualTo(20);
        assertThat(items.get(0).get("type").asString()).isEqualTo("Create");
        assertThat(items.get(0).get("id").asString()).isEqualTo(origin.link("/ap/posts/" + newer + "/activity"));
        assertThat(items.get(0).get("object").get("id").asString()).isEqualTo(origin.link("/ap/posts/" + newer));
        String next = page.get("next").asString();
        assertThat(next).startsWith(outbox + "?page=true&after=");
        JsonNode last = body(get(next.substring(origin.url().length()), ACTIVITY));
        assertThat(last.get("id").asString()).isEqualTo(next);
        assertThat(last.has("next")).as("the last page").isFalse();
        assertThat(last.get("orderedItems").size()).isEqualTo(2);
        assertThat(last.get("orderedItems").get(1).get("object").get("id").asString())
                .isEqualTo(origin.link("/ap/posts/" + older));
        assertThat(followers.get("totalItems").asLong()).isEqualTo(1);
        assertThat(followers.get("orderedItems").get(0).asString()).isEqualTo(origin.link("/ap/users/" + fan.userId()));
        assertThat(following.get("totalItems").asLong()).isEqualTo(1);
    }

    @Test
    void unknownActorsAndPostsAreNotFoundAndAnUnsignedDeliveryIsRefused() {
        var nobody = get("/ap/users/999999999", ACTIVITY);
        var notAnId = get("/ap/users/pat", ACTIVITY);
        var noPost = get("/ap/posts/999999999", ACTIVITY);
        var inbox = mvc.post().uri("/ap/inbox").contentType("application/activity+json").content("{}").exchange();

        for (var notFound : List.of(nobody, notAnId, noPost)) {
            assertThat(notFound).hasStatus(404).bodyJson().extractingPath("$.error.code").isEqualTo("NOT_FOUND");
        }
        assertThat(inbox).hasStatus(401).bodyJson().extractingPath("$.error.code").isEqualTo("UNAUTHENTICATED");
    }

    static byte[] der(String pem, String label) {
        assertThat(pem).startsWith("-----BEGIN " + label + "-----\n").endsWith("-----END " + label + "-----\n");
        return Base64.getMimeDecoder().decode(pem.replaceAll("-----[A-Z ]+-----", ""));
    }
}
