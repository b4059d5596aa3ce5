package org.roost.social.activitypub;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import org.jspecify.annotations.Nullable;

/**
 * The ActivityStreams 2.0 documents this service writes, as records. Every property name is spelled out because the
 * service's JSON is snake_case (application.yml) and ActivityStreams' is camelCase; absent values are left out, as
 * JSON-LD readers expect, rather than written as {@code null}.
 */
final class ActivityStreams {

    static final String CONTEXT = "https://www.w3.org/ns/activitystreams";
    static final String SECURITY = "https://w3id.org/security/v1";
    static final String PUBLIC = CONTEXT + "#Public";
    /** A top-level document's {@code @context}: the standard ones only (docs/activitypub.md). */
    static final List<String> CONTEXTS = List.of(CONTEXT, SECURITY);

    private ActivityStreams() {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({ "@context", "id", "type" })
    record Person(@JsonProperty("@context") List<String> context, @JsonProperty("id") String id,
            @JsonProperty("type") String type, @JsonProperty("preferredUsername") String preferredUsername,
            @JsonProperty("name") String name, @JsonProperty("summary") @Nullable String summary,
            @JsonProperty("icon") @Nullable Image icon, @JsonProperty("url") String url,
            @JsonProperty("inbox") String inbox, @JsonProperty("outbox") String outbox,
            @JsonProperty("followers") String followers, @JsonProperty("following") String following,
            @JsonProperty("endpoints") Endpoints endpoints, @JsonProperty("publicKey") PublicKey publicKey,
            @JsonProperty("manuallyApprovesFollowers") boolean manuallyApprovesFollowers,
            @JsonProperty("published") String published) {
    }

    record Image(@JsonProperty("type") String type, @JsonProperty("url") String url) {
    }

    record Endpoints(@JsonProperty("sharedInbox") String sharedInbox) {
    }

    record PublicKey(@JsonProperty("id") String id, @JsonProperty("owner") String owner,
            @JsonProperty("publicKeyPem") String publicKeyPem) {
    }

    /** A post; {@code context} only when it is the document itself, not inside an activity or a page. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({ "@context", "id", "type" })
    record Note(@JsonProperty("@context") @Nullable List<String> context, @JsonProperty("id") String id,
            @JsonProperty("type") String type, @JsonProperty("attributedTo") String attributedTo,
            @JsonProperty("content") String content, @JsonProperty("inReplyTo") @Nullable String inReplyTo,
            @JsonProperty("published") String published, @JsonProperty("updated") @Nullable String updated,
            @JsonProperty("url") String url, @JsonProperty("to") List<String> to, @JsonProperty("cc") List<String> cc,
            @JsonProperty("tag") List<Mention> tag) {
    }

    record Mention(@JsonProperty("type") String type, @JsonProperty("href") String href,
            @JsonProperty("name") String name) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({ "@context", "id", "type" })
    record Create(@JsonProperty("@context") @Nullable List<String> context, @JsonProperty("id") String id,
            @JsonProperty("type") String type, @JsonProperty("actor") String actor,
            @JsonProperty("published") String published, @JsonProperty("to") List<String> to,
            @JsonProperty("cc") List<String> cc, @JsonProperty("object") Note object) {
    }

    /** A collection's front: how many items and where its first page is; the items are on the pages. */
    @JsonPropertyOrder({ "@context", "id", "type" })
    record OrderedCollection(@JsonProperty("@context") List<String> context, @JsonProperty("id") String id,
            @JsonProperty("type") String type, @JsonProperty("totalItems") long totalItems,
            @JsonProperty("first") String first) {
    }

    /** One page, newest first; {@code next} only when there is a further page. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({ "@context", "id", "type" })
    record OrderedCollectionPage(@JsonProperty("@context") List<String> context, @JsonProperty("id") String id,
            @JsonProperty("type") String type, @JsonProperty("partOf") String partOf,
            @JsonProperty("totalItems") long totalItems, @JsonProperty("next") @Nullable String next,
            @JsonProperty("orderedItems") List<?> orderedItems) {
    }
}
