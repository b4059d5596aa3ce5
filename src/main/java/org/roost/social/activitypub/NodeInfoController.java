package org.roost.social.activitypub;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;
import org.roost.identity.user.UserService;
import org.roost.platform.origin.PublicOrigin;
import org.roost.social.post.PostService;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.info.BuildProperties;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * NodeInfo 2.1 (nodeinfo.diaspora.software): what software this is and how many people and posts it holds, which
 * fediverse directories and servers read. The counts are at most {@value #COUNTS_SECONDS} seconds old: counting
 * every post on each of a public, unauthenticated door's requests would make it a cheap way to load the database.
 */
@RestController
class NodeInfoController {

    static final String SCHEMA = "http://nodeinfo.diaspora.software/ns/schema/2.1";
    static final String PATH = "/nodeinfo/2.1";
    static final MediaType NODEINFO = MediaType.parseMediaType("application/json; profile=\"" + SCHEMA + "#\"");
    static final long COUNTS_SECONDS = 60;

    record Links(List<Link> links) {
    }

    record Link(String rel, String href) {
    }

    record NodeInfo(@JsonProperty("version") String version, @JsonProperty("software") Software software,
            @JsonProperty("protocols") List<String> protocols, @JsonProperty("services") Services services,
            @JsonProperty("openRegistrations") boolean openRegistrations, @JsonProperty("usage") Usage usage,
            @JsonProperty("metadata") Map<String, Object> metadata) {
    }

    record Software(@JsonProperty("name") String name, @JsonProperty("version") String version) {
    }

    record Services(@JsonProperty("inbound") List<String> inbound, @JsonProperty("outbound") List<String> outbound) {
    }

    record Usage(@JsonProperty("users") Users users, @JsonProperty("localPosts") long localPosts) {
    }

    record Users(@JsonProperty("total") long total) {
    }

    private record Counted(Usage usage, Instant at) {
    }

    private final FederationSwitch federation;
    private final PublicOrigin origin;
    private final UserService users;
    private final PostService posts;
    private final Clock clock;
    private final String version;
    private final AtomicReference<@Nullable Counted> counted = new AtomicReference<>();

    NodeInfoController(FederationSwitch federation, PublicOrigin origin, UserService users, PostService posts, Clock clock,
            ObjectProvider<BuildProperties> build) {
        this.federation = federation;
        this.origin = origin;
        this.users = users;
        this.posts = posts;
        this.clock = clock;
        this.version = version(build.getIfAvailable());
    }

    @GetMapping("/.well-known/nodeinfo")
    ResponseEntity<Links> discovery() {
        federation.requireEnabled();
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON)
                .body(new Links(List.of(new Link(SCHEMA, origin.link(PATH)))));
    }

    @GetMapping(PATH)
    ResponseEntity<NodeInfo> nodeInfo() {
        federation.requireEnabled();
        // sign-up is always open: POST /api/v1/users takes no credential (identity.user)
        return ResponseEntity.ok().contentType(NODEINFO).body(new NodeInfo("2.1",
                new Software("roost", version), List.of("activitypub"),
                new Services(List.of(), List.of()), true, usage(), Map.of()));
    }

    private Usage usage() {
        Instant now = clock.instant();
        Counted last = counted.get();
        if (last != null && Duration.between(last.at(), now).toSeconds() < COUNTS_SECONDS && !now.isBefore(last.at())) {
            return last.usage();
        }
        Usage usage = new Usage(new Users(users.count()), posts.count());
        counted.set(new Counted(usage, now));
        return usage;
    }

    /** The built jar's version (its build info or manifest); a build from the sources says so instead. */
    private static String version(@Nullable BuildProperties build) {
        if (build != null && build.getVersion() != null) {
            return build.getVersion();
        }
        String manifest = NodeInfoController.class.getPackage().getImplementationVersion();
        return manifest != null ? manifest : "0.0.0-development"; // still a SemVer, which some directories parse
    }
}
