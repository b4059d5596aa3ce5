package org.roost.social.activitypub.signatures;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;
import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.ErrorCode;
import org.roost.social.activitypub.signatures.RemoteActors.RemoteKey;
import org.springframework.stereotype.Component;

/**
 * Who signed a request to the inbox (docs/activitypub.md, "The inbox"): a draft-cavage {@code rsa-sha256} signature
 * over at least {@code (request-target) host date digest}, a {@code Date} within 12 hours of now (the window
 * Mastodon allows, for clocks that drift), a {@code Digest} that is the body's SHA-256, and a key fetched from its
 * owner ({@link RemoteActors}), fetched once more when the cached one fails (the sender may have rotated it).
 * Anything else is {@code 401 UNAUTHENTICATED}: an unverified activity is never looked at.
 */
@Component
public class InboxSignatures {

    public static final Duration DATE_WINDOW = Duration.ofHours(12);

    private final RemoteActors remote;
    private final Clock clock;

    InboxSignatures(RemoteActors remote, Clock clock) {
        this.remote = remote;
        this.clock = clock;
    }

    /**
     * The key that signed the request, verified; throws 401 otherwise.
     *
     * @param target the request's path with its query, as {@code (request-target)} names it
     * @param header a request header by its lower-case name, or null when absent
     */
    public RemoteKey verify(String method, String target, Function<String, @Nullable String> header, byte[] body) {
        HttpSignatures.Parsed signature = HttpSignatures.parse(header.apply("signature"))
                .orElseThrow(() -> refused("The request carries no HTTP Signature (a Signature header) that could be read."));
        if (!signature.algorithm().equalsIgnoreCase("rsa-sha256") && !signature.algorithm().equalsIgnoreCase("hs2019")) {
            throw refused("The signature's algorithm must be rsa-sha256.");
        }
        if (!signature.headers().containsAll(HttpSignatures.REQUIRED)) {
            throw refused("The signature must cover " + String.join(" ", HttpSignatures.REQUIRED) + ".");
        }
        Instant date = HttpSignatures.parseHttpDate(header.apply("date"))
                .orElseThrow(() -> refused("The request's Date could not be read."));
        Instant now = clock.instant();
        if (date.isBefore(now.minus(DATE_WINDOW)) || date.isAfter(now.plus(DATE_WINDOW))) {
            throw refused("The request's Date is more than 12 hours from this server's time.");
        }
        if (!HttpSignatures.digestMatches(header.apply("digest"), body)) {
            throw refused("The request's Digest is not the SHA-256 of its body.");
        }
        String signed = HttpSignatures.signingString(signature.headers(), method, target, header)
                .orElseThrow(() -> refused("A header the signature covers is missing from the request."));
        RemoteKey key = remote.key(signature.keyId())
                .orElseThrow(() -> refused("The signature's key could not be fetched from its owner."));
        if (HttpSignatures.verify(key.key(), signed, signature.signature())) {
            return key;
        }
        Optional<RemoteKey> rotated = remote.refetchedKey(signature.keyId());
        if (rotated.isPresent() && HttpSignatures.verify(rotated.get().key(), signed, signature.signature())) {
            return rotated.get();
        }
        throw refused("The signature does not verify with its key.");
    }

    public static ApiException refused(String why) {
        return new ApiException(ErrorCode.UNAUTHENTICATED, why);
    }
}
