package org.roost.social.activitypub;

import java.net.URI;
import java.util.List;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/**
 * Content negotiation on every ActivityPub URL: the JSON-LD to a server, the app's page to a browser. Decided here
 * rather than by two handler methods with {@code produces}: a browser's {@code *}{@code /*} would match the JSON one
 * as well as the HTML one, and which Spring prefers would depend on its tie-breaking.
 */
enum Negotiation {

    /** {@code application/activity+json}, what Mastodon and most servers ask for; also for no preference at all. */
    ACTIVITY_JSON(MediaType.parseMediaType("application/activity+json")),
    /** {@code application/ld+json} with the ActivityStreams profile, the type the ActivityPub spec names. */
    LD_JSON(MediaType.parseMediaType("application/ld+json; profile=\"https://www.w3.org/ns/activitystreams\"")),
    /** A browser: redirected to the app's page for the same thing. */
    HTML(MediaType.TEXT_HTML);

    private static final MediaType ACTIVITY = MediaType.parseMediaType("application/activity+json");
    private static final MediaType LD = MediaType.parseMediaType("application/ld+json");
    private static final MediaType XHTML = MediaType.APPLICATION_XHTML_XML;

    private final MediaType type;

    Negotiation(MediaType type) {
        this.type = type;
    }

    /**
     * The kind with the highest quality the {@code Accept} header gives it; on a tie JSON-LD, since a server that
     * names ActivityStreams at all wants it. Nothing of ours named ({@code *}{@code /*}, {@code application/json},
     * no header, one that does not parse): the JSON-LD as {@code application/activity+json}.
     */
    static Negotiation of(@Nullable String accept) {
        List<MediaType> accepted;
        try {
            accepted = accept == null || accept.isBlank() ? List.of() : MediaType.parseMediaTypes(accept);
        }
        catch (InvalidMediaTypeException unreadable) {
            return ACTIVITY_JSON;
        }
        Negotiation best = null;
        double bestQuality = 0;
        for (MediaType type : accepted) {
            Negotiation kind = kindOf(type);
            double quality = type.getQualityValue();
            if (kind != null && (quality > bestQuality || (quality == bestQuality && best == HTML && kind != HTML))) {
                best = kind;
                bestQuality = quality;
            }
        }
        return best == null ? ACTIVITY_JSON : best;
    }

    private static @Nullable Negotiation kindOf(MediaType type) {
        if (type.isWildcardType() || type.isWildcardSubtype()) {
            return null;
        }
        if (type.equalsTypeAndSubtype(ACTIVITY)) {
            return ACTIVITY_JSON;
        }
        if (type.equalsTypeAndSubtype(LD)) {
            return LD_JSON;
        }
        return type.equalsTypeAndSubtype(MediaType.TEXT_HTML) || type.equalsTypeAndSubtype(XHTML) ? HTML : null;
    }

    /**
     * The document in the negotiated type, or for a browser a redirect to {@code page}; the document is made only when
     * it is answered (a browser's visit to an actor makes no key).
     */
    ResponseEntity<Object> answer(Supplier<?> document, String page) {
        if (this == HTML) {
            return ResponseEntity.status(HttpStatus.FOUND).location(URI.create(page))
                    .header(HttpHeaders.VARY, HttpHeaders.ACCEPT).build();
        }
        return ResponseEntity.ok().contentType(type).header(HttpHeaders.VARY, HttpHeaders.ACCEPT).body(document.get());
    }
}
